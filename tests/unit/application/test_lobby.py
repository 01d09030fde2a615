from __future__ import annotations

import pytest

from application.finding.lobby import create_game, join_game, list_game_types, preview
from application.identity.caller import Identity
from application.playing.live_games import LiveGames
from application.playing.queries import my_games, snapshot
from domain.errors import GameFull, InvalidOptions, NotFound
from domain.live_game import Phase


def test_every_game_type_lists_its_seats_and_options_schema(games: LiveGames) -> None:
    types = {t["id"]: t for t in list_game_types(games)}
    scopone = types["scopone_scientifico"]
    assert scopone["seats"] == 4
    assert scopone["options_schema"]["properties"]["target_score"]["default"] == 21
    assert scopone["options_schema"]["properties"]["napola"]["default"] is True


async def test_creating_a_game_seats_the_creator_and_gives_a_six_letter_code(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await create_game(games, players[0], "scopone_scientifico", {"target_score": 11})
    assert len(session.join_code) == 6
    assert not set(session.join_code) & set("01OIL")
    assert session.seat_of(players[0].user_id) == 0
    assert session.seats_open == 3
    assert session.options == {"target_score": 11, "napola": True, "asso_pigliatutto": False}


@pytest.mark.parametrize(
    "options",
    [
        {"target_score": 0},
        {"target_score": "21"},
        {"napola": "yes"},
        {"colour": "red"},
        {"target_score": True},
    ],
)
async def test_bad_options_are_refused(
    games: LiveGames, players: list[Identity], options: dict[str, object]
) -> None:
    with pytest.raises(InvalidOptions):
        await create_game(games, players[0], "scopone_scientifico", options)


async def test_an_unknown_game_type_is_refused(games: LiveGames, players: list[Identity]) -> None:
    with pytest.raises(InvalidOptions):
        await create_game(games, players[0], "poker", {})


async def test_the_last_seat_starts_the_match(games: LiveGames, players: list[Identity]) -> None:
    session = await create_game(games, players[0], "scopone_scientifico", {})
    for player in players[1:3]:
        waiting = await join_game(games, player, session.join_code.lower())
        assert waiting.phase == Phase.LOBBY
    started = await join_game(games, players[3], session.join_code)
    assert started.phase == Phase.PLAYING and started.seats_open == 0
    view = await snapshot(games, started.id, players[3].user_id)
    assert len(view["hand"]) == 10


async def test_joining_twice_keeps_one_seat(games: LiveGames, players: list[Identity]) -> None:
    session = await create_game(games, players[0], "scopone_scientifico", {})
    once = await join_game(games, players[1], session.join_code)
    twice = await join_game(games, players[1], session.join_code)
    assert once.version == twice.version and twice.seats_open == 2


async def test_a_full_table_refuses_a_fifth_player(games: LiveGames, players: list[Identity]) -> None:
    session = await create_game(games, players[0], "scopone_scientifico", {})
    for player in players[1:4]:
        await join_game(games, player, session.join_code)
    with pytest.raises(GameFull):
        await join_game(games, players[4], session.join_code)


async def test_an_unknown_code_is_not_found(games: LiveGames, players: list[Identity]) -> None:
    with pytest.raises(NotFound):
        await join_game(games, players[0], "ZZZZZZ")
    with pytest.raises(NotFound):
        await preview(games, "ZZZZZZ")


async def test_the_preview_shows_the_table_without_its_code(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await create_game(games, players[0], "scopone_scientifico", {"target_score": 11})
    summary = await preview(games, session.join_code)
    assert summary["name"] and summary["seats_open"] == 3
    assert summary["players"][0] == {"seat": 0, "name": "anna", "bot": False}
    assert summary["options"]["target_score"] == 11
    assert "join_code" not in summary


async def test_a_spectator_snapshot_has_no_hand_and_no_code(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await create_game(games, players[0], "scopone_scientifico", {})
    for player in players[1:4]:
        session = await join_game(games, player, session.join_code)
    seated = await snapshot(games, session.id, players[0].user_id)
    watcher = await snapshot(games, session.id, players[4].user_id)
    anonymous = await snapshot(games, session.id, None)
    assert seated["join_code"] == session.join_code and len(seated["hand"]) == 10
    for view in (watcher, anonymous):
        assert view["spectator"] is True
        assert "hand" not in view and "join_code" not in view


async def test_my_games_lists_live_games_newest_first(
    games: LiveGames, players: list[Identity], clock
) -> None:
    first = await create_game(games, players[0], "scopone_scientifico", {})
    clock.advance(5)
    second = await create_game(games, players[0], "scopa", {})
    await create_game(games, players[1], "scopa", {})
    listed = await my_games(games, players[0].user_id)
    assert [g["id"] for g in listed] == [second.id, first.id]
    assert listed[0]["join_code"] == second.join_code
