"""The normal fishing bot (scopa, scopa a quattro, scopone scientifico).

Every legal move (a card and the table cards it takes) is scored from the seat's view alone:

* what the capture is worth: every card counts for ``carte``, denari more, the
  settebello most, the primiera cards (7, 6, ace) above the rest, and a sweep (scopa)
  is worth a point outright;
* what the table left behind offers the next player, an opponent: for each rank
  still out (``unseen.cards_out``: in another hand or the deck) the chance the opponent
  holds one times the best capture it makes there, a sweep included — so a table of one
  card or a small sum that a card still out clears is avoided when another move exists;
* a discard costs the card's worth, so low cards are dumped first.

The cards still out come from the view and the events the seat saw this hand, which name
every capture; from the view alone they include the cards already captured (it shows only
their counts), the best a bot without that history can do. The next player's hand is a
random draw from them: the chance it holds one of ``count`` cards of a rank is
hypergeometric.

The package declares this level remembering (``GameVariant.remembering``), so the server asks it
from the match's log, away from the transition, with the events its seat saw; it decides from the
view alone only when nothing can answer away from the worker.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.bots.base import ACK, Action, Seen, best_by, legal_moves, must_ack, own_seat, plays
from domain.cards import SETTEBELLO, Card, Suit
from domain.games.fishing.captures import ace_sweeps, legal_captures
from domain.games.fishing.unseen import cards_out

SCOPA = 10.0
"""A scopa is a whole point; a card alone is a fraction of one (see ``card_worth``)."""

SCOPA_CONCEDED = 18.0
"""A scopa the next player makes costs us more than its point: our side is left to play onto an
empty table, a lone card the player after can sweep again (one lone card begets the next scopa)."""

PRIMIERA_BONUS: dict[int, float] = {7: 2.5, 6: 1.5, 1: 1.2, 5: 0.4}
DISCARD_COST = 0.5
"""Keeping a card in hand has value of its own: a valuable card played to the table costs a share."""


def card_worth(card: Card) -> float:
    """What taking ``card`` is worth, in tenths of a hand point (roughly)."""
    worth = 1.0 + PRIMIERA_BONUS.get(card.rank, 0.0)
    if card.suit is Suit.DENARI:
        worth += 1.5
    if card == SETTEBELLO:
        worth += 8.0
    return worth


@dataclass(frozen=True, slots=True)
class Situation:
    """What the view tells about the table and the cards still out."""

    table: tuple[Card, ...]
    hand: tuple[Card, ...]
    unseen_by_rank: dict[int, int]
    """The cards still out, counted by rank."""
    out_count: int
    next_hand: int
    """How many cards the next player holds."""
    pigliatutto: bool
    my_last_card: bool
    """This play is the last of the hand (no scopa can be made with it)."""
    next_is_last: bool
    """The next player's play is the last of the hand."""

    def holds_one(self, count: int) -> float:
        """The chance the next player holds at least one of ``count`` cards still out."""
        if count <= 0 or self.next_hand <= 0 or self.out_count <= 0:
            return 0.0
        drawn = min(self.next_hand, self.out_count)
        missed = math.comb(self.out_count - count, drawn) / math.comb(self.out_count, drawn)
        return 1.0 - missed


def read_situation(view: Mapping[str, Any], seen: Seen = ()) -> Situation:
    hand = tuple(Card.parse(code) for code in view["hand"])
    table = tuple(Card.parse(code) for code in view["table"])
    unseen = cards_out(view, seen)
    counts: dict[int, int] = {}
    for card in unseen:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    hand_counts: Sequence[int] = view.get("hand_counts", ())
    seat = own_seat(view)
    seats = len(hand_counts)
    nxt = (seat + 1) % seats if seat is not None and seats else None
    next_hand = hand_counts[nxt] if nxt is not None else 0
    remaining_after_me = sum(hand_counts) - 1
    deck_count = int(view.get("deck_count", 0))
    options = view.get("options") or {}
    return Situation(
        table=table,
        hand=hand,
        unseen_by_rank=counts,
        out_count=len(unseen),
        next_hand=next_hand,
        pigliatutto=bool(options.get("asso_pigliatutto", False)),
        my_last_card=deck_count == 0 and remaining_after_me == 0,
        next_is_last=deck_count == 0 and remaining_after_me == 1,
    )


def capture_value(
    played: Card,
    taken: Sequence[Card],
    table_left: Sequence[Card],
    scopa_counts: bool,
    scopa: float = SCOPA,
) -> float:
    value = card_worth(played) + sum(card_worth(card) for card in taken)
    if not table_left and scopa_counts:
        value += scopa
    return value


def threat(table: tuple[Card, ...], situation: Situation) -> float:
    """The expected worth of the next player's best capture on ``table``."""
    if not table:
        return 0.0
    offers: list[tuple[float, float]] = []
    for rank, count in situation.unseen_by_rank.items():
        if count == 0:
            continue
        probe = Card(rank, Suit.BASTONI)  # a plain card of that rank: the suit only matters for its worth
        sweeping = ace_sweeps(probe, table, situation.pigliatutto)
        best = 0.0
        for taken in legal_captures(probe, table, situation.pigliatutto):
            left = [card for card in table if card not in taken]
            scopa = not sweeping and not situation.next_is_last
            best = max(best, capture_value(probe, taken, left, scopa, SCOPA_CONCEDED))
        if best > 0:
            chance = situation.holds_one(count)
            offers.append((best, chance))
    expected = 0.0
    none_yet = 1.0
    for value, chance in sorted(offers, reverse=True):
        expected += none_yet * chance * value
        none_yet *= 1.0 - chance
    return expected


def score_move(card: Card, taken: tuple[Card, ...], sweep: bool, situation: Situation) -> float:
    table = situation.table
    if taken or sweep:
        left = tuple(c for c in table if c not in taken)
        scopa = not sweep and not situation.my_last_card
        gain = capture_value(card, taken, left, scopa)
    else:
        left = (*table, card)
        gain = -DISCARD_COST * card_worth(card)
    if situation.my_last_card:
        return gain
    return gain - threat(left, situation)


class FishingStrategy:
    """The normal level for scopa, scopa a quattro and scopone scientifico."""

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        if must_ack(view):
            return dict(ACK)
        situation = read_situation(view, seen)
        table = situation.table

        def score(move: Action) -> float:
            card = Card.parse(move["card"])
            taken = tuple(Card.parse(code) for code in move.get("capture", ()))
            return score_move(card, taken, ace_sweeps(card, table, situation.pigliatutto), situation)

        return best_by(plays(legal_moves(view)), score, rng)
