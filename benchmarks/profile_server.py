"""Profile a server under the one-game and sweep loads with py-spy, and summarise.

    benchmarks/.venv/bin/python benchmarks/profile_server.py [--kind tavolo-memory] [--games 1 200]
        [--seconds 20] [--product-dir DIR]

(``--kind`` is any product or baseline target of ``bench.py``.) For each game count it starts the
server, drives the games without think time, records the server (all its processes, and with
``tavolo-affinity`` both servers) with ``py-spy record`` and writes
``results/profile-<kind>-<games>.svg`` (flame graph) and ``.txt`` (the collapsed
stacks' top frames by inclusive and by own share of the samples).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import loadclient as lc
import servers as sv
from bench import REDIS_URL, setup_process

HERE = Path(__file__).resolve().parent


def _frame(raw: str) -> str:
    """``func (path/file.py:123)`` -> ``func (path/file.py)``: one entry per function."""
    name, _, where = raw.partition(" (")
    return f"{name} ({where.rsplit(':', 1)[0]})" if where else raw


def summarise(collapsed: Path, top: int = 30) -> str:
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    total = 0
    for line in collapsed.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack:
            continue
        samples = int(count)
        frames = [_frame(f) for f in stack.split(";")]
        total += samples
        for frame in set(frames):
            inclusive[frame] += samples
        own[frames[-1]] += samples
    lines = [f"{total} samples"]
    lines.append("-- inclusive share")
    lines += [f"{100 * n / total:5.1f}%  {frame}" for frame, n in inclusive.most_common(top)]
    lines.append("-- own share")
    lines += [f"{100 * n / total:5.1f}%  {frame}" for frame, n in own.most_common(top)]
    return "\n".join(lines)


def start_recorders(spy: Path, pids: list[int], flags: list[str], out: Path) -> list[subprocess.Popen[bytes]]:
    """Samplers side by side (non-blocking): collapsed stacks of each server process (all its
    workers) for the summary, and an SVG of the first to look at."""
    jobs = [(pid, "raw", f"{out}-{index}.collapsed") for index, pid in enumerate(pids)]
    jobs.append((pids[0], "flamegraph", f"{out}.svg"))
    return [
        subprocess.Popen(
            [str(spy), "record", "--pid", str(pid), *flags, "--format", fmt, "-o", path],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for pid, fmt, path in jobs
    ]


def join_files(parts: list[Path], whole: Path) -> None:
    whole.write_text("".join(part.read_text() for part in parts if part.exists()))


async def profile(kind: str, games_count: int, seconds: float, product_dir: Path) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="tavolo-profile-"))
    launcher = sv.Launcher(workdir, "1", REDIS_URL, f"tavolo-profile-{time.time_ns()}", 1550, product_dir)
    server = await asyncio.to_thread(launcher.start, kind)
    base = f"http://127.0.0.1:{server.port}"
    sockets = [f"ws://127.0.0.1:{port}" for port in server.ports]
    target: lc.Target = (
        lc.TavoloTarget(base, ws_bases=sockets) if kind.startswith("tavolo") else lc.BaselineTarget(base)
    )
    games: list[lc.Game] = []
    out = HERE / "results" / f"profile-{kind}-{games_count}"
    try:
        await target.setup()
        games = [await target.create_game() for _ in range(games_count)]
        for first in range(0, len(games), 16):  # a few at a time, as bench.py does
            await asyncio.gather(*(target.connect(g) for g in games[first : first + 16]))
        spy = HERE / ".venv" / "bin" / "py-spy"
        flags = ["--subprocesses", "--duration", str(int(seconds)), "--rate", "200", "--nonblocking"]
        flags += ["--native"] if os.environ.get("PROFILE_NATIVE") else []
        pids = [server.pid, *(partner.pid for partner in server.partners)]
        recorders = await asyncio.to_thread(start_recorders, spy, pids, flags, out)
        stop_at = time.perf_counter() + seconds + 1
        target.stats.window = (time.perf_counter(), stop_at)
        rng = random.Random(1)
        await asyncio.gather(*(lc.drive(target, g, random.Random(rng.random()), 0.0, stop_at) for g in games))
        for recorder in recorders:
            await asyncio.to_thread(recorder.wait, 60)
        moves = target.stats.moves
        parts = [Path(f"{out}-{index}.collapsed") for index in range(len(pids))]
        await asyncio.to_thread(join_files, parts, Path(f"{out}.collapsed"))
        summary = summarise(Path(f"{out}.collapsed"))
        header = f"{kind}, {games_count} games, {moves} moves in {seconds:.0f} s\n"
        await asyncio.to_thread(Path(f"{out}.txt").write_text, header + summary + "\n")
        print(header + summary)
    finally:
        for game in games:
            await target.close_game(game)
        await target.close()
        await asyncio.to_thread(server.stop)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    kinds = ["tavolo-memory", "tavolo-redis", "tavolo-affinity", "baseline"]
    parser.add_argument("--kind", default="tavolo-memory", choices=kinds)
    parser.add_argument("--games", type=int, nargs="+", default=[1, 200])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--product-dir", type=Path, default=HERE.parent)
    args = parser.parse_args()
    setup_process(True)
    for count in args.games:
        asyncio.run(profile(args.kind, count, args.seconds, args.product_dir.resolve()))
    sys.exit(0)


if __name__ == "__main__":
    main()
