"""Every level above ``easy`` keeps its points in the positions where ``normal`` once gave them away
(issue 34 §5): each decides from the seat's view and what it saw, and the outcome is checked."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.bots import LEVELS
from domain.bots.search import Budget, on_budget
from domain.cards import Card
from domain.games.fishing.unseen import cards_out
from domain.games.tricks.cards import card_points
from engine_contract.watching import watched_positions
from tests.unit.bots.positions import FANTE_OF_COPPE_LED, LONE_FANTE, LONE_FIVE, OPENING_LEAD, Position
from tests.unit.bots.simulate import NOW, engine_for, strategy_for

LEVELS_ABOVE_EASY = [level for level in LEVELS if level != "easy"]
RNG_SEEDS = range(3)
UNHURRIED = Budget(iterations=Budget().iterations, seconds=60.0)
"""The table's iterations without its 1 s wall-clock cap: on a loaded machine the cap would cut a
search short, and a position's outcome would then depend on the machine, not on the seed."""

pytestmark = pytest.mark.parametrize("seed", RNG_SEEDS)


def decision(spot: Position, level: str, seed: int) -> dict[str, Any]:
    view = spot.view()
    strategy = on_budget(strategy_for(spot.game_type, level), UNHURRIED)
    action = strategy.decide(view, random.Random(seed), spot.seen)
    assert action in view["legal_moves"], "a computer player sends one of its legal moves"
    return action


def after(spot: Position, action: dict[str, Any]) -> Any:
    return spot.engine.apply(spot.state, spot.seat, action, NOW, random.Random(0)).state


# --- briscola --------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS_ABOVE_EASY)
def test_on_a_fante_lead_it_trumps_rather_than_throw_the_ace_of_spade(level: str, seed: int) -> None:
    card = decision(FANTE_OF_COPPE_LED, level, seed)["card"]
    assert card != "01S", "the ace of spade thrown on a lost trick hands the opponent 13 points"
    assert card in {"03B", "01B"}, "a high trump takes the fante home and keeps the ace of spade"


@pytest.mark.parametrize("level", LEVELS_ABOVE_EASY)
def test_it_does_not_open_with_an_ace_that_any_trump_takes(level: str, seed: int) -> None:
    card = Card.parse(decision(OPENING_LEAD, level, seed)["card"])
    assert card.code != "01C", "an ace of coppe led first is eleven points for any trump"
    assert card_points(card) == 0 or card.code == "10B"


# --- fishing ---------------------------------------------------------------------------------


def sweeps_for_the_next_player(spot: Position, action: dict[str, Any]) -> list[dict[str, Any]]:
    """The next player's moves that clear the table after ``action`` (each one a scopa)."""
    state = after(spot, action)
    following = (spot.seat + 1) % spot.engine.seats
    table = set(state.table)
    return [
        move
        for move in spot.engine.view(state, following)["legal_moves"]
        if table and {Card.parse(code) for code in move.get("capture", ())} == table
    ]


@pytest.mark.parametrize("level", LEVELS_ABOVE_EASY)
def test_scopa_leaves_no_lone_fante_for_the_fante_still_out(level: str, seed: int) -> None:
    action = decision(LONE_FANTE, level, seed)
    assert action != {"action": "play", "card": "09B", "capture": ["09C"]}
    assert sweeps_for_the_next_player(LONE_FANTE, action) == [], "the next player has no scopa"


@pytest.mark.parametrize("level", LEVELS_ABOVE_EASY)
def test_scopone_leaves_no_lone_card_the_next_opponent_sweeps(level: str, seed: int) -> None:
    action = decision(LONE_FIVE, level, seed)
    assert action != {"action": "play", "card": "03D", "capture": ["03B"]}
    assert sweeps_for_the_next_player(LONE_FIVE, action) == [], "the next opponent has no scopa"


@pytest.mark.parametrize("game_type", ["scopa", "scopone_scientifico"])
def test_what_a_seat_saw_tells_exactly_which_cards_are_still_out(game_type: str, seed: int) -> None:
    engine = engine_for(game_type)
    players = [strategy_for(game_type, "normal")] * engine.seats
    for spot in watched_positions(engine, players, seed, {"target_score": 11}):
        if spot.view["phase"] != "playing":
            continue
        state = spot.state
        others = [card for seat, hand in enumerate(state.hands) if seat != spot.seat for card in hand]
        assert set(cards_out(spot.view, spot.seen)) == {*others, *state.deck}
        assert set(cards_out(spot.view)) >= {*others, *state.deck}, "the view alone keeps every card out"
