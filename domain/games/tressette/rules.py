"""The steps of a tressette match: dealing, a card played (with the seat's declarations at its
first play, and the leader's signal), a trick settled, the draw of the two-player game, the end of
a hand, the acknowledgements between hands.

Each step takes the state after validation (``engine`` checks phases, turns and message shapes).
The ones the engine calls return the next ``Outcome``; a card played goes through ``played`` and the
steps after it (the trick, the draw, the hand's end), which return the next state and add their
events to a list when given one, so the searching player can step without any (``Events``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain.cards import Card
from domain.engine import Event, Outcome
from domain.events import acknowledged as acknowledged_event
from domain.events import dealing, match_end
from domain.games.base import Setup
from domain.games.tressette.declarations import declarations_in
from domain.games.tressette.scoring import match_winner, score_hand
from domain.games.tressette.state import Rules, TressetteState, by_side, side_of
from domain.games.tressette.trick import resolve, trick_public
from domain.games.tricks.actions import remove_from_hand
from domain.games.tricks.dealing import deal_round, deck_for_deal
from domain.games.tricks.trick import Play, next_seat, seats_from, turn_due

HAND_SIZE = 10
FIRST_DEALER = 0
Events = list[Event] | None
"""Where a step adds its events: a list, or ``None`` where nobody reads them (``played``)."""


def new_match(rules: Rules, setup: Setup) -> Outcome:
    """The first hand, dealt by seat 0, from the explicit deck or a shuffle."""
    blank = TressetteState(
        rules=rules,
        turn_timeout=float(setup.timeouts.turn),
        hand_ack_timeout=float(setup.timeouts.hand_ack),
        trick_pause=float(setup.timeouts.trick_pause),
        phase="playing",
        hand_number=0,
        dealer=FIRST_DEALER,
        hands=(),
        shown=(),
        stock=(),
        trick=(),
        signal=None,
        turn=None,
        previous_trick=None,
        won=((), ()),
        tricks_won=(0, 0),
        played=(),
        declarations=(),
        scores=(0, 0),
        hands_played=(),
        acknowledged=(),
        counter=0,
        turn_due=None,
        hand_end_due=None,
        winner=None,
    )
    return deal(blank, FIRST_DEALER, deck_for_deal(setup.rng, setup.deck), setup.now)


def deal(state: TressetteState, dealer: int, order: Sequence[Card], now: float) -> Outcome:
    """``dealer`` deals ten cards each from ``order``; at two the other twenty are the stock. The
    seat after the dealer leads. Each seat's cards are told to that seat alone."""
    hands, rest = deal_round(order, state.seats, dealer, HAND_SIZE)
    state = state._replace(
        phase="playing",
        hand_number=state.hand_number + 1,
        dealer=dealer,
        hands=hands,
        shown=tuple(() for _ in hands),
        stock=rest,
        trick=(),
        signal=None,
        turn=next_seat(dealer, state.seats),
        previous_trick=None,
        won=((), ()),
        tricks_won=(0, 0),
        played=(),
        declarations=(),
        acknowledged=(),
        turn_due=now + state.turn_timeout,
        hand_end_due=None,
        paused_until=None,
    )
    started = Event("hand_started", {"hand_number": state.hand_number, "dealer": dealer})
    return Outcome(state, (started, *dealing(hands, len(rest))))


def next_hand(state: TressetteState, now: float, rng: random.Random) -> Outcome:
    """The next hand, from a fresh shuffle; the deal passes to the next seat."""
    state = state._replace(counter=state.counter + 1)
    return deal(state, next_seat(state.dealer, state.seats), deck_for_deal(rng, None), now)


def acknowledge(state: TressetteState, seat: int, now: float, rng: random.Random) -> Outcome:
    """A seat dismisses the hand's summary; the last acknowledgement deals the next hand. A
    repeated acknowledgement changes nothing."""
    if seat in state.acknowledged:
        return Outcome(state, (), changed=False)
    acknowledged = tuple(sorted((*state.acknowledged, seat)))
    state = state._replace(acknowledged=acknowledged, counter=state.counter + 1)
    event = acknowledged_event(seat)
    if len(acknowledged) < state.seats:
        return Outcome(state, (event,))
    dealt = next_hand(state, now, rng)
    return Outcome(dealt.state, (event, *dealt.events))


def play(state: TressetteState, seat: int, card: Card, signal: str | None, now: float) -> Outcome:
    """``seat`` (on turn) plays ``card`` (a legal card: ``engine`` checked it), declaring what
    it holds if this is its first card of the hand, with the leader's ``signal`` if any (a
    ``lead_signal`` event); the last card of a trick settles it."""
    events: list[Event] = []
    return Outcome(played(state, seat, card, signal, now, events), tuple(events))


