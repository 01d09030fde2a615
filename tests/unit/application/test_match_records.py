"""A finished match's record is written with its result, and is what the API serves and replays."""

from __future__ import annotations

import dataclasses

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from application.finding.lobby import create_game
from application.identity.caller import Identity
from application.playing.live_games import Archive, LiveGames
from application.playing.queries import snapshot
from application.results.match_records import match_record, match_replay
from application.results.recording import record_if_finished
from domain.commitment import commitment
from domain.errors import NoRecord, NotFound
from domain.verification import check_record
from tests.unit.application.helpers import started_game
from tests.unit.application.test_record_match import play_to_the_end_by_timeouts


def records_of(games: LiveGames) -> Archive:
    return Archive(games.registry, games.matches)


async def test_a_match_played_to_the_end_has_a_record_that_verifies_and_matches_its_result(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players, target_score=1)
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)

    record = await match_record(records_of(games), session.id)
    summary = await games.matches.match(session.id)

    assert summary is not None and summary.has_record
    assert check_record(record, games.registry).ok
    assert record["result"]["winner"] == summary.result["winner"]
    assert record["result"]["scores"] == summary.result["scores"]
    assert [p["user_id"] for p in record["players"]] == [p.user_id for p in players[:4]]
    assert record["steps"][0]["kind"] == "start" and record["steps"][0]["version"] == session.version


async def test_every_view_shows_the_commitment_the_record_later_opens(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players, target_score=1)
    views = [await snapshot(games, session.id, user) for user in (players[0].user_id, None)]
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)

    shuffle = (await match_record(records_of(games), session.id))["shuffle"]

    assert {view["seed_commitment"] for view in views} == {shuffle["commitment"]}
    assert commitment(shuffle["seed"], shuffle["salt"]) == shuffle["commitment"]
    for view in views:
        assert shuffle["seed"] not in str(view) and shuffle["salt"] not in str(view)


async def test_a_table_waiting_for_players_shows_no_commitment_yet(
    games: LiveGames, players: list[Identity]
) -> None:
    table = await create_game(games, players[0], "scopone_scientifico", {})

    assert "seed_commitment" not in await snapshot(games, table.id, players[0].user_id)


async def test_a_match_started_before_records_were_kept_is_recorded_without_one(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players, target_score=1)
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)
    finished = await games.store.get(session.id)
    assert finished is not None
    # The same finished match as an older server left it: no salt, nothing in its log.
    old = dataclasses.replace(finished, id="old-match", join_code="OLDOLD", salt=None, result_recorded=False)
    assert await games.commits.commit(old, 0, ())

    await record_if_finished(games, old)

    summary = await games.matches.match("old-match")
    assert summary is not None and not summary.has_record
    with pytest.raises(NoRecord):
        await match_record(records_of(games), "old-match")


async def test_an_unknown_or_unfinished_match_has_no_record(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await started_game(games, players, target_score=1)

    for match_id in (session.id, "no-such-match", "bad\x00id"):
        with pytest.raises(NotFound):
            await match_record(records_of(games), match_id)


async def test_the_replay_has_one_face_up_frame_per_step_and_ends_on_the_final_score(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players, target_score=1)
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)
    record = await match_record(records_of(games), session.id)

    replay = await match_replay(records_of(games), session.id)

    assert replay["verification"] == {"ok": True, "steps": len(record["steps"]), "problem": None}
    assert len(replay["frames"]) == len(record["steps"])
    first, last = replay["frames"][0], replay["frames"][-1]
    assert [len(hand) for hand in first["view"]["hands"]] == [10, 10, 10, 10]
    assert last["view"]["scores"] == record["result"]["scores"]
    assert last["view"]["phase"] == "finished"
