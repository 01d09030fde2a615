"""The searching player on a real engine: reproducible, legal, within its budget and its time cap."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.bots.base import Action, Seen
from domain.bots.search import Budget, SearchStrategy, action_key
from domain.engine import GameEngine
from domain.games.fishing.computer import FishingStrategy
from domain.games.fishing.search import MODELS
from engine_contract.watching import Position, watched_positions

SMALL = Budget(iterations=40)


@dataclass
class Counting:
    """A search model that counts the deals asked of it; ``refuse`` makes any deal fail."""

    engine: GameEngine
    game_type: str
    refuse: bool = False
    deals: list[int] = field(default_factory=list)

    def deal(self, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> Any:
        assert not self.refuse, "the search dealt where it had nothing to weigh"
        self.deals.append(1)
        return MODELS[self.game_type].deal(view, seen, rng)

    def settled(self, state: Any, start: Any) -> bool:
        return MODELS[self.game_type].settled(state, start)

    def payoff(self, state: Any, seat: int) -> float:
        return MODELS[self.game_type].payoff(state, seat)

    def rollout(self, state: Any, seat: int, rng: random.Random) -> Action:
        return MODELS[self.game_type].rollout(state, seat, rng)


def counting(game_type: str, refuse: bool = False) -> Counting:
    return Counting(MODELS[game_type].engine, game_type, refuse)


def positions(game_type: str, seed: int) -> list[Position]:
    engine = MODELS[game_type].engine
    return list(watched_positions(engine, [FishingStrategy()] * engine.seats, seed))


def choices(position: Position) -> bool:
    return position.view["phase"] == "playing" and len(position.view["legal_moves"]) > 1


def test_the_search_plays_only_moves_it_holds_exactly_as_listed() -> None:
    for game_type in ("scopa", "scopone_scientifico"):
        search = SearchStrategy(MODELS[game_type], SMALL)
        for position in positions(game_type, 1)[::6]:
            if not position.view["legal_moves"]:
                continue
            action = search.decide(position.view, random.Random(0), position.seen)
            assert action in position.view["legal_moves"]


def test_the_same_view_history_and_seed_give_the_same_move() -> None:
    search = SearchStrategy(MODELS["scopa"], SMALL)
    decided = [p for p in positions("scopa", 2) if choices(p)][:8]
    for position in decided:
        first = search.decide(position.view, random.Random(7), position.seen)
        again = search.decide(position.view, random.Random(7), position.seen)
        assert first == again


def test_a_hand_summary_is_acknowledged_and_a_lone_move_played_without_search() -> None:
    search = SearchStrategy(counting("scopa", refuse=True), SMALL)
    acked = lone = 0
    for position in positions("scopa", 3):
        moves = position.view["legal_moves"]
        if moves == [{"action": "ack"}]:
            assert search.decide(position.view, random.Random(0), position.seen) == {"action": "ack"}
            acked += 1
        elif len(moves) == 1:
            assert search.decide(position.view, random.Random(0), position.seen) == moves[0]
            lone += 1
    assert acked and lone


def test_the_search_deals_exactly_its_budget_of_iterations() -> None:
    model = counting("scopone_scientifico")
    search = SearchStrategy(model, Budget(iterations=25))
    position = next(p for p in positions("scopone_scientifico", 4) if choices(p))
    root = search.search(position.view, position.seen, random.Random(0))
    assert len(model.deals) == 25
    assert sum(child.visits for child in root.children.values()) == 25
    assert {key for key in root.children} <= {action_key(m) for m in position.view["legal_moves"]}


def test_the_time_cap_stops_a_huge_budget_in_time() -> None:
    search = SearchStrategy(MODELS["scopone_scientifico"], Budget(iterations=10**9, seconds=0.2))
    position = next(p for p in positions("scopone_scientifico", 5) if choices(p))
    started = time.perf_counter()
    action = search.decide(position.view, random.Random(0), position.seen)
    assert time.perf_counter() - started < 1.0
    assert action in position.view["legal_moves"]
