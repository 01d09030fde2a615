"""A bot decides from its own view only: the hidden cards never change its decision.

From positions reached in real matches, the cards the acting seat cannot see (the other
seats' hands and the undealt deck or stock) are dealt out again at random, keeping every
count. The acting seat's view must be the same, and so must each bot's decision with the
same random seed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.bots import LEVELS
from domain.bots.search import QUICK, on_budget
from domain.cards import Card
from domain.engine import GameEngine
from domain.games.fishing.state import FishingState
from domain.games.tricks.briscola_state import BriscolaState
from domain.games.tricks.chiamata_state import ChiamataState
from tests.unit.bots.simulate import NOW, TIMEOUTS, engine_for, strategy_for

GAME_TYPES = [
    "scopa",
    "scopa_a_quattro",
    "scopone_scientifico",
    "briscola",
    "briscola_a_quattro",
    "briscola_chiamata",
]


def regroup(pool: list[Card], sizes: list[int]) -> list[tuple[Card, ...]]:
    groups, start = [], 0
    for size in sizes:
        groups.append(tuple(pool[start : start + size]))
        start += size
    return groups


def redeal_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with everything ``seat`` cannot see dealt out again (hands of the others, deck)."""
    others = [s for s in range(len(state.hands)) if s != seat]
    if isinstance(state, FishingState):
        hidden_piles = [list(state.deck)]
    elif isinstance(state, BriscolaState):
        hidden_piles = [list(state.stock)]
    else:
        assert isinstance(state, ChiamataState)
        hidden_piles = []
    groups = [list(state.hands[s]) for s in others] + hidden_piles
    pool = [card for group in groups for card in group]
    rng.shuffle(pool)
    dealt = regroup(pool, [len(group) for group in groups])
    hands = list(state.hands)
    for s, hand in zip(others, dealt, strict=False):
        hands[s] = hand
    if isinstance(state, FishingState):
        return state._replace(hands=tuple(hands), deck=dealt[-1])
    if isinstance(state, BriscolaState):
        return state._replace(hands=tuple(hands), stock=dealt[-1])
    return state._replace(hands=tuple(hands))


def positions(engine: GameEngine, seed: int, count: int) -> list[tuple[Any, int]]:
    """``count`` positions from one easy-bot match (on turn or owing an ack), with the acting seat."""
    rng = random.Random(seed)
    easy = strategy_for(engine.game_type, "easy")
    state = engine.start({}, TIMEOUTS, NOW, rng).state
    found: list[tuple[Any, int]] = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        found.append((state, seat))
        state = engine.apply(state, seat, easy.decide(engine.view(state, seat), rng), NOW, rng).state
    return random.Random(seed).sample(found, min(count, len(found)))


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_decisions_depend_only_on_the_own_view(game_type: str) -> None:
    engine = engine_for(game_type)
    checked = changed = 0
    phases: set[str] = set()
    for seed in range(12):
        for state, seat in positions(engine, seed, 25):
            other = redeal_hidden(state, seat, random.Random(seed * 1_000 + checked))
            view = engine.view(state, seat)
            assert engine.view(other, seat) == view
            changed += other.hands != state.hands
            phases.add(view["phase"])
            for level in LEVELS:
                bot = on_budget(strategy_for(game_type, level), QUICK)
                first = bot.decide(engine.view(state, seat), random.Random(checked))
                second = bot.decide(engine.view(other, seat), random.Random(checked))
                assert first == second, (level, view)
                engine.apply(other, seat, second, NOW, random.Random(0))  # still legal there
            checked += 1
    assert changed > checked // 2, "the hidden cards were hardly ever moved"
    if game_type == "briscola_chiamata":
        assert {"auction", "call", "playing"} <= phases


def test_the_bots_do_not_change_the_view() -> None:
    engine = engine_for("briscola_chiamata")
    for state, seat in positions(engine, 3, 30):
        view = engine.view(state, seat)
        for level in LEVELS:
            strategy_for("briscola_chiamata", level).decide(view, random.Random(1))
        assert view == engine.view(state, seat)
