"""What a rubamazzo seat's lead at a round's end says about who wins the match: a fit on self-play.

Rubamazzo's ``hard`` stops each playout when the next round is dealt and scores it by the seat's lead
in expected cards over its strongest rival (``expected_piles``) through a logistic of scale
``LEAD_SCALE``. This plays ``normal`` against itself, and at every deal after a hand's first records
each seat's lead as the search would see it in the true state, and whether that seat won the match.
For each size of stock left it fits P(win) = 1 / (1 + exp(-(lead / scale + bias))) by Newton's method,
and gives the mean log-likelihood of the fit, of the served scale (no bias) and of the base rate (every
seat the same chance: -0.693 at two players): how much the lead tells, and how far the served
logistic is from it.

    python benchmarks/round_end_lead.py [--game-types rubamazzo rubamazzo_a_tre] [--matches 20000] [--seed 7]

``examples/rubamazzo`` must be installed, or its folder on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bots import Tally, states

GAME_TYPES = ("rubamazzo", "rubamazzo_a_tre", "rubamazzo_a_quattro")
NEWTON_STEPS = 50

Point = tuple[float, float]
"""A seat's lead in expected cards at a deal, and 1 if that seat won the match, else 0."""


def leads(game_type: str, matches: int, seed: int) -> dict[int, list[Point]]:
    """Each seat's lead at every deal after a hand's first, by the stock left after the deal."""
    from tavolo_rubamazzo.package import PACKAGE  # installed, or its folder on the path
    from tavolo_rubamazzo.search import expected_piles

    (variant,) = (each for each in PACKAGE.variants if each.engine.game_type == game_type)
    engine, normal = variant.engine, variant.computer_players["normal"]
    players = {seat: ("a", normal) for seat in range(engine.seats)}
    points: dict[int, list[Point]] = defaultdict(list)
    for match in range(matches):
        match_seed = random.Random(seed * 1_000_003 + match).randbytes(32).hex()
        dealt: list[tuple[int, list[float]]] = []
        before: Any = None
        last: Any = None
        for state in states(engine, players, match_seed, Tally()):
            if (
                before is not None
                and state.phase == "playing"
                and before.phase == "playing"
                and state.hand_number == before.hand_number
                and len(state.deck) < len(before.deck)
            ):
                dealt.append((len(state.deck), expected_piles(state)))
            before = last = state
        for stock, expected in dealt:
            for seat, mine in enumerate(expected):
                rival = max(cards for other, cards in enumerate(expected) if other != seat)
                points[stock].append((mine - rival, 1.0 if last.winner == seat else 0.0))
    return points


def log_likelihood(points: Sequence[Point], slope: float, bias: float) -> float:
    """The mean log-likelihood of the points under P(win) = logistic(slope * lead + bias)."""
    total = 0.0
    for lead, won in points:
        p = 1.0 / (1.0 + math.exp(-(slope * lead + bias)))
        total += math.log(max(1e-12, p if won else 1.0 - p))
    return total / len(points)


def base_rate(points: Sequence[Point]) -> float:
    """The mean log-likelihood of the points with every seat given the same chance, the share won."""
    share = min(max(sum(won for _, won in points) / len(points), 1e-9), 1.0 - 1e-9)  # all won, or none
    return log_likelihood(points, 0.0, math.log(share / (1.0 - share)))


def fit(points: Sequence[Point]) -> tuple[float, float]:
    """The slope and bias of the logistic that fits the points best (Newton's method)."""
    slope, bias = 0.1, 0.0
    for _ in range(NEWTON_STEPS):
        g_slope = g_bias = h_ss = h_sb = h_bb = 0.0
        for lead, won in points:
            p = 1.0 / (1.0 + math.exp(-(slope * lead + bias)))
            g_slope += (won - p) * lead
            g_bias += won - p
            weight = p * (1.0 - p)
            h_ss += weight * lead * lead
            h_sb += weight * lead
            h_bb += weight
        det = h_ss * h_bb - h_sb * h_sb
        if det <= 0:
            break
        slope += (h_bb * g_slope - h_sb * g_bias) / det
        bias += (h_ss * g_bias - h_sb * g_slope) / det
    return slope, bias


def rows(game_type: str, matches: int, seed: int, served_scale: float) -> list[dict[str, Any]]:
    found = []
    for stock, points in sorted(leads(game_type, matches, seed).items(), reverse=True):
        slope, bias = fit(points)
        found.append(
            {
                "game_type": game_type,
                "stock": stock,
                "points": len(points),
                "scale": 1.0 / slope if slope else math.inf,
                "bias": bias,
                "fitted": log_likelihood(points, slope, bias),
                "served": log_likelihood(points, 1.0 / served_scale, 0.0),
                "base_rate": base_rate(points),
            }
        )
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game-types", nargs="+", default=list(GAME_TYPES))
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    from tavolo_rubamazzo.search import LEAD_SCALE

    print(
        "| game type | stock after the deal | seats' points | fitted scale | bias | log-likelihood: fitted "
        f"| served (scale {LEAD_SCALE:g}) | base rate |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for game_type in args.game_types:
        for row in rows(game_type, args.matches, args.seed, LEAD_SCALE):
            print(
                f"| {row['game_type']} | {row['stock']} | {row['points']:,} | {row['scale']:.1f} "
                f"| {row['bias']:+.2f} | {row['fitted']:.3f} | {row['served']:.3f} | {row['base_rate']:.3f} |"
            )


if __name__ == "__main__":
    main()
