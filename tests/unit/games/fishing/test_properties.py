"""Random legal matches of every fishing game, played to the end, keep every invariant and
show nobody a card it may not see, in views or in events."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.cards import Card, card, cards, codes
from domain.engine import Timeouts
from domain.games.fishing import FISHING_ENGINES, FishingEngine
from domain.games.fishing.captures import ace_sweeps
from domain.games.fishing.state import FishingState

from ..seen import card_codes_in, check_events
from .builders import assert_all_cards_once

# One random match per example, per game type: the Hypothesis profile (tests/conftest.py) sets how many.
MAX_STEPS = 5_000
CHECK_EVERY_MOVE = 0.2
"""The share of positions where every listed legal move is tried (each must be accepted)."""


def public_cards(state: FishingState) -> set[str]:
    public = set(codes(state.table))
    if state.last_play is not None:
        public |= {state.last_play.card.code, *codes(state.last_play.captured)}
    return public


def check_views(engine: FishingEngine, state: FishingState) -> None:
    public = public_cards(state)
    spectator = engine.view(state, None)
    assert "hand" not in spectator
    assert "legal_moves" not in spectator
    assert card_codes_in(spectator) <= public
    waiting = engine.to_act(state)
    assert (waiting == ()) == engine.is_over(state)
    for seat in range(engine.seats):
        view = engine.view(state, seat)
        own = set(codes(state.hands[seat]))
        assert set(view["hand"]) == own
        assert card_codes_in(view) <= own | public
        assert view["hand_counts"] == [len(hand) for hand in state.hands]
        assert bool(view["legal_moves"]) == (seat in waiting)


def check_every_legal_move_is_accepted(engine: FishingEngine, state: FishingState, now: float) -> None:
    for seat in engine.to_act(state):
        for action in engine.view(state, seat)["legal_moves"]:
            assert engine.apply(state, seat, action, now, random.Random(0)).changed


def check_hand_record(engine: FishingEngine, record: dict[str, Any]) -> None:
    sides = [record["sides"][label] for label in "AB"]
    assert sides[0]["cards"] + sides[1]["cards"] == 40
    assert sides[0]["denari"] + sides[1]["denari"] == 10
    assert sides[0]["settebello"] + sides[1]["settebello"] == 1
    assert ("napola" in record["award"]) == ("napola" in sides[0]) == ("napola" in sides[1])
    for name, winner in record["award"].items():
        points = [side[name] for side in sides]
        if winner is None:
            assert points == [0, 0]
        else:
            won = "AB".index(winner)
            assert points[1 - won] == 0
            assert points[won] >= 1
    for side in sides:
        assert side["total"] == (
            side["carte"]
            + side["denara"]
            + side["settebello"]
            + side["primiera"]
            + side.get("napola", 0)
            + side["scope"]
        )


def choose_play(view: dict[str, Any], pigliatutto: bool, chooser: random.Random) -> dict[str, Any]:
    """A legal move as listed, its capture in any order; an ace's sweep may leave it unlisted."""
    action = dict(chooser.choice(view["legal_moves"]))
    if "capture" in action:
        capture = list(action["capture"])
        chooser.shuffle(capture)
        action["capture"] = capture
        sweeps = ace_sweeps(card(action["card"]), tuple(cards(" ".join(view["table"]))), pigliatutto)
        if sweeps and chooser.random() < 0.5:
            del action["capture"]
    return action


@pytest.mark.parametrize("engine", FISHING_ENGINES, ids=lambda engine: engine.game_type)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    target=st.one_of(st.integers(min_value=1, max_value=6), st.none()),
    pigliatutto=st.booleans(),
    napola=st.booleans(),
    timeout_rate=st.sampled_from([0.0, 0.1, 0.5, 1.0]),
)
def test_random_legal_matches_end_properly(
    engine: FishingEngine,
    seed: int,
    target: int | None,
    pigliatutto: bool,
    napola: bool,
    timeout_rate: float,
) -> None:
    options: dict[str, Any] = {"asso_pigliatutto": pigliatutto}
    if target is not None:
        options["target_score"] = target
    if engine.variant.has_napola:
        options["napola"] = napola
    rng = random.Random(seed)
    chooser = random.Random(seed + 1)
    now = 1_000.0
    started = engine.start(options, Timeouts(turn=20.0, hand_ack=10.0), now, rng)
    state: FishingState = started.state
    nobody: tuple[tuple[Card, ...], ...] = ((),) * engine.seats
    check_events(started.events, nobody, state.hands, public_cards(state))
    goal = state.options.target_score
    checked_hands = 0
    for _ in range(MAX_STEPS):
        assert_all_cards_once(state)
        check_views(engine, state)
        if chooser.random() < CHECK_EVERY_MOVE:
            check_every_legal_move_is_accepted(engine, state, now)
        for record in state.history[checked_hands:]:
            check_hand_record(engine, record)
        checked_hands = len(state.history)
        if engine.is_over(state):
            break
        now += chooser.uniform(0.0, 25.0)
        (deadline,) = engine.deadlines(state)
        if chooser.random() < timeout_rate:
            outcome = engine.fire(state, deadline.token, max(now, deadline.due), rng)
            assert outcome.changed
        elif state.phase == "playing":
            seat = engine.turn(state)
            assert seat is not None
            action = choose_play(engine.view(state, seat), pigliatutto, chooser)
            outcome = engine.apply(state, seat, action, now, rng)
        else:
            seat = chooser.randrange(engine.seats)
            outcome = engine.apply(state, seat, {"action": "ack"}, now, rng)
        if chooser.random() < 0.05:
            assert engine.load(json.loads(json.dumps(engine.dump(outcome.state)))) == outcome.state
        public = public_cards(state) | public_cards(outcome.state)
        check_events(outcome.events, state.hands, outcome.state.hands, public)
        state = outcome.state
    assert engine.is_over(state), "the match did not end"
    assert engine.deadlines(state) == ()
    result = engine.result(state)
    assert result is not None
    scores = state.scores
    assert state.winner is not None
    if state.whole_suit:
        assert state.history[-1]["napola_whole_suit"] == "AB"[state.winner]
    else:
        assert scores[state.winner] >= goal
        assert scores[state.winner] > scores[1 - state.winner]
        for record in state.history[:-1]:
            after = (record["scores"]["A"], record["scores"]["B"])
            assert max(after) < goal or after[0] == after[1]
    assert result.winner == "AB"[state.winner]
    totals = [sum(record["sides"][label]["total"] for record in state.history) for label in "AB"]
    assert tuple(totals) == scores
    assert result.details["hands_played"] == len(state.history)
