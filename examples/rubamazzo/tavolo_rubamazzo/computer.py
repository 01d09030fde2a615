"""The normal rubamazzo computer player: a rule of thumb, from its own seat's view alone.

Every legal move is scored by what it wins now less what it risks before the seat plays again:

* stealing a pile wins that pile twice over (the cards come to us and leave a rival), so the
  biggest pile is stolen first; capturing a table card wins the two cards; a discard wins nothing;
* what it risks is our pile after the move: an opponent holding a card of its new top's rank steals
  it all, so a big pile under a rank still out is a liability; a discard also leaves a card an
  opponent may capture.

The chance that the opponents hold a card of a rank is worked out from the cards the view shows
(our hand, the table, every pile's top): the other cards of that rank are somewhere among the cards
we cannot see (the stock, the opponents' hands, the cards under the piles' tops), and the opponents
hold a share of those. A strategy keeps no memory between decisions, so this is the best estimate
one view gives.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.bots.base import ACK, Action, Seen, best_by, legal_moves, must_ack, own_seat, plays
from domain.cards import DECK, RANKS, Card
from tavolo_rubamazzo.config import HAND_SIZE

SUITS_PER_RANK = 4
STEAL_SWING = 2.0
"""A stolen card counts twice: it comes to us and leaves a rival."""
TABLE_EXPOSURE = 2.0
"""What a discarded card offers the opponent who captures it: itself and the card that takes it."""


@dataclass(frozen=True, slots=True)
class Situation:
    """What the view tells about the piles and the cards still out."""

    seat: int
    piles: tuple[tuple[Card | None, int], ...]
    """Each seat's pile: its face-up top (``None`` when empty) and its size."""
    unseen_by_rank: dict[int, int]
    hidden: int
    """How many cards the view does not show: the stock, the opponents' hands, the cards under the tops."""
    opponents_cards: int
    """How many cards the opponents will hold before our next turn."""


def read_situation(view: Mapping[str, Any]) -> Situation:
    seat = own_seat(view)
    if seat is None:
        raise ValueError("this view belongs to no seat")
    hand = [Card.parse(code) for code in view["hand"]]
    table = [Card.parse(code) for code in view["table"]]
    piles = tuple(
        (None if pile["top"] is None else Card.parse(pile["top"]), int(pile["size"]))
        for pile in view["piles"]
    )
    seen = [*hand, *table, *(card for card, _ in piles if card is not None)]
    unseen = {rank: SUITS_PER_RANK - sum(1 for card in seen if card.rank == rank) for rank in RANKS}
    counts = [int(count) for count in view["hand_counts"]]
    held = sum(count for other, count in enumerate(counts) if other != seat)
    if held == 0 and int(view["deck_count"]) > 0:
        held = HAND_SIZE * (len(counts) - 1)
    return Situation(
        seat=seat,
        piles=piles,
        unseen_by_rank=unseen,
        hidden=len(DECK) - len(seen),
        opponents_cards=held,
    )


def held_by_opponents(rank: int, situation: Situation) -> float:
    """The chance the opponents hold at least one card of ``rank`` among the cards they will hold."""
    unseen = situation.unseen_by_rank.get(rank, 0)
    hidden = situation.hidden
    if unseen <= 0 or hidden <= 0:
        return 0.0
    none = 1.0
    for drawn in range(min(situation.opponents_cards, hidden)):
        none *= max(0.0, (hidden - unseen - drawn) / (hidden - drawn))
    return 1.0 - none


def score_move(move: Action, situation: Situation) -> float:
    card = Card.parse(move["card"])
    own_top, own_size = situation.piles[situation.seat]
    steal = move.get("steal")
    top: Card | None
    if isinstance(steal, int):
        stolen = situation.piles[steal][1]
        gain = STEAL_SWING * stolen + 1
        top, size = card, own_size + stolen + 1
    elif move.get("capture") is not None:
        gain = 2.0
        top, size = card, own_size + 2
    else:
        gain = -TABLE_EXPOSURE * held_by_opponents(card.rank, situation)
        top, size = own_top, own_size
    if situation.opponents_cards == 0 or top is None:
        return gain
    return gain - STEAL_SWING * size * held_by_opponents(top.rank, situation)


class RubamazzoStrategy:
    """The normal level for every rubamazzo table."""

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        if must_ack(view):
            return dict(ACK)
        moves = plays(legal_moves(view))
        situation = read_situation(view)
        return best_by(moves, lambda move: score_move(move, situation), rng)
