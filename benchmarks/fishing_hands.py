"""How much a computer player level gains on another per hand of a fishing game, on duplicate deals.

A match of scopone costs a hard player 20-80 s of CPU, so ``bots.py``'s match win rate needs hours
to tell two close versions apart. One hand says more per second: each seeded deal is played as one
hand twice, sides swapped (level A on the first side, then level B), and the report gives A's mean
lead in the hand's points per pair with its standard error, and A's share of hands won (a hand
drawn counts half). Every seat decides from its own view and the events it saw, as in the server.

    python benchmarks/fishing_hands.py --a hard --b normal --pairs 40 [--game-type scopa] [--jobs 2]

``--jobs`` splits the pairs over that many processes (the same pairs whatever the count).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bots import Tally, states

from domain.bots import Strategy
from domain.engine import GameEngine
from domain.games.fishing.config import SIDES
from entrypoints.game_packages import installed_registry


def one_hand(engine: GameEngine, players: Mapping[int, tuple[str, Strategy]], seed: str) -> dict[str, int]:
    """The first hand from ``seed``, played to its end: each side's points."""
    for state in states(engine, players, seed, Tally()):
        if state.phase != "playing":
            return {label: int(state.last_hand["sides"][label]["total"]) for label in SIDES}
    raise AssertionError("the hand did not end")


def pairs_of(work: tuple[str, str, str, Sequence[int], int]) -> list[tuple[float, float]]:
    """A's lead and hands won (0-2) for each pair numbered in ``work``."""
    game_type, level_a, level_b, numbers, base = work
    registry = installed_registry()
    engine = registry.get(game_type)
    a, b = registry.computer_player(game_type, level_a), registry.computer_player(game_type, level_b)
    sides = [{0, 2}, {1, 3}] if engine.seats == 4 else [{0}, {1}]
    results = []
    for pair in numbers:
        seed = random.Random(base * 1_000_003 + pair).randbytes(32).hex()
        lead = won = 0.0
        for a_side in (0, 1):
            players = {seat: ("a", a) for seat in sides[a_side]} | {
                seat: ("b", b) for seat in sides[1 - a_side]
            }
            points = one_hand(engine, players, seed)
            mine, theirs = points[SIDES[a_side]], points[SIDES[1 - a_side]]
            lead += (mine - theirs) / 2
            won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        results.append((lead, won))
    return results


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--game-type", default="scopone_scientifico")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = max(1, args.jobs)
    work = [(args.game_type, args.a, args.b, range(job, args.pairs, jobs), args.seed) for job in range(jobs)]
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = [result for chunk in pool.map(pairs_of, work) for result in chunk]
    leads = [lead for lead, _ in results]
    spread = statistics.stdev(leads) / math.sqrt(len(leads)) if len(leads) > 1 else float("nan")
    won = sum(hands for _, hands in results) / (2 * len(results))
    print(
        f"{args.game_type}: {args.a} vs {args.b}, {len(results)} pairs of hands: "
        f"A's mean lead {statistics.fmean(leads):+.2f} ± {spread:.2f} points a hand, "
        f"A won {won:.1%} of hands ({time.monotonic() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
