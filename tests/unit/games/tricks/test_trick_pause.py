"""A completed trick stays on the table a moment before the next lead: the server charges that pause
to nobody. The seat that leads next gets a deadline ``TRICK_PAUSE_SECONDS`` later than an ordinary
turn's, a turn that comes during the pause (after a quick lead) starts its clock when the pause is
over, and the views say how long the pause is (``trick_pause_seconds``). A server may set another
pause (``Timeouts.trick_pause``): each match keeps the one it was dealt with, so its replay and its
saved state hold the same pause, and a state saved before the pause could be set has the default."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.engine import GameEngine
from domain.games.tressette import TRESSETTE, TRESSETTE_A_QUATTRO
from domain.games.tricks import BRISCOLA, BRISCOLA_A_QUATTRO
from domain.games.tricks import BRISCOLA_CHIAMATA as CHIAMATA
from domain.games.tricks.trick import TRICK_PAUSE_SECONDS
from domain.match_log import Logged
from tests.unit.games.tricks.helpers import NOW, TIMEOUTS, rng


def test_the_pause_is_two_seconds_and_every_trick_view_says_so() -> None:
    assert TRICK_PAUSE_SECONDS == 2.0
    for engine in (BRISCOLA, BRISCOLA_A_QUATTRO, CHIAMATA):
        state = engine.start({}, TIMEOUTS, NOW, rng()).state
        assert {engine.view(state, seat)["trick_pause_seconds"] for seat in (None, 0, 1)} == {2.0}


def play_a_card(engine: GameEngine, state: object, now: float) -> tuple[object, int, tuple[str, ...]]:
    """The seat on turn plays its first legal card at ``now``: the next state, the seat, the events' kinds."""
    seat = engine.turn(state)
    assert seat is not None
    action = engine.view(state, seat)["legal_moves"][0]
    outcome = engine.apply(state, seat, action, now, rng())
    return outcome.state, seat, tuple(event.kind for event in outcome.events)


def to_the_first_trick(engine: GameEngine, pause: float = TRICK_PAUSE_SECONDS) -> object:
    """A state whose seat on turn leads the first trick (for chiamata: after a one-bid auction),
    of a match dealt with a trick pause of ``pause``."""
    state = engine.start({}, replace(TIMEOUTS, trick_pause=pause), NOW, rng()).state
    if engine is CHIAMATA:
        opener = engine.turn(state)
        assert opener is not None
        state = engine.apply(state, opener, {"action": "bid", "rank": 1}, NOW, rng()).state
        for seat in range(1, 5):
            state = engine.apply(state, (opener + seat) % 5, {"action": "pass"}, NOW, rng()).state
        state = engine.apply(state, opener, {"action": "call", "card": "01D"}, NOW, rng()).state
    return state


@pytest.mark.parametrize("engine", [BRISCOLA, BRISCOLA_A_QUATTRO, CHIAMATA], ids=lambda e: e.game_type)
def test_the_leader_after_a_completed_trick_gets_the_pause_on_top_of_its_turn(engine: GameEngine) -> None:
    state = to_the_first_trick(engine)
    now = NOW + 10.0
    mid_trick: list[float] = []
    for _ in range(engine.seats):
        now += 1.0
        state, _, kinds = play_a_card(engine, state, now)
        view = engine.view(state, None)
        (deadline,) = engine.deadlines(state)
        assert deadline.due == view["turn_deadline"]
        if "trick" not in kinds:
            mid_trick.append(deadline.due - now)
    assert "trick" in kinds, "the last card of the round completes the trick"
    leader = engine.turn(state)
    assert leader == engine.view(state, None)["last_trick"]["winner"]
    after_trick = engine.view(state, leader)["turn_deadline"] - now
    assert set(mid_trick) == {TIMEOUTS.turn}
    assert after_trick == TIMEOUTS.turn + TRICK_PAUSE_SECONDS
    assert after_trick - mid_trick[0] == 2.0
    assert engine.view(state, leader)["turn_seconds"] == TIMEOUTS.turn


def test_the_turns_of_an_auction_dealt_after_a_patta_get_no_pause() -> None:
    from tests.unit.games.tricks.test_chiamata_play import last_trick, play_last_trick

    state = play_last_trick(last_trick(60))
    assert state.phase == "auction"
    assert CHIAMATA.view(state, None)["turn_deadline"] == NOW + TIMEOUTS.turn


