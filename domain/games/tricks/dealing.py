"""Dealing from a deck order.

Dealing order (the same for every trick game, so tests can build decks): the
top of the deck is index 0; cards are dealt one at a time round the table,
starting with the seat after the dealer, until every seat holds
``per_seat`` cards. Whatever is left stays in order (index 0 on top).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain.cards import Card, shuffled_deck
from domain.games.tricks.trick import seats_from


def deck_for_deal(rng: random.Random, deck: Sequence[Card] | None) -> Sequence[Card]:
    """The explicit deck (``EngineBase.start`` has checked it), or a fresh shuffle from ``rng``."""
    return shuffled_deck(rng) if deck is None else deck


def deal_round(
    deck: Sequence[Card], seats: int, dealer: int, per_seat: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal ``per_seat`` cards to each seat; return the hands (by seat) and the rest."""
    hands: list[list[Card]] = [[] for _ in range(seats)]
    order = seats_from((dealer + 1) % seats, seats)
    position = 0
    for _ in range(per_seat):
        for seat in order:
            hands[seat].append(deck[position])
            position += 1
    return tuple(tuple(h) for h in hands), tuple(deck[position:])
