#!/usr/bin/env bash
# tavolo's benchmark suite in one command (not part of the test suite).
#   benchmarks/run.sh            the full run (about 30 minutes on a 2-core machine)
#   benchmarks/run.sh --quick    a few-minute smoke run with smaller numbers
# Any other flag goes to bench.py (see `benchmarks/.venv/bin/python benchmarks/bench.py --help`),
# e.g. --scenarios sweep realistic, --targets tavolo-redis peer, --product-dir DIR, --no-pin.
# Needs: python3 (3.11+), node + npm, taskset (util-linux), a Redis server on 127.0.0.1:6379
# (BENCH_REDIS_URL to change it). Only loopback traffic; every loop is bounded in count and time.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --upgrade pip
fi
# the project itself plus the load client's own needs; never added to the project's dependencies
mkdir -p "$here/results"
if ! "$venv/bin/pip" install --quiet -e "$here/.." 'python-socketio[asyncio_client]>=5.11,<6' 'uvloop>=0.19' \
    'orjson>=3.10' 'py-spy>=0.3.14' >"$here/results/pip-install.log" 2>&1; then
    cat "$here/results/pip-install.log" >&2
    exit 1
fi

(cd "$here/peer" && npm install --no-audit --no-fund --loglevel=error)

redis_url="${BENCH_REDIS_URL:-redis://127.0.0.1:6379/0}"
if ! "$venv/bin/python" -c "import redis, sys; redis.from_url(sys.argv[1]).ping()" "$redis_url" 2>/dev/null; then
    echo "run.sh: no Redis at $redis_url (start one, or set BENCH_REDIS_URL)" >&2
    exit 2
fi

# tens of thousands of sockets on both ends of the loopback
ulimit -n 200000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

cd "$here"
exec "$venv/bin/python" "$here/bench.py" "$@"
