from __future__ import annotations

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from application.identity.caller import Identity
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.queries import snapshot
from domain.errors import Forbidden, GameNotStarted, InvalidAction, NotYourTurn
from tests.unit.application.helpers import legal_play, player_on_turn, started_game


async def test_a_legal_play_moves_the_game_on_and_schedules_the_next_turn(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players)
    player, view = await player_on_turn(games, session.id, players)
    after = await act(games, session.id, player.user_id, legal_play(view))
    assert after.version == session.version + 1
    assert len((await snapshot(games, session.id, player.user_id))["hand"]) == 9
    assert await deadlines.next_due() == pytest.approx(clock.now() + games.timeouts.turn)


async def test_playing_out_of_turn_is_refused_and_changes_nothing(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await started_game(games, players)
    player, _ = await player_on_turn(games, session.id, players)
    other = next(p for p in players[:4] if p != player)
    other_view = await snapshot(games, session.id, other.user_id)
    with pytest.raises(NotYourTurn):
        await act(games, session.id, other.user_id, {"action": "play", "card": other_view["hand"][0]})
    assert (await games.store.get(session.id)) == session


async def test_a_spectator_may_not_act(games: LiveGames, players: list[Identity]) -> None:
    session = await started_game(games, players)
    with pytest.raises(Forbidden):
        await act(games, session.id, players[4].user_id, {"action": "play", "card": "01D"})
    with pytest.raises(Forbidden):
        await act(games, session.id, None, {"action": "ack"})


async def test_a_lobby_refuses_moves_until_it_starts(games: LiveGames, players: list[Identity]) -> None:
    from application.finding.lobby import create_game

    session = await create_game(games, players[0], "scopone_scientifico", {})
    with pytest.raises(GameNotStarted):
        await act(games, session.id, players[0].user_id, {"action": "play", "card": "01D"})


async def test_a_message_without_an_action_is_invalid(games: LiveGames, players: list[Identity]) -> None:
    session = await started_game(games, players)
    with pytest.raises(InvalidAction):
        await act(games, session.id, players[0].user_id, {"card": "01D"})
