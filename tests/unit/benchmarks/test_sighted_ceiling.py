"""The sighted ceiling (benchmarks/sighted_ceiling.py) searches the true state, the stock reshuffled."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from domain.bots.search import search_models
from domain.engine import Timeouts
from domain.seeding import match_rng
from entrypoints.game_packages import installed_registry
from tests.unit.benchmarks.scripts import load_script

sighted_ceiling = load_script("sighted_ceiling")


def test_a_sighted_deal_holds_every_true_hand_and_only_the_stock_in_another_order() -> None:
    registry = installed_registry()
    engine = registry.get("briscola")
    state = engine.start({}, Timeouts(), 1_000.0, match_rng("5e" * 32, 1)).state
    sight = sighted_ceiling.Sight()
    peeking = sighted_ceiling.PeekingEngine(engine, sight)
    view = peeking.view(state, 0)
    (model,) = search_models(registry.computer_player("briscola", "hard"))

    dealt = sighted_ceiling.SightedModel(model, sight).deal(view, (), random.Random(3))

    assert dealt.hands == state.hands
    assert Counter(dealt.stock) == Counter(state.stock)
    assert dealt.stock != state.stock
    assert dealt._replace(stock=state.stock) == state


def test_a_sighted_run_reports_its_pairs_as_the_harness_does(tmp_path: Path) -> None:
    out = tmp_path / "sighted-briscola-seed2.json"

    sighted_ceiling.main(
        ["--game-types", "briscola", "--pairs", "1", "--seed", "2", "--json", str(out), "--iterations", "12"]
    )

    [entry] = json.loads(out.read_text())
    assert (entry["game_type"], entry["a"], entry["b"], entry["pairs"], entry["matches"]) == (
        "briscola",
        "hard-sighted",
        "normal",
        1,
        2,
    )
    assert 0 <= entry["a_wins"] <= 2
    assert entry["a_cpu_ms"]["decisions"] > 0
