from __future__ import annotations

import dataclasses

import pytest

from application.commit import commit
from application.identity import Identity
from application.platform import Platform
from domain.errors import Conflict
from tests.unit.application.helpers import started_game


async def test_a_writer_that_lost_the_race_cannot_overwrite_the_newer_state(
    platform: Platform, players: list[Identity]
) -> None:
    session = await started_game(platform, players)
    engine = platform.registry.get(session.game_type)
    state = engine.load(session.state or {})
    newer = dataclasses.replace(session, version=session.version + 1, updated_at=session.updated_at + 1)
    assert await platform.store.save(newer, expected_version=session.version)

    stale = dataclasses.replace(session, version=session.version + 1, updated_at=session.updated_at + 2)
    with pytest.raises(Conflict):
        await commit(platform, session, stale, engine, state)
    assert await platform.store.get(session.id) == newer
