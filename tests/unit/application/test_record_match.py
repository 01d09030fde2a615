from __future__ import annotations

import dataclasses

from adapters.memory.clock import FakeClock
from adapters.memory.matches import MemoryMatchRepository
from application.deadline_worker import fire_due
from application.identity import Identity
from application.platform import Platform
from application.ports import StorageUnavailable
from application.record_match import record_if_finished
from application.records import FinishedMatch
from tests.unit.application.helpers import started_game


class SwitchableRepository(MemoryMatchRepository):
    """A memory repository whose database can be 'stopped'."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False

    async def record(self, match: FinishedMatch) -> bool:
        if self.down:
            raise StorageUnavailable("database stopped")
        return await super().record(match)


async def play_to_the_end_by_timeouts(platform: Platform, game_id: str, clock: FakeClock) -> None:
    for _ in range(5000):
        session = await platform.store.get(game_id)
        assert session is not None
        if session.phase == "finished":
            return
        clock.advance(max(platform.timeouts.turn, platform.timeouts.hand_ack))
        await fire_due(platform)
    raise AssertionError("the match did not end")


async def test_a_finished_match_is_recorded_once_with_every_player(
    platform: Platform, players: list[Identity], clock: FakeClock
) -> None:
    session = await started_game(platform, players, target_score=1)
    await play_to_the_end_by_timeouts(platform, session.id, clock)
    finished = await platform.store.get(session.id)
    assert finished is not None and finished.result_recorded
    history = await platform.matches.history(players[0].user_id, 10)
    assert [m.id for m in history] == [session.id]
    assert sorted(p.user_id for p in history[0].participants) == sorted(p.user_id for p in players[:4])
    assert {p.elo_delta for p in history[0].participants} == {16, -16}


async def test_recording_again_after_a_crash_before_the_flag_changes_nothing(
    platform: Platform, players: list[Identity], clock: FakeClock
) -> None:
    session = await started_game(platform, players, target_score=1)
    await play_to_the_end_by_timeouts(platform, session.id, clock)
    recorded = await platform.store.get(session.id)
    assert recorded is not None
    crashed = dataclasses.replace(recorded, result_recorded=False, version=recorded.version + 1)
    assert await platform.store.save(crashed, expected_version=recorded.version)
    await record_if_finished(platform, crashed)
    ratings = await platform.matches.ratings(players[0].user_id)
    assert len(await platform.matches.history(players[0].user_id, 10)) == 1
    assert [r.matches for r in ratings] == [1]


async def test_a_result_is_stored_once_the_database_comes_back(
    platform: Platform, players: list[Identity], clock: FakeClock
) -> None:
    repository = SwitchableRepository()
    platform = dataclasses.replace(platform, matches=repository)
    session = await started_game(platform, players, target_score=1)
    repository.down = True
    await play_to_the_end_by_timeouts(platform, session.id, clock)
    finished = await platform.store.get(session.id)
    assert finished is not None and not finished.result_recorded
    assert await platform.deadlines.next_due() is not None  # a retry is scheduled

    clock.advance(60)
    await fire_due(platform)  # still down: retried later, nothing lost
    assert await repository.history(players[0].user_id, 10) == []

    repository.down = False
    clock.advance(60)
    await fire_due(platform)
    stored = await platform.store.get(session.id)
    assert stored is not None and stored.result_recorded
    assert len(await repository.history(players[0].user_id, 10)) == 1
    clock.advance(60)
    await fire_due(platform)
    assert len(await repository.history(players[0].user_id, 10)) == 1
    assert [r.matches for r in await repository.ratings(players[0].user_id)] == [1]
