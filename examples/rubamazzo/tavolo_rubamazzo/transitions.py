"""How a rubamazzo match moves: deal, play a card, close a hand, deal a deciding hand.

These functions assume the move was already checked (``actions``); they compute the next state
and the events describing it: public ones, and each seat's dealt cards for that seat alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain.cards import Card, codes, without
from domain.engine import Event, Outcome
from domain.events import acknowledged as acknowledged_event
from domain.events import dealing, match_end
from domain.games.base import Setup
from tavolo_rubamazzo.config import Variant, label
from tavolo_rubamazzo.dealing import deal_hand, deal_order, deal_round
from tavolo_rubamazzo.results import side_scores, sole_leader
from tavolo_rubamazzo.state import Play, RubamazzoState, hand_record, play_fields
from tavolo_rubamazzo.takes import Move, Pile

FIRST_DEALER = 0


def new_match(variant: Variant, setup: Setup) -> Outcome:
    """The first hand of a match, dealt by seat 0 (the seat after it plays first)."""
    blank = RubamazzoState(
        game_type=variant.game_type,
        timeouts=setup.timeouts,
        phase="playing",
        hand_number=0,
        dealer=FIRST_DEALER,
        hands=(),
        table=(),
        deck=(),
        piles=((),) * variant.seats,
        totals=(0,) * variant.seats,
        turn=None,
        moves=0,
        turn_due=None,
        last_taker=None,
        last_play=None,
        acknowledged=(),
        hand_end_due=None,
        history=(),
        winner=None,
    )
    return deal(blank, FIRST_DEALER, setup.now, setup.rng, setup.deck)


def deal(
    state: RubamazzoState, dealer: int, now: float, rng: random.Random, deck: Sequence[Card] | None
) -> Outcome:
    """``dealer`` deals a new hand (from ``deck``, else a fresh shuffle); the table is public."""
    seats = state.seats
    dealt = deal_hand(seats, dealer, rng, deck)
    nxt = state._replace(
        phase="playing",
        hand_number=state.hand_number + 1,
        dealer=dealer,
        hands=dealt.hands,
        table=dealt.table,
        deck=dealt.deck,
        piles=((),) * seats,
        turn=deal_order(seats, dealer)[0],
        turn_due=float(now) + state.timeouts.turn,
        last_taker=None,
        last_play=None,
        acknowledged=(),
        hand_end_due=None,
    )
    started = Event(
        "hand_started", {"hand_number": nxt.hand_number, "dealer": dealer, "table": codes(nxt.table)}
    )
    return Outcome(nxt, (started, *dealing(nxt.hands, len(nxt.deck))))


def next_hand(state: RubamazzoState, now: float, rng: random.Random) -> Outcome:
    """Deal the deciding hand from a fresh shuffle; the deal passes to the next seat."""
    return deal(state, (state.dealer + 1) % state.seats, now, rng, None)


def acknowledge(state: RubamazzoState, seat: int, now: float, rng: random.Random) -> Outcome:
    """A seat dismisses the hand summary; the last acknowledgement deals the next hand."""
    if seat in state.acknowledged:
        return Outcome(state, (), changed=False)
    acknowledged = tuple(sorted((*state.acknowledged, seat)))
    ack = acknowledged_event(seat)
    if len(acknowledged) < state.seats:
        return Outcome(state._replace(acknowledged=acknowledged), (ack,))
    dealt = next_hand(state, now, rng)
    return Outcome(dealt.state, (ack, *dealt.events))


def take(piles: list[Pile], table: tuple[Card, ...], seat: int, move: Move) -> tuple[Play, tuple[Card, ...]]:
    """Make ``move`` on ``piles`` (changed in place) and ``table``: the play and the table after it.

    A stolen pile goes under the thief's own, a captured card onto it, and the played card always
    ends on top, face up."""
    card = move.card
    if move.steal is not None:
        stolen = piles[move.steal]
        piles[move.steal] = ()
        piles[seat] = (*stolen, *piles[seat], card)
        return Play(seat, card, stolen_from=move.steal, stolen=len(stolen)), table
    if move.capture is not None:
        piles[seat] = (*piles[seat], move.capture, card)
        return Play(seat, card, captured=move.capture), without(table, move.capture)
    return Play(seat, card), (*table, card)


def play_card(variant: Variant, state: RubamazzoState, seat: int, move: Move, now: float) -> Outcome:
    """Play a checked move for the seat on turn; refill empty hands from the stock, or end the hand."""
    hands = list(state.hands)
    hands[seat] = without(hands[seat], move.card)
    piles = list(state.piles)
    play, table = take(piles, state.table, seat, move)
    events: list[Event] = [Event("play", play_fields(play), seat=seat)]
    deck = state.deck
    if not any(hands) and deck:
        dealt, deck = deal_round(deck, variant.seats, state.dealer)
        hands = list(dealt)
        events.extend(dealing(hands, len(deck)))
    nxt = state._replace(
        hands=tuple(hands),
        table=table,
        deck=deck,
        piles=tuple(piles),
        turn=(seat + 1) % variant.seats,
        moves=state.moves + 1,
        turn_due=float(now) + state.timeouts.turn,
        last_taker=seat if move.takes else state.last_taker,
        last_play=play,
    )
    if not any(hands):
        return end_hand(nxt, now, events)
    return Outcome(nxt, tuple(events))


def end_hand(state: RubamazzoState, now: float, events: list[Event]) -> Outcome:
    """Close a hand: the table's leftovers go under the last taker's pile (to nobody when nobody took
    anything), each seat's cards are added to its total, and a sole leader wins the match; a shared
    lead waits for the summary's acknowledgements and then a deciding hand."""
    piles = list(state.piles)
    table = state.table
    taker = state.last_taker
    leftovers = len(table)
    if taker is not None and table:
        events.append(Event("leftovers", {"cards": codes(table)}, seat=taker))
        piles[taker] = (*table, *piles[taker])
        table = ()
    counts = tuple(len(pile) for pile in piles)
    totals = tuple(total + count for total, count in zip(state.totals, counts, strict=True))
    winner = sole_leader(totals)
    record = hand_record(
        state.hand_number, state.dealer, counts, (taker, leftovers), totals, tie=winner is None
    )
    common = state._replace(
        table=table,
        piles=tuple(piles),
        totals=totals,
        history=(*state.history, record),
        turn=None,
        turn_due=None,
        acknowledged=(),
    )
    events.append(Event("hand_end", record))
    if winner is None:
        nxt = common._replace(phase="hand_end", hand_end_due=float(now) + state.timeouts.hand_ack)
        return Outcome(nxt, tuple(events))
    nxt = common._replace(phase="finished", hand_end_due=None, winner=winner)
    events.append(match_end(label(winner), side_scores(totals, winner)))
    return Outcome(nxt, tuple(events))
