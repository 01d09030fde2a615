"""What a script call costs a worker's CPU on Redis, sent one by one or batched per loop turn.

``adapters.redis.script_batches`` sends the commit scripts one turn of a worker's event loop asks for
as one pipeline. For ``k`` calls made at once (``k`` sockets' moves woken in one turn), this times
the calling process's CPU per call both ways, on uvloop, the lowest of three passes: a script shaped
like the commit (read the game, write a ~2 KB envelope, append a log entry, publish it).

    python benchmarks/commit_batches.py [--redis redis://127.0.0.1:6379/0] [--calls 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import uvloop

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adapters.redis.connection import connect
from adapters.redis.script_batches import ScriptBatches

SCRIPT = """
redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'PX', 60000)
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('PEXPIRE', KEYS[2], 60000)
redis.call('PUBLISH', KEYS[1], ARGV[2])
return 1
"""
ENVELOPE, ENTRY = "e" * 2000, "l" * 100
AT_ONCE = (1, 2, 4, 8, 16)


async def cpu_per_call(
    call: Callable[[list[str]], Awaitable[object]], keys: list[list[str]], rounds: int
) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        for _ in range(rounds):
            await asyncio.gather(*(call(pair) for pair in keys))
        best = min(best, (time.process_time() - started) / (rounds * len(keys)))
    return best


async def measure(url: str, at_once: int, calls: int) -> tuple[float, float]:
    client = connect(url, client_name="tavolo-bench-batches")
    script = client.register_script(SCRIPT)
    batches = ScriptBatches(client, script)
    prefix = f"tavolo-bench-batches-{uuid.uuid4().hex}"
    keys = [[f"{prefix}:{n}", f"{prefix}:{n}:log"] for n in range(at_once)]
    try:
        await script(keys=keys[0], args=[ENVELOPE, ENTRY])
        rounds = max(100, calls // at_once)
        apart = await cpu_per_call(lambda pair: script(keys=pair, args=[ENVELOPE, ENTRY]), keys, rounds)
        batched = await cpu_per_call(lambda pair: batches(keys=pair, args=[ENVELOPE, ENTRY]), keys, rounds)
    finally:
        await client.delete(*(key for pair in keys for key in pair))
        await client.aclose()
    return apart, batched


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--calls", type=int, default=2000, help="calls per pass")
    args = parser.parse_args(argv)
    print("| calls at once | one by one, µs CPU per call | batched | change |")
    print("|---:|---:|---:|---:|")
    for at_once in AT_ONCE:
        apart, batched = uvloop.run(measure(args.redis, at_once, args.calls))
        print(f"| {at_once} | {apart * 1e6:.1f} | {batched * 1e6:.1f} | {batched / apart - 1:+.0%} |")


if __name__ == "__main__":
    main()
