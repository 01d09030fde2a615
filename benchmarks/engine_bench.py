"""Engine micro-benchmark: legal-move enumeration plus apply, per game type.

It imports the domain engines directly (no server, no I/O). One timed step is
``engine.view(state, seat)["legal_moves"]`` then ``engine.apply`` of a random legal
move. A second figure times what the server does around the engine on every move:
``load`` + ``apply`` + ``dump`` + one ``view`` per seat. Median microseconds.
Run alone: ``python engine_bench.py [--product-dir DIR] [--steps N] [--profile OUT]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def _action(move: Any) -> dict[str, Any]:
    if isinstance(move, str):
        return {"action": "play", "card": move}
    if "action" in move:
        return dict(move)
    captures = move.get("captures") or []
    return {"action": "play", "card": move["card"], "capture": captures[0] if captures else []}


def bench_engine(engine: Any, steps: int, seed: int = 7) -> dict[str, Any]:
    from domain.engine import Timeouts

    rng = random.Random(seed)
    now = 1_000_000.0
    state = engine.start({}, Timeouts(), now, random.Random(seed)).state
    core: list[float] = []
    full: list[float] = []
    matches = 1
    perf = time.perf_counter
    while len(core) < steps:
        if engine.is_over(state):
            matches += 1
            state = engine.start({}, Timeouts(), now, random.Random(seed + matches)).state
            continue
        seat = engine.turn(state)
        if seat is None:  # between hands: everyone acknowledges (not timed)
            for other in range(engine.seats):
                try:
                    state = engine.apply(state, other, {"action": "ack"}, now, rng).state
                except Exception:
                    break
            else:
                continue
            if engine.turn(state) is None and not engine.is_over(state):
                for deadline in engine.deadlines(state):
                    state = engine.fire(state, deadline.token, now, rng).state
            continue
        t0 = perf()
        moves = engine.view(state, seat)["legal_moves"]
        move = rng.choice(moves)
        outcome = engine.apply(state, seat, _action(move), now, rng)
        t1 = perf()
        core.append(t1 - t0)
        # what the server's move path does with the engine: load, apply, dump, a view per seat
        blob = engine.dump(state)
        t2 = perf()
        loaded = engine.load(blob)
        after = engine.apply(loaded, seat, _action(move), now, random.Random(1)).state
        engine.dump(after)
        for viewer in range(engine.seats):
            engine.view(after, viewer)
        full.append(perf() - t2)
        state = outcome.state
        now += 1.0
    return {
        "game_type": engine.game_type,
        "steps": len(core),
        "matches": matches,
        "legal_plus_apply_median_us": round(statistics.median(core) * 1e6, 1),
        "legal_plus_apply_p99_us": round(sorted(core)[int(0.99 * len(core))] * 1e6, 1),
        "server_engine_path_median_us": round(statistics.median(full) * 1e6, 1),
    }


def run(product_dir: Path, steps: int) -> list[dict[str, Any]]:
    sys.path.insert(0, str(product_dir))
    from entrypoints.game_packages import installed_registry

    return [bench_engine(engine, steps) for engine in installed_registry()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--product-dir", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--steps", type=int, default=5000)
    parser.add_argument("--profile", help="write a cProfile of the run to this .prof file and print the top")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        results = profiler.runcall(run, args.product_dir, args.steps)
        profiler.dump_stats(args.profile)
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)
    else:
        results = run(args.product_dir, args.steps)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
