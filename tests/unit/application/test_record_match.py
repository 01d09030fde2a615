from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import threading
from typing import Any

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.matches import MemoryMatchRepository
from adapters.memory.notifier import MemoryNotifier
from application.identity.caller import Identity
from application.playing.deadline_worker import fire_due
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.queries import snapshot
from application.playing.schedule import RECORD_GRACE_SECONDS
from application.ports import StorageUnavailable
from application.results import recording
from application.results.archive import FinishedMatch
from application.results.recording import record_if_finished
from domain.live_game import LiveGame, Phase
from domain.match_record import build_record
from tests.unit.application.helpers import legal_play, started_game


class SwitchableRepository(MemoryMatchRepository):
    """A memory repository whose database can be 'stopped'."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False

    async def record(self, match: FinishedMatch) -> bool:
        if self.down:
            raise StorageUnavailable("database stopped")
        return await super().record(match)


class HangingRepository(MemoryMatchRepository):
    """A memory repository whose ``record`` does not return until ``released`` is set,
    as a database call does when the caller's task is cancelled under it."""

    def __init__(self) -> None:
        super().__init__()
        self.released = asyncio.Event()

    async def record(self, match: FinishedMatch) -> bool:
        await self.released.wait()
        return await super().record(match)


async def play_briscola_to_the_end_by_hand(games: LiveGames, game_id: str, players: list[Identity]) -> None:
    """Every move played by its player through ``act``; a call still running after
    half a second is cancelled, as Sanic cancels a socket's task when the socket closes."""
    for _ in range(500):
        session = await games.store.get(game_id)
        assert session is not None
        if session.phase == Phase.FINISHED:
            return
        for player in players[:2]:
            view = await snapshot(games, game_id, player.user_id)
            if view.get("phase") == "hand_end" and view["seat"] not in view["acknowledged"]:
                message = {"action": "ack"}
            elif view.get("your_turn"):
                message = legal_play(view)
            else:
                continue
            with contextlib.suppress(TimeoutError):  # cancelled mid-recording
                await asyncio.wait_for(act(games, game_id, player.user_id, message), timeout=0.5)
            break
    raise AssertionError("the match did not end")


async def play_to_the_end_by_timeouts(
    games: LiveGames, game_id: str, clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    for _ in range(5000):
        session = await games.store.get(game_id)
        assert session is not None
        if session.phase == Phase.FINISHED:
            return
        clock.advance(max(games.timeouts.turn, games.timeouts.hand_ack))
        await fire_due(games, deadlines)
    raise AssertionError("the match did not end")


async def test_a_finished_match_is_recorded_once_with_every_player(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players, target_score=1)
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)
    finished = await games.store.get(session.id)
    assert finished is not None and finished.result_recorded
    history = await games.matches.history(players[0].user_id, 10)
    assert [m.id for m in history] == [session.id]
    assert sorted(p.user_id for p in history[0].participants) == sorted(p.user_id for p in players[:4])
    assert {p.elo_delta for p in history[0].participants} == {16, -16}


async def test_recording_again_after_a_crash_before_the_flag_changes_nothing(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players, target_score=1)
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)
    recorded = await games.store.get(session.id)
    assert recorded is not None
    crashed = dataclasses.replace(recorded, result_recorded=False, version=recorded.version + 1)
    assert await games.commits.commit(crashed, recorded.version, ())
    await record_if_finished(games, crashed)
    ratings = await games.matches.ratings(players[0].user_id)
    assert len(await games.matches.history(players[0].user_id, 10)) == 1
    assert [r.matches for r in ratings] == [1]


async def test_a_result_is_stored_once_the_database_comes_back(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    repository = SwitchableRepository()
    games = dataclasses.replace(games, matches=repository)
    session = await started_game(games, players, target_score=1)
    repository.down = True
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)
    finished = await games.store.get(session.id)
    assert finished is not None and not finished.result_recorded
    assert await deadlines.next_due() is not None  # a retry is scheduled

    clock.advance(60)
    await fire_due(games, deadlines)  # still down: retried later, nothing lost
    assert await repository.history(players[0].user_id, 10) == []

    repository.down = False
    clock.advance(60)
    await fire_due(games, deadlines)
    stored = await games.store.get(session.id)
    assert stored is not None and stored.result_recorded
    assert len(await repository.history(players[0].user_id, 10)) == 1
    clock.advance(60)
    await fire_due(games, deadlines)
    assert len(await repository.history(players[0].user_id, 10)) == 1
    assert [r.matches for r in await repository.ratings(players[0].user_id)] == [1]


