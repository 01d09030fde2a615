"""The normal bots beat the easy ones, over a few hundred fixed-seed matches per game type.

Two sides (every game but chiamata): the normal seats form one side — seat 0 or 1 in
two-player games, seats 0/2 or 1/3 with four — and the side alternates with the seed to
cancel the first-move advantage. The figure is the share of matches the normal side wins.

Briscola chiamata has no fixed sides, so the figure is per seat: two or three seats
(alternating with the seed, drawn by the seed) play normal, the rest easy, and each
match compares every normal seat with every easy seat that finished on the other side
(one won, the other lost): the figure is the share of those head-to-head pairings the
normal seat won. The per-seat win rates of both levels are printed beside it.
"""

from __future__ import annotations

import random
import time

import pytest

from domain.bots import Level
from tests.unit.bots.simulate import Tally, engine_for, play_match, record, strategies

THRESHOLD = 0.65

TWO_SIDED = [
    ("scopa", 300, {"target_score": 11}),
    ("scopa_a_quattro", 300, {"target_score": 11}),
    ("scopone_scientifico", 300, {"target_score": 11}),
    ("briscola", 400, {"target_score": 61}),
    ("briscola_a_quattro", 400, {"target_score": 61}),
]


def side_levels(seats: int, seed: int) -> list[Level]:
    """Normal on the even seats for an even seed, on the odd seats for an odd one."""
    return ["normal" if (seat + seed) % 2 == 0 else "easy" for seat in range(seats)]


@pytest.mark.parametrize(("game_type", "matches", "options"), TWO_SIDED)
def test_normal_side_beats_easy_side(game_type: str, matches: int, options: dict[str, int]) -> None:
    engine = engine_for(game_type)
    tally = Tally.empty()
    started = time.perf_counter()
    for seed in range(matches):
        levels = side_levels(engine.seats, seed)
        record(tally, play_match(engine, strategies(game_type, levels), seed, options), levels)
    share = tally.normal_side_wins / tally.matches
    figures = (
        f"{game_type}: normal side won {tally.normal_side_wins}/{tally.matches} matches = {share:.1%} "
        f"(options {options}, {time.perf_counter() - started:.1f}s)"
    )
    print(figures)
    assert share >= THRESHOLD, figures


def chiamata_levels(seed: int) -> list[Level]:
    """Two normal seats for an even seed, three for an odd one, placed by the seed."""
    normal = set(random.Random(seed).sample(range(5), 2 + seed % 2))
    return ["normal" if seat in normal else "easy" for seat in range(5)]


def test_normal_seats_beat_easy_seats_in_chiamata() -> None:
    engine = engine_for("briscola_chiamata")
    tally = Tally.empty()
    normal_ahead = easy_ahead = 0
    started = time.perf_counter()
    matches = 600
    for seed in range(matches):
        levels = chiamata_levels(seed)
        result = play_match(engine, strategies("briscola_chiamata", levels), seed)
        record(tally, result, levels)
        won = {player.seat: player.won for player in result.players}
        for normal in (s for s, level in enumerate(levels) if level == "normal"):
            for easy in (s for s, level in enumerate(levels) if level == "easy"):
                if won[normal] and not won[easy]:
                    normal_ahead += 1
                elif won[easy] and not won[normal]:
                    easy_ahead += 1
    share = normal_ahead / (normal_ahead + easy_ahead)
    figures = (
        f"briscola_chiamata: normal seat ahead in {normal_ahead}/{normal_ahead + easy_ahead} "
        f"split normal-vs-easy pairings = {share:.1%}; per-seat win rate normal "
        f"{tally.rate('normal'):.1%} ({tally.wins['normal']}/{tally.seats['normal']}) vs easy "
        f"{tally.rate('easy'):.1%} ({tally.wins['easy']}/{tally.seats['easy']}), rate share "
        f"{tally.normal_share:.1%}; {matches} matches ({time.perf_counter() - started:.1f}s)"
    )
    print(figures)
    assert share >= THRESHOLD, figures
    assert tally.rate("normal") > tally.rate("easy"), figures
