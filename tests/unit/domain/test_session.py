from __future__ import annotations

import pytest

from domain.errors import GameFull
from domain.live_game import LiveGame, Phase, Seat


def lobby(seats: int = 2) -> LiveGame:
    return LiveGame(
        id="g1",
        game_type="scopa",
        join_code="ABC234",
        options={"target_score": 11},
        seats=(Seat("guest:a", "Anna"),) + (None,) * (seats - 1),
        creator_id="guest:a",
        created_at=100.0,
        updated_at=100.0,
    )


def test_every_change_bumps_the_version_by_one() -> None:
    session = lobby()
    joined = session.with_player(Seat("guest:b", "Bruno"), 101.0)
    started = joined.started({"x": 1}, 102.0)
    moved = started.advanced({"x": 2}, 103.0, finished=False)
    finished = moved.advanced({"x": 3}, 104.0, finished=True)
    assert [s.version for s in (session, joined, started, moved, finished)] == [1, 2, 3, 4, 5]
    assert finished.phase == Phase.FINISHED and finished.finished_at == 104.0


def test_a_player_already_seated_keeps_the_seat() -> None:
    session = lobby()
    assert session.with_player(Seat("guest:a", "Anna"), 101.0) is session


def test_a_full_table_refuses_another_player() -> None:
    full = lobby().with_player(Seat("guest:b", "Bruno"), 101.0)
    with pytest.raises(GameFull):
        full.with_player(Seat("guest:c", "Carla"), 102.0)


def test_the_envelope_round_trips_through_plain_dicts() -> None:
    session = lobby().with_player(Seat("guest:b", "Bruno", bot=True), 101.0).started({"x": [1, 2]}, 102.0)
    assert LiveGame.load(session.dump()) == session


def test_the_phase_is_stored_as_its_plain_name() -> None:
    started = lobby().with_player(Seat("guest:b", "Bruno"), 101.0).started({"x": 1}, 102.0)
    dumped = started.dump()
    assert type(dumped["phase"]) is str and dumped["phase"] == "playing"
    assert LiveGame.load({**dumped, "phase": "playing"}).phase is Phase.PLAYING
