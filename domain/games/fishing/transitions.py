"""How a fishing match moves: deal, play a card, close a hand, start the next one.

These functions assume the move was already checked (see ``actions``); they only
compute the next state and the events describing it (``domain.events``): public
ones, and each seat's own dealt cards for that seat alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain.cards import Card, codes, without
from domain.engine import Event, Outcome
from domain.events import acknowledged as acknowledged_event
from domain.events import dealing, match_end
from domain.games.base import Setup
from domain.games.fishing.captures import Move
from domain.games.fishing.config import SIDES, Variant, side_of
from domain.games.fishing.dealing import deal_hand, deal_order, deal_round
from domain.games.fishing.hand_records import hand_record
from domain.games.fishing.scoring import score_hand
from domain.games.fishing.state import FishingOptions, FishingState, Play, play_fields

FIRST_DEALER = 0


def new_match(variant: Variant, options: FishingOptions, setup: Setup) -> Outcome:
    """The first hand of a match, dealt by seat 0 (the seat after it plays first)."""
    blank = FishingState(
        game_type=variant.game_type,
        options=options,
        timeouts=setup.timeouts,
        phase="playing",
        hand_number=0,
        dealer=FIRST_DEALER,
        hands=(),
        table=(),
        deck=(),
        piles=((), ()),
        scope=(0, 0),
        scores=(0, 0),
        seat_scope=(0,) * variant.seats,
        turn=None,
        moves=0,
        turn_due=None,
        last_capturer=None,
        last_play=None,
        acknowledged=(),
        hand_end_due=None,
        history=(),
        winner=None,
        whole_suit=False,
    )
    return deal(variant, blank, FIRST_DEALER, setup.now, setup.rng, setup.deck)


def next_hand(variant: Variant, state: FishingState, now: float, rng: random.Random) -> Outcome:
    """Deal the next hand from a fresh shuffle; the deal passes to the next seat."""
    return deal(variant, state, (state.dealer + 1) % variant.seats, now, rng, None)


def deal(
    variant: Variant,
    state: FishingState,
    dealer: int,
    now: float,
    rng: random.Random,
    deck: Sequence[Card] | None,
) -> Outcome:
    """``dealer`` deals a new hand (from ``deck``, else a fresh shuffle): each seat's cards
    are told to that seat alone; the table cards are public."""
    dealt = deal_hand(variant, dealer, rng, deck)
    nxt = state._replace(
        phase="playing",
        hand_number=state.hand_number + 1,
        dealer=dealer,
        hands=dealt.hands,
        table=dealt.table,
        deck=dealt.deck,
        piles=((), ()),
        scope=(0, 0),
        turn=deal_order(variant.seats, dealer)[0],
        turn_due=float(now) + state.timeouts.turn,
        last_capturer=None,
        last_play=None,
        acknowledged=(),
        hand_end_due=None,
    )
    started = Event(
        "hand_started",
        {
            "hand_number": nxt.hand_number,
            "dealer": dealer,
            "table": codes(nxt.table),
            "void_deals": dealt.redeals,
        },
    )
    return Outcome(nxt, (started, *dealing(nxt.hands, len(nxt.deck))))


def acknowledge(variant: Variant, state: FishingState, seat: int, now: float, rng: random.Random) -> Outcome:
    """A seat dismisses the hand summary; the last acknowledgement deals the next hand."""
    if seat in state.acknowledged:
        return Outcome(state, (), changed=False)
    acknowledged = tuple(sorted((*state.acknowledged, seat)))
    ack = acknowledged_event(seat)
    if len(acknowledged) < variant.seats:
        return Outcome(state._replace(acknowledged=acknowledged), (ack,))
    dealt = next_hand(variant, state, now, rng)
    return Outcome(dealt.state, (ack, *dealt.events))


def play_card(variant: Variant, state: FishingState, seat: int, move: Move, now: float) -> Outcome:
    """Play a checked move for the seat on turn."""
    events: list[Event] = []
    return Outcome(played(variant, state, seat, move, now, events), tuple(events))


def played(
    variant: Variant,
    state: FishingState,
    seat: int,
    move: Move,
    now: float,
    events: list[Event] | None = None,
) -> FishingState:
    """The state after a checked move, its events added to ``events`` when given (``play_card``):
    a searching computer player plays a few hundred thousand moves a decision and reads none."""
    hands = list(state.hands)
    hands[seat] = without(hands[seat], move.card)
    side = side_of(seat)
    piles = state.piles
    scope = state.scope
    seat_scope = state.seat_scope
    last_capturer = state.last_capturer
    emptied = not state.deck and not any(hands)
    scopa = False
    if move.capture or move.sweep:
        table = state.table
        for taken in move.capture:
            table = without(table, taken)
        pile = (*piles[side], move.card, *move.capture)
        piles = (pile, piles[1]) if side == 0 else (piles[0], pile)
        last_capturer = seat
        scopa = not move.sweep and not table and not emptied
    else:
        table = (*state.table, move.card)
    if scopa:
        scope = (scope[0] + 1, scope[1]) if side == 0 else (scope[0], scope[1] + 1)
        seat_scope = (*seat_scope[:seat], seat_scope[seat] + 1, *seat_scope[seat + 1 :])
    play = Play(seat=seat, card=move.card, captured=move.capture, scopa=scopa, sweep=move.sweep)
    if events is not None:
        events.append(Event("play", play_fields(play), seat=seat))
    deck = state.deck
    turn = (seat + 1) % variant.seats
    if deck and not any(hands):
        dealt, deck = deal_round(deck, variant.seats, state.dealer, variant.hand_size)
        hands = list(dealt)
        turn = deal_order(variant.seats, state.dealer)[0]
        if events is not None:
            events.extend(dealing(hands, len(deck)))
    nxt = state._replace(
        hands=tuple(hands),
        table=table,
        deck=deck,
        piles=piles,
        scope=scope,
        seat_scope=seat_scope,
        turn=turn,
        moves=state.moves + 1,
        turn_due=float(now) + state.timeouts.turn,
        last_capturer=last_capturer,
        last_play=play,
    )
    return end_hand(variant, nxt, now, events) if emptied else nxt


def match_winner(scores: tuple[int, int], target: int) -> int | None:
    """A side at or above the target with a clear lead wins; a tie there means another hand."""
    if max(scores) < target or scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def end_hand(variant: Variant, state: FishingState, now: float, events: list[Event] | None) -> FishingState:
    """Close a hand: leftovers to the last capturer, score it, end the match or wait for acks
    (the events added to ``events`` when given).

    Should nobody have captured at all, the leftovers go to the dealer's side.
    """
    taker = state.last_capturer if state.last_capturer is not None else state.dealer
    piles = list(state.piles)
    piles[side_of(taker)] = (*piles[side_of(taker)], *state.table)
    score = score_hand((piles[0], piles[1]), state.scope, state.options.napola)
    scores = (state.scores[0] + score.sides[0].total, state.scores[1] + score.sides[1].total)
    record = hand_record(state.hand_number, state.dealer, score, scores)
    whole_suit = score.whole_suit is not None
    winner = score.whole_suit if whole_suit else match_winner(scores, state.options.target_score)
    common = state._replace(
        table=(),
        piles=(piles[0], piles[1]),
        scores=scores,
        history=(*state.history, record),
        turn=None,
        turn_due=None,
        acknowledged=(),
    )
    if events is not None:
        if state.table:
            events.append(Event("leftovers", {"cards": codes(state.table)}, seat=taker))
        events.append(Event("hand_end", record))
        if winner is not None:
            events.append(match_end(SIDES[winner], {SIDES[i]: scores[i] for i in (0, 1)}))
    if winner is None:
        return common._replace(phase="hand_end", hand_end_due=float(now) + state.timeouts.hand_ack)
    return common._replace(phase="finished", hand_end_due=None, winner=winner, whole_suit=whole_suit)
