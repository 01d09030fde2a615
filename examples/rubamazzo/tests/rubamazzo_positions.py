"""Positions for the rules tests: a match of any size arranged card by card, the rest in the stock."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tavolo_rubamazzo.engine import RubamazzoEngine
from tavolo_rubamazzo.state import RubamazzoState

from domain.cards import DECK, Card, cards
from domain.engine import Timeouts

NOW = 1_000.0
TIMEOUTS = Timeouts(turn=30.0, hand_ack=20.0)


def start(engine: RubamazzoEngine, seed: int = 1) -> RubamazzoState:
    state: RubamazzoState = engine.start({}, TIMEOUTS, NOW, random.Random(seed)).state
    return state


def arrange(
    engine: RubamazzoEngine,
    hands: Sequence[str],
    table: str = "",
    piles: Sequence[str] | None = None,
    turn: int = 1,
    filler: Sequence[int] = (),
) -> RubamazzoState:
    """A match in its first hand with these hands, table and piles (codes separated by spaces, a
    pile bottom first). Every other card goes to the stock, except ``filler[seat]`` of them put
    under each seat's pile first — so the deck is always whole, and a test can empty the stock."""
    held = [cards(hand) if hand else [] for hand in hands]
    laid = cards(table) if table else []
    stacked = [cards(pile) if pile else [] for pile in (piles or [""] * engine.seats)]
    used = {card for group in (*held, laid, *stacked) for card in group}
    rest = [card for card in DECK if card not in used]
    for seat, count in enumerate(filler):
        stacked[seat] = [*rest[:count], *stacked[seat]]
        rest = rest[count:]
    return start(engine)._replace(
        hands=tuple(tuple(hand) for hand in held),
        table=tuple(laid),
        piles=tuple(tuple(pile) for pile in stacked),
        deck=tuple(rest),
        turn=turn,
    )


def codes_of(group: Sequence[Card]) -> list[str]:
    return [card.code for card in group]
