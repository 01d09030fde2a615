"""The quick rule of thumb tressette's search plays its rollouts with (``search``): lead a 3, or a 2
backed by its 3, else the cheapest card of a long suit; follow by taking a trick worth taking with the
cheapest winner, feeding a partner's safe trick, or giving the cheapest card."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import SUITS, Card
from domain.games.tressette.cards import keep_cost, strength, thirds_of
from domain.games.tricks.trick import Play


def lead(hand: Sequence[Card]) -> Card:
    """A 3 (nothing takes it), or a 2 backed by its 3; else the cheapest card of a long suit."""
    threes = {card.suit for card in hand if card.rank == 3}
    if threes:  # without a 3, no 2 is backed
        for card in hand:
            if card.rank == 3 or (card.rank == 2 and card.suit in threes):
                return card
    length = dict.fromkeys(SUITS, 0)
    for card in hand:
        length[card.suit] += 1
    return max(hand, key=lambda card: length[card.suit] * 0.5 - keep_cost(card) * 2)


def follow(hand: Sequence[Card], trick: Sequence[Play], seat: int, seats: int) -> Card:
    """Take a trick worth taking with the cheapest winner; give a partner's safe trick the richest card;
    else the cheapest."""
    led = trick[0].card.suit
    best = max((p for p in trick if p.card.suit == led), key=lambda p: strength(p.card))
    later = seats - len(trick) - 1
    if best.seat % 2 == seat % 2:
        if best.card.rank == 3 or all((seat + k) % 2 == seat % 2 for k in range(1, later + 1)):
            return max(hand, key=lambda card: thirds_of(card) - strength(card) * 0.01)
        return min(hand, key=keep_cost)
    winners = [c for c in hand if c.suit == led and strength(c) > strength(best.card)]
    worth = sum(thirds_of(p.card) for p in trick)
    if winners and (worth > 0 or later == 0 or any(c.rank == 3 for c in winners)):
        return min(winners, key=lambda card: strength(card) - thirds_of(card) * 0.5)
    return min(hand, key=keep_cost)
