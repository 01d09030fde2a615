"""A strength run stopped early keeps the pairs it finished (benchmarks/bots.py --json)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from entrypoints.game_packages import installed_registry
from tests.unit.benchmarks.scripts import load_script

bots = load_script("bots")
strength_pool = load_script("strength_pool")


class Stopped(Exception):
    """The run stopped from outside, as a kill would stop it."""


def test_a_stopped_run_leaves_the_report_of_the_pairs_it_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "briscola-seed5.json"
    finished: list[int] = []
    duel = bots.duel

    def stopped_after_two(*args: Any) -> Any:
        game_type, a, b, pairs, base, seconds, keep, as_served = args

        def then_stop(tally: Any) -> None:
            keep(tally)
            finished.append(tally.matches // 2)
            if len(finished) == 2:
                raise Stopped

        return duel(game_type, a, b, pairs, base, seconds, then_stop, as_served)

    monkeypatch.setattr(bots, "duel", stopped_after_two)
    with pytest.raises(Stopped):
        bots.measured(("briscola", "normal", "easy", 10, 5, None, out, False))

    [kept] = json.loads(bots.partial_path(out, "briscola").read_text())
    assert not out.exists()
    assert (kept["game_type"], kept["seed"], kept["pairs"], kept["matches"]) == ("briscola", 5, 2, 4)
    assert 0 <= kept["a_wins"] <= 4
    assert kept["a_cpu_ms"]["decisions"] > 0


def test_a_whole_run_writes_its_report_and_removes_the_one_kept_along_the_way(
    tmp_path: Path,
) -> None:
    out = tmp_path / "briscola-seed6.json"
    bots.main(
        [
            "--a",
            "normal",
            "--b",
            "easy",
            "--pairs",
            "3",
            "--seed",
            "6",
            "--game-types",
            "briscola",
            "--json",
            str(out),
        ]
    )

    [written] = json.loads(out.read_text())
    assert (written["pairs"], written["seed"]) == (3, 6)
    assert not bots.partial_path(out, "briscola").exists()
    assert sorted(path.name for path in tmp_path.iterdir()) == [out.name]


def test_a_partial_report_renamed_to_json_adds_up_with_the_other_runs(tmp_path: Path) -> None:
    out = tmp_path / "briscola-seed7.json"
    report = bots.measured(("briscola", "normal", "easy", 2, 7, None, out, False))
    bots.partial_path(out, "briscola").rename(out)
    (tmp_path / "briscola-seed8.json").write_text(json.dumps([{**report, "seed": 8}]))

    [pooled] = strength_pool.pool(strength_pool.runs(tmp_path))

    assert (pooled.game_type, pooled.pairs, sorted(pooled.seeds)) == ("briscola", 4, [7, 8])
    assert pooled.a_wins == 2 * report["a_wins"]


class Recording:
    """A strategy that keeps the events it was given and plays the first legal move."""

    def __init__(self) -> None:
        self.given: list[tuple[Any, ...]] = []

    def decide(self, view: Any, rng: random.Random, seen: Any = ()) -> Any:
        self.given.append(tuple(seen))
        return view["legal_moves"][0]


def test_as_served_only_the_levels_that_think_away_are_given_the_events_their_seat_saw() -> None:
    registry = installed_registry()
    assert isinstance(bots.player(registry, "briscola", "normal", as_served=True), bots.FromTheView)
    assert isinstance(bots.player(registry, "scopa", "easy", as_served=True), bots.FromTheView)
    assert not isinstance(bots.player(registry, "scopa", "normal", as_served=True), bots.FromTheView)
    assert not isinstance(bots.player(registry, "scopa", "hard", as_served=True), bots.FromTheView)
    assert not isinstance(bots.player(registry, "briscola", "normal", as_served=False), bots.FromTheView)

    recording = Recording()
    view = {"legal_moves": [{"action": "play", "card": "1D"}]}
    bots.FromTheView(recording).decide(view, random.Random(1), [{"kind": "play", "card": "7D"}])
    assert recording.given == [()]


def test_a_report_says_whether_its_run_was_played_as_served() -> None:
    report = bots.measured(("briscola", "normal", "easy", 1, 9, None, None, True))
    assert report["as_served"] is True and report["pairs"] == 1
