"""A rematch: asked by every person at the table, it starts a new table one seat on."""

from __future__ import annotations

import pytest

from application.finding.lobby import create_game
from application.identity.caller import Identity
from application.playing.computer_players import add_bot
from application.playing.deadline_worker import fire_one
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.queries import snapshot
from application.playing.rematch import ask_rematch, open_rematch
from application.playing.schedule import bot_token
from application.ports import ClaimedDeadline
from domain.errors import Forbidden, IllegalMove
from domain.live_game import LiveGame, Phase
from tests.unit.application.helpers import legal_play, started_game


async def played_out(games: LiveGames, session: LiveGame, people: list[Identity]) -> LiveGame:
    """Play the first legal move (or the acknowledgement) for every person until the match is over;
    the computer players' deadlines are fired too."""
    for _ in range(3000):
        current = await games.store.get(session.id)
        assert current is not None
        if current.phase == Phase.FINISHED:
            return current
        acted = False
        for person in people:
            view = await snapshot(games, session.id, person.user_id)
            if view.get("legal_moves"):
                await act(games, session.id, person.user_id, legal_play(view))
                acted = True
                break
        if not acted:
            claimed = ClaimedDeadline(session.id, bot_token(current.version), 0.0, "lease")
            await fire_one(games, claimed)
    raise AssertionError("the match did not end")


async def test_when_both_players_ask_the_rematch_starts_one_seat_on(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await started_game(games, players, "briscola", target_score=1)
    over = await played_out(games, session, players[:2])
    first = await ask_rematch(games, players[1], over.id)
    assert first.rematch_seats == (1,) and first.next_game is None
    again = await ask_rematch(games, players[1], over.id)
    assert again.version == first.version, "asking twice changes nothing"
    both = await ask_rematch(games, players[0], over.id)
    assert both.next_game is not None
    assert [e.kind for e in both.events] == ["rematch", "rematch_ready"]
    rematch = await games.store.get(both.next_game)
    assert rematch is not None and rematch.phase == Phase.PLAYING
    assert rematch.seat_of(players[0].user_id) == 1 and rematch.seat_of(players[1].user_id) == 0
    assert rematch.options == over.options and rematch.rated == over.rated
    view = await snapshot(games, over.id, None)
    assert view["rematch"] == {"asked": [0, 1], "next_game": rematch.id}, "spectators see where it went"


async def test_computer_players_agree_at_once(games: LiveGames, players: list[Identity]) -> None:
    table = await create_game(games, players[0], "briscola", {"target_score": 1})
    started = await add_bot(games, players[0], table.id, "normal")
    over = await played_out(games, started, players[:1])
    asked = await ask_rematch(games, players[0], over.id)
    assert asked.next_game is not None
    rematch = await games.store.get(asked.next_game)
    assert rematch is not None and rematch.seat_of(players[0].user_id) == 1
    bot = rematch.seats[0]
    assert bot is not None and bot.bot and bot.user_id == "bot:normal:0" and bot.name == "Computer 1"


async def test_opening_the_rematch_again_gives_the_same_table(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await started_game(games, players, "briscola", target_score=1)
    over = await played_out(games, session, players[:2])
    await ask_rematch(games, players[0], over.id)
    both = await ask_rematch(games, players[1], over.id)
    once = await games.store.get(str(both.next_game))
    twice = await open_rematch(games, both)
    assert once is not None and twice.id == once.id and twice.version == once.version


async def test_only_the_players_of_a_finished_match_ask_for_a_rematch(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await started_game(games, players, "briscola", target_score=1)
    with pytest.raises(IllegalMove):
        await ask_rematch(games, players[0], session.id)
    over = await played_out(games, session, players[:2])
    with pytest.raises(Forbidden):
        await ask_rematch(games, players[3], over.id)
