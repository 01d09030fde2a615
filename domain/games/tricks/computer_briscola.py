"""The normal briscola bot (two players, or four in partnerships), and the trick play it
shares with the chiamata bot.

On a trick it reads from its view which card is winning and whose side that is:

* leading, it gives the cheapest card: a low card with no points that is not a trump;
* when an opponent holds the trick and it carries points, it takes it as cheaply as it
  can — a higher card of the suit led first (the richest of them, since its points come
  home too), else the lowest trump that wins, spending a trump only when the stake is
  worth it (a point trump only for a loaded trick); last to play, the stake counts the
  card it would throw instead, so it does not throw an ace or a three where a trump wins;
* when the trick is worthless it dumps its lowest card with no points;
* when a partner holds the trick it never overtakes: with no opponent to play after it
  adds its richest non-trump card (a *carico*), otherwise a modest one only if the
  partner's card is hard to beat, and a worthless card if not.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.bots.base import ACK, Action, Seen, best_by, legal_moves, must_ack, own_seat, plays
from domain.cards import Card, Suit
from domain.games.tricks.cards import card_points, strength
from domain.games.tricks.trick import beats

KING = 10
ACE = 1
THREE = 3
LOADED = 10
"""A trick holding an ace or a three is worth a point trump."""


@dataclass(frozen=True, slots=True)
class TrickSight:
    """A trick in progress as one seat sees it."""

    hand: tuple[Card, ...]
    plays: tuple[tuple[int, Card], ...]
    trump: Suit
    seat: int
    seats: int
    friends: frozenset[int]
    """Seats known to play on our side (never ourselves)."""

    @property
    def points(self) -> int:
        return sum(card_points(card) for _, card in self.plays)

    @property
    def later(self) -> tuple[int, ...]:
        """The seats still to play this trick after us."""
        left = self.seats - len(self.plays) - 1
        return tuple((self.seat + k) % self.seats for k in range(1, left + 1))

    @property
    def foes_after(self) -> bool:
        return any(seat not in self.friends for seat in self.later)

    def winning(self) -> tuple[int, Card]:
        best = self.plays[0]
        for play in self.plays[1:]:
            if beats(play[1], best[1], self.trump):
                best = play
        return best


def parse_plays(trick: Sequence[Mapping[str, Any]]) -> tuple[tuple[int, Card], ...]:
    return tuple((int(play["seat"]), Card.parse(play["card"])) for play in trick)


def is_trump(card: Card, trump: Suit) -> bool:
    return card.suit == trump


def keep_cost(card: Card, trump: Suit) -> float:
    """How much giving ``card`` away (or spending it) hurts: its points, and more for a trump."""
    cost = float(card_points(card)) + strength(card) * 0.05
    if is_trump(card, trump):
        cost += 4.0 + strength(card) * 0.4
    return cost


def lead_cost(card: Card, trump: Suit) -> float:
    """Leading exposes a card: a point card off trump is easily taken, a trump is a spent trump."""
    cost = keep_cost(card, trump)
    if not is_trump(card, trump) and card.rank in (ACE, THREE):
        cost += 3.0
    return cost


def trump_worth_spending(card: Card, trick_points: int, foes_after: bool) -> bool:
    """Whether winning a trick of ``trick_points`` justifies the trump ``card``."""
    if card.rank in (ACE, THREE):
        return trick_points >= LOADED
    need = 2 if card_points(card) == 0 else 4
    if foes_after:
        need += 2
    return trick_points >= need


def partner_holds_firm(card: Card, trump: Suit) -> bool:
    """A partner's winning card that an opponent after us is unlikely to beat."""
    if is_trump(card, trump):
        return strength(card) >= strength(Card(KING, trump))
    return card.rank == ACE


def choose_card(sight: TrickSight, rng: random.Random) -> Card:
    hand, trump = sight.hand, sight.trump
    if not sight.plays:
        return best_by(hand, lambda card: -lead_cost(card, trump), rng)
    holder, best = sight.winning()
    cheapest = best_by(hand, lambda card: -keep_cost(card, trump), rng)
    if holder in sight.friends:
        # Never overtake a partner: only add points, the more the safer the trick is.
        cannot_overtake = [card for card in hand if not beats(card, best, trump)] or list(hand)
        plain = [card for card in cannot_overtake if not is_trump(card, trump)]
        if not sight.foes_after and plain:
            richest = best_by(plain, lambda card: card_points(card) - strength(card) * 0.01, rng)
            return richest if card_points(richest) > 0 else cheapest
        if partner_holds_firm(best, trump):
            modest = [card for card in plain if 0 < card_points(card) <= 4]
            if modest:
                return best_by(modest, card_points, rng)
        return best_by(cannot_overtake, lambda card: -keep_cost(card, trump), rng)
    winners = [card for card in hand if beats(card, best, trump)]
    same_suit = [card for card in winners if not is_trump(card, trump)]
    if same_suit:
        richest = best_by(same_suit, lambda card: card_points(card) + strength(card) * 0.01, rng)
        if sight.points + card_points(richest) > 0 or not sight.foes_after:
            return richest
    # Last to play against the opponents, the stake of a trick we let go is what is on it plus what
    # we would throw onto it: with only an ace or a three to lose, a trump that takes the trick
    # saves that card's points too. (With an opponent still to play, the trump may be overtaken.)
    thrown = 0 if beats(cheapest, best, trump) or sight.foes_after else card_points(cheapest)
    trumps = sorted((card for card in winners if is_trump(card, trump)), key=strength)
    if trumps and trump_worth_spending(trumps[0], sight.points + thrown, sight.foes_after):
        return trumps[0]
    return cheapest


def partnership_friends(seat: int, seats: int) -> frozenset[int]:
    """Briscola a quattro: partners sit opposite (the same parity)."""
    return frozenset(s for s in range(seats) if s != seat and s % 2 == seat % 2)


def sight_from(view: Mapping[str, Any], seat: int, trump: Suit, friends: Collection[int]) -> TrickSight:
    legal = {move["card"] for move in plays(legal_moves(view))}
    return TrickSight(
        hand=tuple(Card.parse(code) for code in view["hand"] if code in legal),
        plays=parse_plays(view.get("trick") or ()),
        trump=trump,
        seat=seat,
        seats=int(view["players"]),
        friends=frozenset(friends),
    )


class BriscolaStrategy:
    """The normal level for briscola and briscola a quattro."""

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        if must_ack(view):
            return dict(ACK)
        legal_moves(view)
        seat = own_seat(view)
        if seat is None:
            raise ValueError("the view does not say which seat is on turn")
        trump = Suit(view["trump_suit"])
        sight = sight_from(view, seat, trump, partnership_friends(seat, int(view["players"])))
        return {"action": "play", "card": choose_card(sight, rng).code}
