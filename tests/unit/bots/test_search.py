"""The searching player on a real engine: reproducible, legal, within its budget and its time cap."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.bots.base import Action, Seen
from domain.bots.search import Budget, SearchStrategy, action_key
from domain.bots.search_model import ThroughEngine
from domain.engine import GameEngine
from domain.games.fishing.computer import FishingStrategy
from domain.games.fishing.search import MODELS
from engine_contract.watching import Position, watched_positions

SMALL = Budget(iterations=40)


@dataclass
class Counting(ThroughEngine):
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


@dataclass
class Scoring(Counting):
    """A search model that scores every playout by ``score`` instead of the game's points."""

    score: Any = None

    def payoff(self, state: Any, seat: int) -> float:
        return float(self.score(state, seat))


@dataclass(frozen=True)
class Fixed:
    """A rule-based player that always plays the legal move ``pick`` chooses."""

    pick: Any

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        return dict(self.pick(view["legal_moves"]))


def takes_settebello(move: Mapping[str, Any]) -> bool:
    return "07D" in move.get("capture", [])


def test_when_the_playouts_rate_every_move_alike_the_heuristics_move_is_played() -> None:
    even = Scoring(MODELS["scopa"].engine, "scopa", score=lambda state, seat: 0.5)
    last = Fixed(lambda moves: moves[-1])
    search = SearchStrategy(even, SMALL, heuristic=last)
    decided = [p for p in positions("scopa", 2) if choices(p)][:6]
    for position in decided:
        played = search.decide(position.view, random.Random(1), position.seen)
        assert played == position.view["legal_moves"][-1]


def test_a_move_the_playouts_rate_clearly_higher_replaces_the_heuristics() -> None:
    """Scored only by who ends the hand with the settebello, the search takes it while it can,
    though the heuristic would leave it on the table."""
    model = MODELS["scopa"]
    settebello = Scoring(
        model.engine,
        "scopa",
        score=lambda state, seat: state.last_hand["sides"]["AB"[seat % 2]]["settebello"],
    )
    leave_it = Fixed(lambda moves: next(move for move in moves if not takes_settebello(move)))
    search = SearchStrategy(settebello, SMALL, heuristic=leave_it)
    spots = [
        position
        for seed in range(12)
        for position in positions("scopa", seed)
        if choices(position)
        and any(takes_settebello(move) for move in position.view["legal_moves"])
        and not all(takes_settebello(move) for move in position.view["legal_moves"])
    ]
    assert spots, "no position where the settebello can be taken or left"
    for position in spots[:4]:
        assert takes_settebello(search.decide(position.view, random.Random(2), position.seen))
