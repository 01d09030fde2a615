"""What it costs a worker to take in a move another worker committed, by how it was announced.

Before issue 35 a move was announced with its whole envelope: a receiving worker decoded it and
loaded the engine state from it. Now a move or a timeout is announced by its log entry: the worker
takes the change again on the version it holds (``domain.steps.redo``). For one random match of
each game type this times both, per change, and gives the size of each announcement.

    python benchmarks/following_cost.py [--game-types briscola scopone_scientifico] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adapters.redis.codec import decode_logged, decode_session, encode_logged, encode_session
from domain import steps
from domain.live_game import LiveGame
from tests.unit.domain.played_matches import REGISTRY, play_match

REDONE = ("action", "deadline")


def measure(game_type: str, rounds: int) -> str:
    engine = REGISTRY.get(game_type)
    taken: list[tuple[LiveGame, Any, steps.Step]] = []
    play_match(engine, "ab" * 32, random.Random(1), leavers=0.0, each_step=lambda *seen: taken.append(seen))
    changes = [(b, s, st) for b, s, st in taken if st.logged is not None and st.logged.kind in REDONE]
    envelopes = [encode_session(step.session) for _, _, step in changes]
    entries = [encode_logged(step.logged) for _, _, step in changes if step.logged is not None]
    decoding, redoing = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        for envelope in envelopes:
            engine.load(decode_session(envelope).state or {})
        decoding.append((time.perf_counter() - start) / len(envelopes))
        start = time.perf_counter()
        for (before, state, _), entry in zip(changes, entries, strict=True):
            steps.redo(before, engine, state, decode_logged(entry))
        redoing.append((time.perf_counter() - start) / len(entries))
    return (
        f"| {game_type} | {len(changes)} | {1e6 * statistics.median(decoding):.0f} | "
        f"{1e6 * statistics.median(redoing):.0f} | {statistics.fmean(map(len, envelopes)):.0f} | "
        f"{statistics.fmean(map(len, entries)):.0f} |"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game-types", nargs="*", default=None)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    print(
        "| game type | changes | envelope decoded and loaded, µs | change redone, µs"
        " | envelope, bytes | log entry, bytes |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for game_type in args.game_types or list(REGISTRY.game_types):
        print(measure(game_type, args.rounds), flush=True)


if __name__ == "__main__":
    main()