def played(
    state: TressetteState, seat: int, card: Card, signal: str | None, now: float, events: Events
) -> TressetteState:
    """The state after ``play``, its events added to ``events`` when given: a searching computer
    player steps through a few hundred thousand cards a decision and reads none of them."""
    if events is not None:
        events.append(Event("play", {"card": card.code}, seat=seat))
    declarations = state.declarations
    played_seats = state.played
    if seat not in played_seats:
        played_seats = tuple(sorted((*played_seats, seat)))
        if state.rules.declarations:
            found = declarations_in(seat, state.hands[seat])
            declarations = (*declarations, *found)
            if events is not None:
                for it in found:
                    shown_to_all = {"combination": it.kind, "suit": it.suit, "points": it.points}
                    events.append(Event("declaration", shown_to_all, seat=seat))
    if signal is not None and events is not None:
        events.append(Event("lead_signal", {"signal": signal, "suit": card.suit.value}, seat=seat))
    hands = list(state.hands)
    hands[seat] = remove_from_hand(hands[seat], card)
    shown = state.shown
    if card in shown[seat]:
        rest = list(shown)
        rest[seat] = tuple(other for other in shown[seat] if other != card)
        shown = tuple(rest)
    trick = (*state.trick, Play(seat, card))
    if len(trick) == state.seats:
        state = state._replace(
            hands=tuple(hands),
            shown=shown,
            trick=trick,
            played=played_seats,
            declarations=declarations,
            counter=state.counter + 1,
        )
        return finish_trick(state, events, now)
    return state._replace(
        hands=tuple(hands),
        shown=shown,
        trick=trick,
        signal=signal if len(trick) == 1 else state.signal,
        played=played_seats,
        declarations=declarations,
        counter=state.counter + 1,
        turn=next_seat(seat, state.seats),
        turn_due=turn_due(now, state.paused_until, state.turn_timeout),
    )


def finish_trick(state: TressetteState, events: Events, now: float) -> TressetteState:
    """The trick's winner takes it and, once both have drawn (two players, while the stock lasts),
    leads the next one: its turn starts once the trick has stayed on the table
    its ``trick_pause``."""
    done = resolve(state.trick)
    side = side_of(done.winner)
    won = list(state.won)
    won[side] = (*won[side], *done.cards)
    tricks = list(state.tricks_won)
    tricks[side] += 1
    if events is not None:
        events.append(Event("trick", trick_public(done)))
    state = state._replace(
        trick=(),
        signal=None,
        previous_trick=done,
        won=(won[0], won[1]),
        tricks_won=(tricks[0], tricks[1]),
        turn=done.winner,
        turn_due=turn_due(now, now + state.trick_pause, state.turn_timeout),
        paused_until=now + state.trick_pause,
    )
    state = draw(state, done.winner, events)
    if any(state.hands):
        return state
    return finish_hand(state, done.winner, events, now)


def draw(state: TressetteState, winner: int, events: Events) -> TressetteState:
    """While the stock lasts, each player draws one card, the trick's winner first. With
    ``show_draws`` each card drawn is shown to both (``draw_shown``); otherwise everybody learns who
    drew (``cards_drawn``) and only the drawer what (``drew``)."""
    if not state.stock:
        return state
    stock = list(state.stock)
    hands = list(state.hands)
    shown = list(state.shown)
    drawers = seats_from(winner, state.seats)
    private: list[Event] = []
    for seat in drawers:
        card = stock.pop(0)
        hands[seat] = (*hands[seat], card)
        if state.rules.show_draws:
            shown[seat] = (*shown[seat], card)
            if events is not None:
                events.append(Event("draw_shown", {"card": card.code, "deck_count": len(stock)}, seat=seat))
        elif events is not None:
            private.append(Event("drew", {"card": card.code}, seat=seat, public=False))
    if not state.rules.show_draws and events is not None:
        events.append(Event("cards_drawn", {"seats": list(drawers), "deck_count": len(stock)}))
        events.extend(private)
    return state._replace(hands=tuple(hands), shown=tuple(shown), stock=tuple(stock))


def finish_hand(state: TressetteState, last_winner: int, events: Events, now: float) -> TressetteState:
    """Score the hand; the match ends when a side has won it, else the summary waits for every
    acknowledgement."""
    record = score_hand(state, last_winner)
    state = state._replace(
        scores=record.scores_after, hands_played=(*state.hands_played, record), turn=None, turn_due=None
    )
    if events is not None:
        events.append(Event("hand_end", record.public()))
    winner = match_winner(record, state.rules.target_score)
    if winner is not None:
        state = state._replace(phase="finished", winner=winner)
        if events is not None:
            events.append(match_end(winner, by_side(state.scores)))
        return state
    return state._replace(phase="hand_end", acknowledged=(), hand_end_due=now + state.hand_ack_timeout)
