"""Turn timeouts, the hand-end summary, acknowledgements and stale tokens."""

from __future__ import annotations

import random

import pytest

from domain.cards import cards
from domain.engine import Deadline
from domain.errors import IllegalMove
from domain.games.fishing import SCOPA, SCOPONE
from domain.games.fishing.state import FishingState

from .builders import NOW, TIMEOUTS, play, position, start

RNG = random.Random(0)


def hand_end_of_scopone() -> FishingState:
    state = position(SCOPONE, hands={0: "07C"}, table="03C 04B", turn=0)
    return play(SCOPONE, state, 0, "07C", "03C 04B")


def test_a_playing_state_has_one_turn_deadline() -> None:
    state = start(SCOPONE)
    assert SCOPONE.deadlines(state) == (Deadline(token="turn:0", due=NOW + TIMEOUTS.turn, kind="turn"),)
    assert SCOPONE.turn(state) == 1


def test_the_turn_token_changes_with_every_play() -> None:
    state = position(SCOPONE, hands={0: "01S", 1: "07C 02B", 2: "09B", 3: "08S"}, table="03C 04B 09D", turn=1)
    after = play(SCOPONE, state, 1, "02B")
    (deadline,) = SCOPONE.deadlines(after)
    assert deadline.token == f"turn:{state.moves + 1}"
    assert deadline.due == NOW + 1 + TIMEOUTS.turn


def test_the_hand_end_summary_waits_for_acknowledgements() -> None:
    state = hand_end_of_scopone()
    assert SCOPONE.turn(state) is None
    assert SCOPONE.deadlines(state) == (
        Deadline(token="hand_end:1", due=NOW + 1 + TIMEOUTS.hand_ack, kind="hand_end"),
    )


def test_when_every_seat_acknowledges_the_next_hand_is_dealt_by_the_next_dealer() -> None:
    state = hand_end_of_scopone()
    for seat in (2, 0, 3):
        state = SCOPONE.apply(state, seat, {"action": "ack"}, NOW + 5, RNG).state
        assert state.phase == "hand_end"
        assert SCOPONE.view(state, None)["acknowledged"] == sorted(state.acknowledged)
    outcome = SCOPONE.apply(state, 1, {"action": "ack"}, NOW + 6, RNG)
    nxt = outcome.state
    assert nxt.phase == "playing"
    assert nxt.hand_number == 2
    assert nxt.dealer == 1
    assert nxt.turn == 2
    assert [len(hand) for hand in nxt.hands] == [10, 10, 10, 10]
    assert nxt.piles == ((), ())
    assert nxt.scope == (0, 0)
    assert nxt.turn_due == NOW + 6 + TIMEOUTS.turn
    assert any(event.kind == "hand_started" for event in outcome.events)


def test_a_repeated_acknowledgement_changes_nothing() -> None:
    state = SCOPONE.apply(hand_end_of_scopone(), 2, {"action": "ack"}, NOW, RNG).state
    assert not SCOPONE.apply(state, 2, {"action": "ack"}, NOW, RNG).changed


def test_playing_during_the_hand_end_summary_is_refused() -> None:
    with pytest.raises(IllegalMove):
        SCOPONE.apply(hand_end_of_scopone(), 1, {"action": "play", "card": "07C"}, NOW, RNG)


def test_the_hand_end_timeout_deals_the_next_hand() -> None:
    state = hand_end_of_scopone()
    (deadline,) = SCOPONE.deadlines(state)
    nxt = SCOPONE.fire(state, deadline.token, deadline.due, RNG).state
    assert nxt.phase == "playing"
    assert nxt.hand_number == 2
    assert nxt.dealer == 1


def test_the_turn_timeout_plays_a_legal_card_for_the_seat_on_turn() -> None:
    state = position(SCOPONE, hands={0: "01S", 1: "07C", 2: "09B", 3: "08S"}, table="07S 03B 04B", turn=1)
    outcome = SCOPONE.fire(state, "turn:0", NOW + 30, RNG)
    assert outcome.changed
    assert outcome.state.hands[1] == ()
    assert outcome.state.table == tuple(cards("03B 04B"))
    assert outcome.state.turn == 2


def test_the_turn_timeout_picks_one_of_the_legal_captures() -> None:
    legal = [set(cards("01C 05B")), set(cards("02S 04B"))]
    for seed in range(8):
        state = position(SCOPONE, hands={0: "01S", 1: "06D", 2: "09B"}, table="01C 05B 02S 04B", turn=1)
        after = SCOPONE.fire(state, "turn:0", NOW + 30, random.Random(seed)).state
        assert after.last_play is not None
        assert set(after.last_play.captured) in legal


def test_a_stale_token_changes_nothing() -> None:
    state = position(SCOPONE, hands={0: "01S", 1: "07C 02B", 2: "09B", 3: "08S"}, table="03C 04B 09D", turn=1)
    after = play(SCOPONE, state, 1, "02B")
    for token in ("turn:0", "hand_end:1", "nonsense"):
        outcome = SCOPONE.fire(after, token, NOW + 100, RNG)
        assert not outcome.changed
        assert outcome.state is after
        assert outcome.events == ()


def test_an_old_hand_end_token_changes_nothing_once_the_next_hand_started() -> None:
    state = hand_end_of_scopone()
    nxt = SCOPONE.fire(state, "hand_end:1", NOW + 50, RNG).state
    assert not SCOPONE.fire(nxt, "hand_end:1", NOW + 60, RNG).changed


def test_nothing_fires_after_the_match() -> None:
    over = position(SCOPA, hands={}, phase="finished", turn=None, winner=0)
    assert SCOPA.deadlines(over) == ()
    assert not SCOPA.fire(over, "turn:0", NOW, RNG).changed
