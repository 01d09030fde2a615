from __future__ import annotations

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from application.identity.caller import Identity
from application.playing.deadline_worker import fire_due
from application.playing.live_games import LiveGames
from application.playing.queries import snapshot
from domain.live_game import Phase
from tests.unit.application.helpers import started_game


async def test_no_deadline_fires_before_its_due_time(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players)
    clock.advance(games.timeouts.turn - 0.001)
    assert await fire_due(games, deadlines) == 0
    assert (await games.store.get(session.id)) == session


async def test_a_turn_timeout_plays_a_legal_card_for_the_absent_player(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players)
    clock.advance(games.timeouts.turn)
    assert await fire_due(games, deadlines) == 1
    after = await games.store.get(session.id)
    assert after is not None and after.version == session.version + 1
    counts = (await snapshot(games, session.id, None))["hand_counts"]
    assert sorted(counts) == [9, 10, 10, 10]


async def test_timeouts_alone_finish_a_match(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players, target_score=3)
    for _ in range(5000):
        current = await games.store.get(session.id)
        assert current is not None
        if current.phase == Phase.FINISHED:
            break
        clock.advance(max(games.timeouts.turn, games.timeouts.hand_ack))
        await fire_due(games, deadlines)
    view = await snapshot(games, session.id, players[0].user_id)
    assert view["status"] == "finished" and view["winner"] in {"A", "B"}
    assert await deadlines.next_due() is None


async def test_a_deadline_fired_twice_changes_the_game_once(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    from application.playing.deadline_worker import fire_one
    from application.ports import ClaimedDeadline

    session = await started_game(games, players)
    clock.advance(games.timeouts.turn)
    claimed = await deadlines.claim_due(10, 15)
    assert len(claimed) == 1
    assert await fire_one(games, claimed[0]) is True
    repeat = ClaimedDeadline(claimed[0].game_id, claimed[0].token, claimed[0].due, "again")
    assert await fire_one(games, repeat) is False
    after = await games.store.get(session.id)
    assert after is not None and after.version == session.version + 1
