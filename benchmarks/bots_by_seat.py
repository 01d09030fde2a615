"""How strong a level is in a game where sides change every deal: one seat of A among B, by seat.

``bots.py`` splits the seats between the two levels, which in briscola chiamata puts A and B
players on the same side of most deals (the caller and the called partner are anyone): each
level's result is then partly the other's. Here every seeded deal is played once with B at every
seat, and once more for each seat with A at that seat alone; A's points at the seat are set beside
B's at the same seat on the same deal, so the cards, the other players and the seat are the same
and only the one player differs (duplicate by seat, as in duplicate bridge). A comparison is won
when A scored more than B did there, lost when less, and half when the same; the report gives the
win rate with its Wilson 95 % interval, the mean points per match of A and of B at the seat, and
A's CPU per decision.

    python benchmarks/bots_by_seat.py --a hard --b normal --deals 100 --game-type briscola_chiamata
        [--seconds 1800] [--jobs 2] [--seed 31] [--json OUT]

``--json`` also writes the raw counts (wins counting a tie as half, ties, comparisons) and every
seat's pair of points, so runs on different seeds pool exactly rather than from rounded rates.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bots import Tally, percentile, play, wilson

from domain.engine import MatchResult
from entrypoints.game_packages import installed_registry


def points_at(result: MatchResult, seat: int) -> float:
    return float(next(player.points for player in result.players if player.seat == seat))


def one_deal(work: tuple[str, str, str, str]) -> tuple[list[tuple[float, float]], list[float]]:
    """For one deal's ``seed``: (A's points, B's points) at each seat, and A's CPU per decision."""
    game_type, level_a, level_b, seed = work
    registry = installed_registry()
    engine = registry.get(game_type)
    a, b = registry.computer_player(game_type, level_a), registry.computer_player(game_type, level_b)
    tally = Tally()
    everyone_b = play(engine, {seat: ("b", b) for seat in range(engine.seats)}, seed, tally)
    compared = []
    for seat in range(engine.seats):
        players = {each: ("b", b) for each in range(engine.seats)} | {seat: ("a", a)}
        with_a = play(engine, players, seed, tally)
        compared.append((points_at(with_a, seat), points_at(everyone_b, seat)))
    return compared, tally.cpu["a"]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--game-type", default="briscola_chiamata")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--seconds", type=float, default=None, help="start no deal after this long")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None, help="write the raw counts here")
    args = parser.parse_args(argv)
    seeds = [random.Random(args.seed * 1_000_003 + n).randbytes(32).hex() for n in range(args.deals)]
    stop_at = None if args.seconds is None else time.monotonic() + args.seconds
    comparisons: list[tuple[float, float]] = []
    cpu: list[float] = []
    deals = 0
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        waiting = iter(seeds)
        running = {
            pool.submit(one_deal, (args.game_type, args.a, args.b, seed))
            for seed in itertools.islice(waiting, max(1, args.jobs))
        }
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                compared, spent = future.result()
                comparisons += compared
                cpu += spent
                deals += 1
                seed = next(waiting, None) if stop_at is None or time.monotonic() < stop_at else None
                if seed is not None:
                    running.add(pool.submit(one_deal, (args.game_type, args.a, args.b, seed)))
    wins = sum(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0 for mine, theirs in comparisons)
    same = sum(1 for mine, theirs in comparisons if mine == theirs)
    low, high = wilson(wins, len(comparisons))
    print(
        "| game type | levels | deals | seat comparisons (same result) | A wins [Wilson 95 %] "
        "| mean points at the seat A / B | A CPU ms median / p99 |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    print(
        f"| {args.game_type} | {args.a} vs {args.b} | {deals} | {len(comparisons)} ({same}) | "
        f"{100 * wins / len(comparisons):.1f} % [{100 * low:.1f}, {100 * high:.1f}] | "
        f"{statistics.fmean(mine for mine, _ in comparisons):.2f} / "
        f"{statistics.fmean(theirs for _, theirs in comparisons):.2f} | "
        f"{1000 * statistics.median(cpu):.1f} / {1000 * percentile(cpu, 0.99):.1f} |"
    )
    if args.json:
        raw = {
            "game_type": args.game_type,
            "levels": [args.a, args.b],
            "seed": args.seed,
            "deals": deals,
            "comparisons": len(comparisons),
            "wins": wins,
            "same": same,
            "points_at_seat": comparisons,
            "cpu_seconds": cpu,
        }
        args.json.write_text(json.dumps(raw))


if __name__ == "__main__":
    main()