async def recorded_soon(games: LiveGames, game_id: str) -> LiveGame:
    """The session once a recording under way has marked it (the loop turns, the clock does not)."""
    for _ in range(1000):
        session = await games.store.get(game_id)
        assert session is not None
        if session.result_recorded:
            return session
        await asyncio.sleep(0)
    raise AssertionError("the match was not recorded")


async def test_a_match_whose_last_mover_is_cancelled_while_recording_is_recorded_all_the_same(
    games: LiveGames, players: list[Identity], deadlines: MemoryDeadlineQueue
) -> None:
    repository = HangingRepository()
    games = dataclasses.replace(games, matches=repository)
    session = await started_game(games, players, "briscola", target_score=1)
    await play_briscola_to_the_end_by_hand(games, session.id, players)
    finished = await games.store.get(session.id)
    assert finished is not None and finished.phase == Phase.FINISHED and not finished.result_recorded

    repository.released.set()
    await recorded_soon(games, session.id)
    assert [m.id for m in await repository.history(players[1].user_id, 10)] == [session.id]
    assert await deadlines.next_due() is None  # no retry left: marking it recorded cleared the entry


class StuckOnceRepository(HangingRepository):
    """A repository whose first ``record`` hangs until released (its process is as good as dead);
    the others go through."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    async def record(self, match: FinishedMatch) -> bool:
        self.calls += 1
        if self.calls == 1:
            return await super().record(match)
        return await MemoryMatchRepository.record(self, match)


async def test_a_recording_that_never_ends_is_done_by_the_deadline_worker_after_its_grace(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    repository = StuckOnceRepository()
    games = dataclasses.replace(games, matches=repository)
    session = await started_game(games, players, "briscola", target_score=1)
    try:
        await play_briscola_to_the_end_by_hand(games, session.id, players)
        assert await fire_due(games, deadlines) == 0  # the outbox entry waits for the inline recording first
        clock.advance(RECORD_GRACE_SECONDS)
        assert await fire_due(games, deadlines) == 1
        stored = await games.store.get(session.id)
        assert stored is not None and stored.result_recorded
        assert [m.id for m in await repository.history(players[1].user_id, 10)] == [session.id]
        assert await deadlines.next_due() is None
    finally:
        repository.released.set()  # the stuck recording ends: it finds the match already there
        await recorded_soon(games, session.id)
    assert len(await repository.history(players[0].user_id, 10)) == 1


async def test_marking_a_match_recorded_is_announced_to_every_process(
    games: LiveGames,
    players: list[Identity],
    clock: FakeClock,
    notifier: MemoryNotifier,
    deadlines: MemoryDeadlineQueue,
) -> None:
    session = await started_game(games, players, target_score=1)
    notes = notifier.listen()
    await notifier.watch(session.id)
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)
    stored = await games.store.get(session.id)
    assert stored is not None and stored.result_recorded
    seen = []
    while True:
        note = await asyncio.wait_for(anext(notes), timeout=1)
        seen.append(note)
        if note.version == stored.version:
            break
    assert seen[-1].session is not None and seen[-1].session.result_recorded


async def test_the_event_loop_serves_other_tables_while_a_finished_matchs_record_is_built(
    games: LiveGames,
    players: list[Identity],
    clock: FakeClock,
    deadlines: MemoryDeadlineQueue,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The record replays the whole match, tens of milliseconds of CPU: built on the event loop, it
    would hold up every table of the process until it is done. Here it is held until another table
    has been opened and filled, which only a loop left free can do."""
    building, released = threading.Event(), threading.Event()

    def held_build(*args: Any) -> Any:
        building.set()
        assert released.wait(timeout=5), "nothing let the record's build go on: the loop was held"
        return build_record(*args)

    monkeypatch.setattr(recording, "build_record", held_build)
    session = await started_game(games, players, target_score=1)
    ending = asyncio.create_task(play_to_the_end_by_timeouts(games, session.id, clock, deadlines))
    assert await asyncio.to_thread(building.wait, 10), "the match ended and its record is being built"

    other = await started_game(games, players, "briscola")
    assert other.phase == Phase.PLAYING
    released.set()
    await ending

    recorded = await games.matches.match(session.id)
    assert recorded is not None and await games.matches.match_record(session.id) is not None
    finished = await games.store.get(session.id)
    assert finished is not None and finished.result_recorded
