"""The normal tressette player, deciding from its own seat's view (and the draws shown, which the
view carries) with a rule of thumb:

* leading, it plays a 3 (nothing takes it), or a 2 backed by its 3; else its cheapest card of its
  longest suit, keeping its assi;
* following while an opponent holds the trick, it takes it when it can and the trick is worth it,
  with its cheapest card that wins; otherwise it gives its cheapest card;
* when a partner holds the trick and nobody after it can take it back (the partner's card is the
  suit's 3, or no opponent plays after), it adds its richest card; otherwise its cheapest;
* it sends no signal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from domain.bots.base import ACK, Action, Seen, best_by, legal_moves, must_ack, own_seat, plays
from domain.cards import Card
from domain.games.tressette.cards import keep_cost, strength, thirds_of

THREE = 3
TWO = 2


def lead_card(hand: Sequence[Card], rng: random.Random) -> Card:
    held = set(hand)
    sure = [card for card in hand if card.rank == THREE]
    sure += [card for card in hand if card.rank == TWO and Card(THREE, card.suit) in held]
    if sure:
        return best_by(sure, lambda card: -thirds_of(card), rng)
    length = {card.suit: sum(1 for other in hand if other.suit == card.suit) for card in hand}
    return best_by(hand, lambda card: length[card.suit] * 0.5 - keep_cost(card) * 2, rng)


def follow_card(
    hand: Sequence[Card], trick: Sequence[tuple[int, Card]], seat: int, seats: int, rng: random.Random
) -> Card:
    led = trick[0][1].suit
    holder, best = max(((s, c) for s, c in trick if c.suit == led), key=lambda play: strength(play[1]))
    cheapest = best_by(hand, lambda card: -keep_cost(card), rng)
    later = seats - len(trick) - 1
    after = [(seat + k) % seats for k in range(1, later + 1)]
    if holder % 2 == seat % 2:
        safe = best.rank == THREE or all(s % 2 == seat % 2 for s in after)
        if safe:
            return best_by(hand, lambda card: thirds_of(card) - strength(card) * 0.01, rng)
        return cheapest
    winners = [card for card in hand if card.suit == led and strength(card) > strength(best)]
    worth = sum(thirds_of(card) for _, card in trick)
    if winners and (worth > 0 or any(c.rank == THREE for c in winners) or not after):
        return best_by(winners, lambda card: -strength(card) + thirds_of(card) * 0.5, rng)
    return cheapest


class TressetteStrategy:
    """The normal level for tressette and tressette a quattro."""

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        if must_ack(view):
            return dict(ACK)
        legal = {move["card"] for move in plays(legal_moves(view))}
        seat = own_seat(view)
        if seat is None:
            raise ValueError("the view does not say which seat is on turn")
        hand = [Card.parse(code) for code in view["hand"] if code in legal]
        trick = [(int(p["seat"]), Card.parse(p["card"])) for p in view.get("trick") or ()]
        card = follow_card(hand, trick, seat, int(view["players"]), rng) if trick else lead_card(hand, rng)
        return {"action": "play", "card": card.code}
