"""Helpers to set up fishing positions: explicit deck orders and hand-made states."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.cards import DECK, Card, cards
from domain.engine import Timeouts
from domain.games.fishing import FishingEngine
from domain.games.fishing.dealing import deal_order
from domain.games.fishing.state import FishingState, census

NOW = 1_000.0
TIMEOUTS = Timeouts(turn=30.0, hand_ack=20.0)


def deck_for(
    engine: FishingEngine,
    hands: Mapping[int, str],
    table: str = "",
    then: str = "",
    dealer: int = 0,
) -> list[Card]:
    """A 40-card order dealing ``hands`` (partial hands are topped up), ``table`` face up,
    then ``then`` on top of the remaining deck; every other card fills the gaps in deck order."""
    variant = engine.variant
    order = deal_order(variant.seats, dealer)
    slots: list[Card | None] = [None] * len(DECK)
    for seat, text in hands.items():
        for index, item in enumerate(cards(text)):
            slots[index * variant.seats + order.index(seat)] = item
    start = variant.seats * variant.hand_size
    for offset, item in enumerate(cards(table) + cards(then)):
        slots[start + offset] = item
    placed = [item for item in slots if item is not None]
    assert len(set(placed)) == len(placed), "a card is placed twice"
    spare = iter(item for item in DECK if item not in placed)
    return [item if item is not None else next(spare) for item in slots]


def start(
    engine: FishingEngine,
    hands: Mapping[int, str] | None = None,
    table: str = "",
    then: str = "",
    seed: int = 7,
    **options: Any,
) -> FishingState:
    """A new match dealt from an explicit deck (or from ``seed`` when no hands are given)."""
    deck = deck_for(engine, hands, table, then) if hands is not None else None
    state: FishingState = engine.start(options, TIMEOUTS, NOW, random.Random(seed), deck=deck).state
    return state


def position(
    engine: FishingEngine,
    hands: Mapping[int, str],
    table: str = "",
    deck: str = "",
    turn: int | None = None,
    pile_a: str = "",
    rest_to: int | None = None,
    **changes: Any,
) -> FishingState:
    """A mid-hand state: the given hands, table and deck (top first), ``pile_a`` captured by
    side A and every other card already captured by side ``rest_to`` (by default dealt
    alternately to A and B, so neither side holds a whole suit)."""
    base = start(engine, **{key: changes.pop(key) for key in list(changes) if key in _OPTION_NAMES})
    seats = engine.seats
    hand_cards = tuple(tuple(cards(hands.get(seat, ""))) for seat in range(seats))
    table_cards = tuple(cards(table))
    deck_cards = tuple(cards(deck))
    a_cards = tuple(cards(pile_a))
    used = {*table_cards, *deck_cards, *a_cards, *(c for hand in hand_cards for c in hand)}
    rest = tuple(item for item in DECK if item not in used)
    if rest_to is None:
        piles = (a_cards + rest[0::2], rest[1::2])
    else:
        piles = (a_cards + rest, ()) if rest_to == 0 else (a_cards, rest)
    state = base._replace(
        hands=hand_cards,
        table=table_cards,
        deck=deck_cards,
        piles=piles,
        turn=turn if turn is not None else deal_order(seats, base.dealer)[0],
        **changes,
    )
    assert_all_cards_once(state)
    return state


_OPTION_NAMES = {"target_score", "napola", "asso_pigliatutto"}


def assert_all_cards_once(state: FishingState) -> None:
    held = list(census(state))
    assert len(held) == len(DECK), f"{len(held)} cards in play"
    assert set(held) == set(DECK)


def play(
    engine: FishingEngine, state: FishingState, seat: int, card: str, capture: str | None = None
) -> FishingState:
    action: dict[str, Any] = {"action": "play", "card": card}
    if capture is not None:
        action["capture"] = capture.split()
    outcome = engine.apply(state, seat, action, NOW + 1, random.Random(0))
    assert outcome.changed
    new_state: FishingState = outcome.state
    assert_all_cards_once(new_state)
    return new_state
