"""The fit of who wins rubamazzo from the lead at a round's end (benchmarks/round_end_lead.py)."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pytest

from tests.unit.benchmarks.scripts import load_script

RUBAMAZZO = str(Path(__file__).resolve().parents[3] / "examples" / "rubamazzo")  # as its own tests load it
round_end_lead = load_script("round_end_lead")


def test_the_fit_finds_the_scale_and_bias_the_wins_were_drawn_with() -> None:
    rng = random.Random(3)
    points = []
    for _ in range(20_000):
        lead = rng.uniform(-20.0, 20.0)
        chance = 1.0 / (1.0 + math.exp(-(lead / 8.0 - 0.5)))
        points.append((lead, 1.0 if rng.random() < chance else 0.0))
    slope, bias = round_end_lead.fit(points)
    assert 1.0 / slope == pytest.approx(8.0, rel=0.1)
    assert bias == pytest.approx(-0.5, abs=0.1)
    assert round_end_lead.log_likelihood(points, slope, bias) > round_end_lead.base_rate(points)


def test_a_two_player_match_gives_each_seat_a_point_at_every_deal_after_the_first() -> None:
    if RUBAMAZZO not in sys.path:
        sys.path.insert(0, RUBAMAZZO)
    found = round_end_lead.rows("rubamazzo", 4, 7, 4.0)
    stocks = [row["stock"] for row in found]
    assert stocks[:5] == [24, 18, 12, 6, 0]  # 36 cards after the table, six a round
    for row in found:
        assert row["points"] % 2 == 0 and row["points"] >= 8  # both seats, at least once a match
        assert row["fitted"] >= row["base_rate"] - 1e-9


def test_the_base_rate_of_points_all_won_or_all_lost_is_a_number() -> None:
    assert round_end_lead.base_rate([(1.0, 1.0), (-2.0, 1.0)]) == pytest.approx(0.0, abs=1e-6)
    assert round_end_lead.base_rate([(1.0, 0.0)]) == pytest.approx(0.0, abs=1e-6)
