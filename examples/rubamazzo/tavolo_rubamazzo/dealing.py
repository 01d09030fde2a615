"""Dealing: one card at a time round the table, starting with the seat after the dealer.

A hand starts with ``HAND_SIZE`` cards to each player, then ``TABLE_SIZE`` face up on the table;
whenever every hand is empty and the stock is not, each player gets ``HAND_SIZE`` more and the
table none. The 36 cards after the table divide evenly among two, three or four players.

There is no redeal for kings (or any other rank) on the table: the rules followed (Italian
Wikipedia, "Rubamazzo") have none, and with captures by rank alone such cards simply wait on the
table to be taken.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from domain.cards import Card, shuffled_deck
from tavolo_rubamazzo.config import HAND_SIZE, TABLE_SIZE

Hands = tuple[tuple[Card, ...], ...]


def deal_order(seats: int, dealer: int) -> tuple[int, ...]:
    """The seats in the order they receive cards and play: the dealer last."""
    return tuple((dealer + 1 + offset) % seats for offset in range(seats))


def deal_round(deck: Sequence[Card], seats: int, dealer: int) -> tuple[Hands, tuple[Card, ...]]:
    """``HAND_SIZE`` cards to every seat from the top of ``deck``: the hands and the rest."""
    hands: list[list[Card]] = [[] for _ in range(seats)]
    position = 0
    for _ in range(HAND_SIZE):
        for seat in deal_order(seats, dealer):
            hands[seat].append(deck[position])
            position += 1
    return tuple(tuple(hand) for hand in hands), tuple(deck[position:])


@dataclass(frozen=True, slots=True)
class Deal:
    hands: Hands
    table: tuple[Card, ...]
    deck: tuple[Card, ...]


def deal_hand(seats: int, dealer: int, rng: random.Random, deck: Sequence[Card] | None = None) -> Deal:
    """A new hand from ``deck`` (top first), or from a fresh shuffle when it is ``None``."""
    order: Sequence[Card] = deck if deck is not None else shuffled_deck(rng)
    hands, rest = deal_round(order, seats, dealer)
    return Deal(hands=hands, table=rest[:TABLE_SIZE], deck=rest[TABLE_SIZE:])
