"""The match-record part of the ``MatchRepository`` contract, for every adapter (memory, SQLite,
PostgreSQL): a recorded match keeps its record (``FinishedMatch.record``) exactly as given,
recorded once, and its summaries say whether it has one."""

from __future__ import annotations

import copy
import json
import random
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest

from application.ports import MatchRepository
from application.results.archive import FinishedMatch
from application.results.recording import finished_match
from domain.live_game import Seat
from tests.contract.match_factories import MATCH_REPOSITORIES, MatchRepositoryUnderTest
from tests.unit.domain.played_matches import REGISTRY, play_match

SCOPONE = REGISTRY.get("scopone_scientifico")
PEOPLE = (Seat("u-zoë", "Zoë Ñ."), Seat("u-niccolò", "Niccolò"), Seat("u-ugo", "Ugo 🂡"), Seat("u-ada", "Ada"))
# Floats that a careless JSON column rounds, reorders or reformats.
AWKWARD_TIMES = (0.1 + 0.2, 1e-7, 1_700_000_123.456789, 1_699_999_999.999999_9, 5e-324, 2.0)


@pytest.fixture(params=list(MATCH_REPOSITORIES))
async def repo(request: pytest.FixtureRequest) -> AsyncIterator[MatchRepository]:
    harness: MatchRepositoryUnderTest
    async with MATCH_REPOSITORIES[request.param]() as harness:
        yield harness.repository


def a_finished_match(seed: int = 1) -> FinishedMatch:
    """A real scopone match of four people, as the platform records it: its record has nested
    lists and objects, unicode names, and step times with every digit a float has."""
    played = play_match(
        SCOPONE, f"{seed:02x}" * 32, random.Random(seed), seats=PEOPLE, game_id=str(uuid.uuid4()), leavers=0.0
    )
    match = finished_match(played.session, SCOPONE, played.log)
    assert match is not None and match.record is not None
    record = copy.deepcopy(dict(match.record))
    for step, time in zip(record["steps"][1:], AWKWARD_TIMES, strict=False):
        step["time"] = time
    return replace(match, record=record)


async def test_a_recorded_matchs_record_reads_back_exactly_as_given(repo: MatchRepository) -> None:
    match = a_finished_match()
    given = json.loads(json.dumps(match.record))

    assert await repo.record(match)

    stored = await repo.match_record(match.id)
    assert stored is not None and stored == given
    assert json.dumps(stored, sort_keys=True) == json.dumps(given, sort_keys=True)
    assert [step["time"] for step in stored["steps"][1:7]] == list(AWKWARD_TIMES)
    assert [player["name"] for player in stored["players"]] == ["Zoë Ñ.", "Niccolò", "Ugo 🂡", "Ada"]


async def test_a_record_read_back_and_changed_leaves_the_stored_one_as_it_was(repo: MatchRepository) -> None:
    match = a_finished_match()
    assert await repo.record(match)

    first = await repo.match_record(match.id)
    assert first is not None
    first["steps"].clear()
    first["players"][0]["name"] = "Mallory"

    assert await repo.match_record(match.id) == match.record


async def test_a_match_recorded_without_a_record_answers_none_and_its_summaries_say_so(
    repo: MatchRepository,
) -> None:
    kept, bare = a_finished_match(1), replace(a_finished_match(2), record=None)
    assert await repo.record(kept)
    assert await repo.record(bare)

    assert await repo.match_record(bare.id) is None
    assert await repo.match_record(kept.id) == kept.record
    by_id = {match.id: await repo.match(match.id) for match in (kept, bare)}
    assert {match_id: summary and summary.has_record for match_id, summary in by_id.items()} == {
        kept.id: True,
        bare.id: False,
    }
    history = await repo.history("u-zoë", limit=10)
    assert {summary.id: summary.has_record for summary in history} == {kept.id: True, bare.id: False}


async def test_recording_the_same_match_twice_keeps_its_first_record(repo: MatchRepository) -> None:
    match = a_finished_match()
    other: dict[str, Any] = {**dict(match.record or {}), "steps": [], "result": None}

    assert await repo.record(match) is True
    assert await repo.record(replace(match, record=other)) is False
    assert await repo.record(replace(match, record=None)) is False

    assert await repo.match_record(match.id) == match.record
    summary = await repo.match(match.id)
    assert summary is not None and summary.has_record is True


async def test_a_match_first_recorded_without_a_record_does_not_get_one_later(repo: MatchRepository) -> None:
    match = a_finished_match()

    assert await repo.record(replace(match, record=None)) is True
    assert await repo.record(match) is False

    assert await repo.match_record(match.id) is None


async def test_an_unknown_match_has_no_record(repo: MatchRepository) -> None:
    assert await repo.record(a_finished_match())

    assert await repo.match_record(str(uuid.uuid4())) is None
    assert await repo.match_record("") is None
