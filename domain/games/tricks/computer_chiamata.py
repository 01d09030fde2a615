"""The normal briscola chiamata bot: bid by hand strength, call sensibly, play for its side.

* **Bidding.** The suit where the hand is strongest (its A/3/K, its points, its length)
  is the trump the bot would call. Its first bid is the highest rank missing from that
  suit — the card it would call; a stronger hand goes lower, one missing rank of that
  suit per step of strength. It bids the highest rank its hand allows below the standing
  bid and passes when the auction has gone lower than that. Points (once the two stands)
  are bid only with a very strong hand.
* **Calling.** The card of the won rank in the strongest suit, unless the bot holds it:
  then the next strongest suit whose card of that rank it lacks. It calls its own card
  (playing alone) only with an overwhelming hand, or when it holds all four.
* **Playing.** As in briscola (``briscola.choose_card``) with the sides it can know: the
  holder of the called card knows it partners the caller from the start; everybody else
  learns the sides when the called card is played. Until then, other seats are opponents.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from domain.bots.base import ACK, Action, Seen, legal_moves, must_ack, own_seat
from domain.cards import SUITS, Card, Suit
from domain.games.tricks.cards import RANK_ORDER, card_points, strength
from domain.games.tricks.computer_briscola import choose_card, sight_from

HIGH_RANKS = (1, 3, 10)
"""Ace, three and king: the cards that take tricks and carry points."""

BID_THRESHOLD = 42.0
"""Below this strength the bot never bids."""
STEP = 7.0
"""Each step of strength above the threshold lets the bot call one missing rank lower."""
POINTS_THRESHOLD = 80.0
"""A points bid needs a very strong hand; each further point of strength adds two to the ceiling."""
OVERWHELMING = 95.0
"""A hand strong enough to call its own card and play alone."""


def suit_strength(hand: Iterable[Card], suit: Suit) -> float:
    """How good ``suit`` is as trump for ``hand``: length, high cards and points."""
    cards = [card for card in hand if card.suit == suit]
    high = sum(1 for card in cards if card.rank in HIGH_RANKS)
    return (
        5.0 * len(cards)
        + 4.0 * high
        + sum(card_points(card) for card in cards) * 0.5
        + sum(strength(card) for card in cards) * 0.1
    )


def ranked_suits(hand: Iterable[Card]) -> list[Suit]:
    cards = list(hand)
    return sorted(SUITS, key=lambda suit: (-suit_strength(cards, suit), SUITS.index(suit)))


def hand_strength(hand: Iterable[Card]) -> float:
    """The whole hand: its points, its high cards in every suit and the best trump suit's quality."""
    cards = list(hand)
    best = ranked_suits(cards)[0]
    high = sum(1 for card in cards if card.rank in HIGH_RANKS)
    return sum(card_points(card) for card in cards) * 0.6 + 3.0 * high + suit_strength(cards, best)


def missing_ranks(hand: Iterable[Card], suit: Suit) -> list[int]:
    """The ranks of ``suit`` not in ``hand``, strongest first: the cards the bot could call."""
    held = {card.rank for card in hand if card.suit == suit}
    return [rank for rank in RANK_ORDER if rank not in held]


def lowest_rank_index(hand: list[Card]) -> int | None:
    """The index in ``RANK_ORDER`` of the lowest rank this hand would bid, ``None``: never bid."""
    strength_ = hand_strength(hand)
    if strength_ < BID_THRESHOLD:
        return None
    depth = int((strength_ - BID_THRESHOLD) // STEP)
    missing = missing_ranks(hand, ranked_suits(hand)[0])
    if not missing:
        return len(RANK_ORDER) - 1
    return RANK_ORDER.index(missing[min(depth, len(missing) - 1)])


def choose_bid(hand: list[Card], moves: Sequence[Mapping[str, Any]]) -> Action:
    passing: Action = {"action": "pass"}
    strength_ = hand_strength(hand)
    points = [int(m["points"]) for m in moves if m.get("action") == "bid" and "points" in m]
    if points:
        ceiling = 60 + 2 * int(strength_ - POINTS_THRESHOLD)
        if strength_ >= POINTS_THRESHOLD and min(points) <= ceiling:
            return {"action": "bid", "points": min(points)}
        return passing
    lowest = lowest_rank_index(hand)
    if lowest is None:
        return passing
    suit = ranked_suits(hand)[0]
    callable_ = set(missing_ranks(hand, suit))
    ranks = [int(m["rank"]) for m in moves if m.get("action") == "bid" and "rank" in m]
    within = [rank for rank in ranks if RANK_ORDER.index(rank) <= lowest]
    if not within:
        return passing
    preferred = [rank for rank in within if rank in callable_] or within
    return {"action": "bid", "rank": min(preferred, key=RANK_ORDER.index)}


def choose_call(hand: list[Card], rank: int) -> Action:
    order = ranked_suits(hand)
    own = Card(rank, order[0])
    if own in hand and hand_strength(hand) >= OVERWHELMING:
        return {"action": "call", "card": own.code}
    for suit in order:
        card = Card(rank, suit)
        if card not in hand:
            return {"action": "call", "card": card.code}
    return {"action": "call", "card": own.code}


def friends_of(view: Mapping[str, Any], seat: int, hand: list[Card]) -> frozenset[int]:
    """The seats this seat knows to be on its side."""
    teams = view.get("teams")
    if view.get("revealed") and isinstance(teams, Mapping):
        for members in teams.values():
            if seat in members:
                return frozenset(int(s) for s in members if s != seat)
        return frozenset()
    called = view.get("called_card")
    caller = view.get("caller")
    if called is not None and isinstance(caller, int) and Card.parse(called) in hand and caller != seat:
        return frozenset({caller})
    return frozenset()


class ChiamataStrategy:
    """The normal level for briscola chiamata."""

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        if must_ack(view):
            return dict(ACK)
        moves = legal_moves(view)
        hand = [Card.parse(code) for code in view["hand"]]
        phase = view.get("phase")
        if phase == "auction":
            return choose_bid(hand, moves)
        if phase == "call":
            rank = Card.parse(moves[0]["card"]).rank
            return choose_call(hand, rank)
        seat = own_seat(view)
        if seat is None:
            raise ValueError("the view does not say which seat is on turn")
        trump = Suit(view["trump_suit"])
        sight = sight_from(view, seat, trump, friends_of(view, seat, hand))
        return {"action": "play", "card": choose_card(sight, rng).code}
