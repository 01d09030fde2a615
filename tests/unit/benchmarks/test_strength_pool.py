"""The strength runs of many sessions add up to one verdict per game type (benchmarks/strength_pool.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.unit.benchmarks.scripts import load_script

strength_pool = load_script("strength_pool")


def run(seed: int, pairs: int, wins: float, game_type: str = "scopa", **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "game_type": game_type,
        "a": "hard",
        "b": "normal",
        "seed": seed,
        "pairs": pairs,
        "matches": 2 * pairs,
        "a_wins": wins,
        "a_win_rate": wins / (2 * pairs),
        "a_cpu_ms": {"median": 120.0, "p99": 200.0 + seed},
    }
    entry.update(extra)
    return entry


def test_runs_of_one_game_type_add_up_their_matches_and_wins() -> None:
    [scopa] = strength_pool.pool([run(72, 500, 640.5), run(73, 450, 590)])

    assert (scopa.pairs, scopa.matches, scopa.a_wins) == (950, 1900, 1230.5)
    assert scopa.seeds == [72, 73]
    assert scopa.interval == pytest.approx(strength_pool.wilson(1230.5, 1900))


def test_the_goal_is_met_only_with_the_bound_and_the_count() -> None:
    short, enough, weak = strength_pool.pool(
        [
            run(1, 999, 1400, "scopa"),
            run(2, 1000, 1300, "scopone_scientifico"),
            run(3, 1000, 1080, "tressette"),
        ]
    )

    assert short.verdict == "bound met, count not (999 of 1,000 pairs)"
    assert enough.verdict == "**met**"
    assert weak.verdict == "**not met**"  # 54 %: below 55 % whatever the count


def test_two_runs_of_one_seed_are_refused_as_the_same_deals_counted_twice() -> None:
    with pytest.raises(ValueError, match="seed 72"):
        strength_pool.pool([run(72, 10, 12), run(72, 10, 12)])


def test_a_run_that_does_not_say_its_seed_is_refused() -> None:
    entry = run(1, 10, 12)
    del entry["seed"]

    with pytest.raises(ValueError, match="seed"):
        strength_pool.pool([entry])


def test_a_report_without_its_wins_gives_them_back_from_its_rate() -> None:
    entry = run(5, 100, 134.5)
    del entry["a_wins"]
    entry["a_win_rate"] = 134.5 / 200 + 1e-12  # as a float written to JSON may come back

    [pooled] = strength_pool.pool([entry])

    assert pooled.a_wins == 134.5


def test_the_table_reads_every_run_kept_in_the_folder(tmp_path: Path) -> None:
    (tmp_path / "scopa-seed72.json").write_text(json.dumps([run(72, 600, 800)]))
    (tmp_path / "scopa-seed73.json").write_text(json.dumps([run(73, 500, 650)]))

    text = strength_pool.table(strength_pool.pool(strength_pool.runs(tmp_path)))

    assert "| scopa | hard vs normal | 72, 73 | 1,100 | 65.9 % [" in text
    assert "(1450 of 2,200)" in text
    assert text.rstrip().endswith("**met** |")


def test_the_runs_kept_in_the_repository_add_up_with_no_seed_counted_twice() -> None:
    kept = strength_pool.pool(strength_pool.runs(strength_pool.HERE))

    assert kept, "benchmarks/strength keeps the runs played so far"
    for each in kept:
        assert each.matches == 2 * each.pairs
        assert 0 <= each.a_wins <= each.matches
