"""Dealing: one card at a time, round the table, starting with the seat after the dealer.

A hand starts with ``hand_size`` cards to each player, then ``table_size`` cards face up
on the table. Later deal rounds (scopa) give ``hand_size`` more cards to each player
and none to the table. With cards on the table, a deal that shows three or four kings
there is void: the same dealer reshuffles (with the RNG) and deals again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from domain.cards import Card, shuffled_deck
from domain.games.fishing.config import Variant

KING = 10
VOID_KINGS = 3


def deal_order(seats: int, dealer: int) -> tuple[int, ...]:
    """The seats in the order they receive cards (and play): the dealer last."""
    return tuple((dealer + 1 + offset) % seats for offset in range(seats))


def deal_round(
    deck: Sequence[Card], seats: int, dealer: int, hand_size: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Give ``hand_size`` cards to every seat from the top of ``deck``; return the hands and the rest."""
    hands: list[list[Card]] = [[] for _ in range(seats)]
    position = 0
    for _ in range(hand_size):
        for seat in deal_order(seats, dealer):
            hands[seat].append(deck[position])
            position += 1
    return tuple(tuple(hand) for hand in hands), tuple(deck[position:])


def void_deal(table: Sequence[Card]) -> bool:
    """Three or four kings among the opening table cards void the deal."""
    return sum(1 for card in table if card.rank == KING) >= VOID_KINGS


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    deck: tuple[Card, ...]
    redeals: int = 0
    """How many void deals (kings on the table) were thrown in before this one."""


def deal_hand(variant: Variant, dealer: int, rng: random.Random, deck: Sequence[Card] | None = None) -> Deal:
    """Deal a new hand from ``deck`` (top = index 0), or from a fresh shuffle when it is ``None``.

    A void deal is redealt by the same dealer from a reshuffled deck, explicit or not.
    """
    order: Sequence[Card] = deck if deck is not None else shuffled_deck(rng)
    redeals = 0
    while True:
        hands, rest = deal_round(order, variant.seats, dealer, variant.hand_size)
        table, rest = rest[: variant.table_size], rest[variant.table_size :]
        if not (variant.king_redeal and void_deal(table)):
            return Deal(hands=hands, table=table, deck=rest, redeals=redeals)
        redeals += 1
        order = shuffled_deck(rng)