@pytest.mark.parametrize("engine", [BRISCOLA, BRISCOLA_A_QUATTRO, CHIAMATA], ids=lambda e: e.game_type)
def test_a_lead_played_during_the_pause_starts_the_next_seats_clock_only_when_the_pause_is_over(
    engine: GameEngine,
) -> None:
    state = to_the_first_trick(engine)
    now = NOW + 10.0
    for _ in range(engine.seats):
        state, _, kinds = play_a_card(engine, state, now)
    assert "trick" in kinds
    paused_until = now + TRICK_PAUSE_SECONDS
    state, _, _ = play_a_card(engine, state, now + 0.5)  # a quick lead, while the trick is still shown
    assert engine.view(state, None)["turn_deadline"] == paused_until + TIMEOUTS.turn
    if engine.seats > 2:  # with two, the answer completes the trick
        state, _, _ = play_a_card(engine, state, now + 1.0)  # a quick answer, too
        assert engine.view(state, None)["turn_deadline"] == paused_until + TIMEOUTS.turn


@pytest.mark.parametrize("engine", [BRISCOLA, BRISCOLA_A_QUATTRO, CHIAMATA], ids=lambda e: e.game_type)
def test_a_lead_played_after_the_pause_gives_the_next_seat_a_whole_turn_from_then(engine: GameEngine) -> None:
    state = to_the_first_trick(engine)
    now = NOW + 10.0
    for _ in range(engine.seats):
        state, _, _ = play_a_card(engine, state, now)
    later = now + TRICK_PAUSE_SECONDS + 3.0
    state, _, _ = play_a_card(engine, state, later)
    assert engine.view(state, None)["turn_deadline"] == later + TIMEOUTS.turn


TRICK_ENGINES = [BRISCOLA, BRISCOLA_A_QUATTRO, CHIAMATA, TRESSETTE, TRESSETTE_A_QUATTRO]


@pytest.mark.parametrize("engine", TRICK_ENGINES, ids=lambda e: e.game_type)
def test_a_match_dealt_with_a_shorter_pause_holds_the_next_lead_that_long_and_its_views_say_so(
    engine: GameEngine,
) -> None:
    state = to_the_first_trick(engine, pause=0.25)
    now = NOW + 10.0
    while True:
        now += 1.0
        state, _, kinds = play_a_card(engine, state, now)
        if "trick" in kinds:
            break
    leader = engine.turn(state)
    assert leader is not None
    assert engine.view(state, leader)["turn_deadline"] == now + 0.25 + TIMEOUTS.turn
    assert {engine.view(state, seat)["trick_pause_seconds"] for seat in (None, leader)} == {0.25}


@pytest.mark.parametrize("engine", TRICK_ENGINES, ids=lambda e: e.game_type)
def test_a_saved_match_keeps_its_pause_and_one_saved_before_the_pause_could_be_set_has_two_seconds(
    engine: GameEngine,
) -> None:
    state = to_the_first_trick(engine, pause=0.25)
    assert engine.view(engine.load(engine.dump(state)), None)["trick_pause_seconds"] == 0.25
    older = {key: value for key, value in engine.dump(state).items() if key != "trick_pause"}
    assert engine.view(engine.load(older), None)["trick_pause_seconds"] == TRICK_PAUSE_SECONDS


def test_the_match_log_keeps_a_pause_other_than_the_default_and_says_nothing_of_the_default() -> None:
    short = Logged.start(1, NOW, replace(TIMEOUTS, trick_pause=0.25))
    usual = Logged.start(1, NOW, TIMEOUTS)
    assert short.dump()["timeouts"] == {
        "turn": TIMEOUTS.turn,
        "hand_ack": TIMEOUTS.hand_ack,
        "trick_pause": 0.25,
    }
    assert usual.dump()["timeouts"] == {"turn": TIMEOUTS.turn, "hand_ack": TIMEOUTS.hand_ack}
    assert Logged.load(short.dump()) == short
    assert Logged.load(usual.dump()) == usual
    assert Logged.load(usual.dump()).timeouts == replace(TIMEOUTS, trick_pause=TRICK_PAUSE_SECONDS)
