"""The playout policy of the briscola family's search: the normal bot's trick play
(``computer_briscola.choose_card``) read straight off a state, its costs looked up in tables worked
out once per trump suit, since a playout asks it for every card."""

from __future__ import annotations

from functools import cache

from domain.bots.base import Action
from domain.cards import DECK, Card, Suit
from domain.games.tricks.cards import card_points, strength
from domain.games.tricks.computer_briscola import (
    keep_cost,
    lead_cost,
    partner_holds_firm,
    trump_worth_spending,
)
from domain.games.tricks.trick import Play, beats

POINTS: dict[Card, int] = {each: card_points(each) for each in DECK}
STRENGTH: dict[Card, int] = {each: strength(each) for each in DECK}


@cache
def costs(trump: Suit) -> tuple[dict[Card, float], dict[Card, float]]:
    """Every card's ``keep_cost`` and ``lead_cost`` under ``trump``, worked out once."""
    return (
        {each: keep_cost(each, trump) for each in DECK},
        {each: lead_cost(each, trump) for each in DECK},
    )


def play_for(
    hand: tuple[Card, ...],
    trick: tuple[Play, ...],
    trump: Suit,
    seat: int,
    seats: int,
    friends: frozenset[int],
) -> Action:
    """The card the normal bot's trick play (``computer_briscola.choose_card``) gives ``seat`` on
    ``trick``, knowing its ``friends``, with its costs looked up rather than worked out: a playout
    asks this for every card. A tie goes to the card first in hand (a dealt hand is in random
    order) instead of to the rng."""
    return {"action": "play", "card": quick_card(hand, trick, trump, seat, seats, friends).code}


def quick_card(
    hand: tuple[Card, ...],
    trick: tuple[Play, ...],
    trump: Suit,
    seat: int,
    seats: int,
    friends: frozenset[int],
) -> Card:
    keep, lead = costs(trump)
    if not trick:
        return min(hand, key=lead.__getitem__)
    holder, best = trick[0].seat, trick[0].card
    points = 0
    for play in trick:
        points += POINTS[play.card]
        if beats(play.card, best, trump):
            holder, best = play.seat, play.card
    foes_after = any((seat + k) % seats not in friends for k in range(1, seats - len(trick)))
    cheapest = min(hand, key=keep.__getitem__)
    if holder in friends:
        cannot_overtake = [each for each in hand if not beats(each, best, trump)] or list(hand)
        plain = [each for each in cannot_overtake if each.suit != trump]
        if not foes_after and plain:
            richest = max(plain, key=lambda each: POINTS[each] - STRENGTH[each] * 0.01)
            return richest if POINTS[richest] > 0 else cheapest
        if partner_holds_firm(best, trump):
            modest = [each for each in plain if 0 < POINTS[each] <= 4]
            if modest:
                return max(modest, key=POINTS.__getitem__)
        return min(cannot_overtake, key=keep.__getitem__)
    winners = [each for each in hand if beats(each, best, trump)]
    same_suit = [each for each in winners if each.suit != trump]
    if same_suit:
        richest = max(same_suit, key=lambda each: POINTS[each] + STRENGTH[each] * 0.01)
        if points + POINTS[richest] > 0 or not foes_after:
            return richest
    trumps = [each for each in winners if each.suit == trump]
    if trumps:
        lowest = min(trumps, key=STRENGTH.__getitem__)
        if trump_worth_spending(lowest, points, foes_after):
            return lowest
    return cheapest
