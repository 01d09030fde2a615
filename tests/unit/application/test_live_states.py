"""This process's copies of live games, and the changes it is committing right now."""

from __future__ import annotations

from dataclasses import replace

from application.playing.live_states import LiveStates
from domain.match_log import Logged
from tests.contract import new_session

ACTED = Logged.acted(2, 1_700_000_001.0, 0, {"action": "play", "card": "01S"})


def test_a_change_being_committed_is_found_by_the_same_logged_change() -> None:
    live, session = LiveStates(), replace(new_session(), version=2)
    live.committing(session, "state", ACTED)

    found = live.being_committed(
        session.id, Logged.acted(2, 1_700_000_001.0, 0, {"card": "01S", "action": "play"})
    )

    assert found == (session, "state")


def test_another_change_of_the_same_game_is_not_taken_for_the_one_being_committed() -> None:
    live, session = LiveStates(), replace(new_session(), version=2)
    live.committing(session, "state", ACTED)

    assert live.being_committed(session.id, replace(ACTED, action={"action": "play", "card": "03S"})) is None
    assert live.being_committed(session.id, replace(ACTED, seat=1)) is None
    assert live.being_committed(session.id, replace(ACTED, version=3)) is None
    assert live.being_committed("another game", ACTED) is None


def test_a_commit_that_is_over_is_no_longer_being_committed() -> None:
    live, session = LiveStates(), replace(new_session(), version=2)
    live.committing(session, "state", ACTED)

    live.done(session)

    assert live.being_committed(session.id, ACTED) is None


def test_a_commit_over_leaves_a_later_commit_of_the_same_game_in_place() -> None:
    live, first = LiveStates(), replace(new_session(), version=2)
    later = replace(first, version=3)
    later_change = replace(ACTED, version=3)
    live.committing(first, "first", ACTED)
    live.committing(later, "later", later_change)

    live.done(first)

    assert live.being_committed(first.id, later_change) == (later, "later")
