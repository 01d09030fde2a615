from __future__ import annotations

from adapters.memory.clock import FakeClock
from application.deadline_worker import fire_due
from application.identity import Identity
from application.platform import Platform
from application.queries import snapshot
from tests.unit.application.helpers import started_game


async def test_no_deadline_fires_before_its_due_time(
    platform: Platform, players: list[Identity], clock: FakeClock
) -> None:
    session = await started_game(platform, players)
    clock.advance(platform.timeouts.turn - 0.001)
    assert await fire_due(platform) == 0
    assert (await platform.store.get(session.id)) == session


async def test_a_turn_timeout_plays_a_legal_card_for_the_absent_player(
    platform: Platform, players: list[Identity], clock: FakeClock
) -> None:
    session = await started_game(platform, players)
    clock.advance(platform.timeouts.turn)
    assert await fire_due(platform) == 1
    after = await platform.store.get(session.id)
    assert after is not None and after.version == session.version + 1
    counts = (await snapshot(platform, session.id, None))["hand_counts"]
    assert sorted(counts) == [9, 10, 10, 10]


async def test_timeouts_alone_finish_a_match(
    platform: Platform, players: list[Identity], clock: FakeClock
) -> None:
    session = await started_game(platform, players, target_score=3)
    for _ in range(5000):
        current = await platform.store.get(session.id)
        assert current is not None
        if current.phase == "finished":
            break
        clock.advance(max(platform.timeouts.turn, platform.timeouts.hand_ack))
        await fire_due(platform)
    view = await snapshot(platform, session.id, players[0].user_id)
    assert view["status"] == "finished" and view["winner"] in {"A", "B"}
    assert await platform.deadlines.next_due() is None


async def test_a_deadline_fired_twice_changes_the_game_once(
    platform: Platform, players: list[Identity], clock: FakeClock
) -> None:
    from application.deadline_worker import fire_one
    from application.ports import ClaimedDeadline

    session = await started_game(platform, players)
    clock.advance(platform.timeouts.turn)
    claimed = await platform.deadlines.claim_due(10, 15)
    assert len(claimed) == 1
    assert await fire_one(platform, claimed[0]) is True
    repeat = ClaimedDeadline(claimed[0].game_id, claimed[0].token, claimed[0].due, "again")
    assert await fire_one(platform, repeat) is False
    after = await platform.store.get(session.id)
    assert after is not None and after.version == session.version + 1
