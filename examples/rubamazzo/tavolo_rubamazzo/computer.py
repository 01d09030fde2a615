"""The normal rubamazzo computer player: a rule of thumb, from its own seat's view and what it saw.

Every legal move is scored by what it wins now less what it risks before the seat plays again:

* stealing a pile wins that pile twice over (the cards come to us and leave a rival), so the
  biggest pile is stolen first; capturing a table card wins the two cards; a discard wins nothing;
* what it risks is our pile after the move: an opponent holding a card of its new top's rank steals
  it all, so a big pile under a rank still out is a liability; a discard also leaves a card an
  opponent may capture.

The chance that the opponents hold a card of a rank is worked out from the cards the seat knows:
our hand, the table, and every pile card by card, as the events of the hand tell them
(``recall.replay``: each pile card was played or captured in the open). The other cards of that
rank are somewhere among the cards we do not know (the stock and the opponents' hands), and the
opponents hold a share of those. Without the hand's events (a seat that came in late) only the
piles' tops are known, and the cards under them count among the unknown. Remembering the piles
took its win rate against ``easy`` from 60 % to 69 % at two players, 56 % to 66-70 % at three and
four (``benchmarks/RESULTS.md``). The package declares this level remembering
(``GameVariant.remembering``), so the server asks it away from the transition, with the events its
seat saw, as it asks ``hard``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.bots.base import ACK, Action, Seen, best_by, legal_moves, must_ack, own_seat, plays
from domain.cards import DECK, RANKS, Card
from tavolo_rubamazzo.config import HAND_SIZE
from tavolo_rubamazzo.odds import holds_one
from tavolo_rubamazzo.recall import piles_as_shown, replay

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
    """How many cards the seat does not know: the stock, the opponents' hands (and the cards under
    the piles' tops when the hand's events are missing)."""
    opponents_cards: int
    """How many cards the opponents will hold before our next turn."""


def read_situation(view: Mapping[str, Any], seen: Seen = ()) -> Situation:
    """What ``view`` and the events the seat saw (``seen``) tell."""
    seat = own_seat(view)
    if seat is None:
        raise ValueError("this view belongs to no seat")
    hand = [Card.parse(code) for code in view["hand"]]
    table = [Card.parse(code) for code in view["table"]]
    piles = tuple(
        (None if pile["top"] is None else Card.parse(pile["top"]), int(pile["size"]))
        for pile in view["piles"]
    )
    remembered = piles_as_shown(replay(seen, int(view["hand_number"]), len(piles)), view)
    if remembered is None:
        in_piles = [card for card, _ in piles if card is not None]
    else:
        in_piles = [card for pile in remembered for card in pile]
    known = [*hand, *table, *in_piles]
    unseen = {rank: SUITS_PER_RANK - sum(1 for card in known if card.rank == rank) for rank in RANKS}
    counts = [int(count) for count in view["hand_counts"]]
    held = sum(count for other, count in enumerate(counts) if other != seat)
    if held == 0 and int(view["deck_count"]) > 0:
        held = HAND_SIZE * (len(counts) - 1)
    return Situation(
        seat=seat,
        piles=piles,
        unseen_by_rank=unseen,
        hidden=len(DECK) - len(known),
        opponents_cards=held,
    )


def held_by_opponents(rank: int, situation: Situation) -> float:
    """The chance the opponents hold at least one card of ``rank`` among the cards they will hold."""
    return holds_one(situation.unseen_by_rank.get(rank, 0), situation.hidden, situation.opponents_cards)


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
        situation = read_situation(view, seen)
        return best_by(moves, lambda move: score_move(move, situation), rng)
