"""How a table is set up and found: public or private, rated or casual, its turn time, and
sitting down from its link."""

from __future__ import annotations

import pytest

from application.finding.lobby import TableChoices, create_game, list_game_types, take_seat
from application.finding.open_tables import open_tables
from application.identity.caller import Identity
from application.playing.live_games import LiveGames
from application.playing.play_computer import play_computer
from application.playing.queries import snapshot
from domain.errors import Forbidden, InvalidAction
from domain.live_game import Phase


async def test_a_public_table_is_listed_while_it_waits_for_players(
    games: LiveGames, players: list[Identity]
) -> None:
    public = await create_game(games, players[0], "briscola_a_quattro", {}, TableChoices(public=True))
    await create_game(games, players[1], "briscola", {}, TableChoices(public=False))
    listed = await open_tables(games)
    assert [table["id"] for table in listed] == [public.id]
    assert listed[0]["players"][0]["name"] == "anna" and listed[0]["seats_open"] == 3
    assert "join_code" not in listed[0], "the list never gives a private way in away"
    assert await open_tables(games, "briscola") == []


async def test_a_full_table_leaves_the_list(games: LiveGames, players: list[Identity]) -> None:
    table = await create_game(games, players[0], "briscola", {}, TableChoices(public=True))
    await take_seat(games, players[1], table.id)
    assert await open_tables(games) == []


async def test_anyone_sits_down_at_a_public_table_from_its_link(
    games: LiveGames, players: list[Identity]
) -> None:
    table = await create_game(games, players[0], "scopone_scientifico", {}, TableChoices(public=True))
    seated = await take_seat(games, players[1], table.id, chair=2)
    assert seated.seat_of(players[1].user_id) == 2


async def test_a_private_table_seats_only_with_its_code(games: LiveGames, players: list[Identity]) -> None:
    table = await create_game(games, players[0], "briscola", {})
    with pytest.raises(Forbidden):
        await take_seat(games, players[1], table.id)
    with pytest.raises(Forbidden):
        await take_seat(games, players[1], table.id, "ZZZZZZ")
    started = await take_seat(games, players[1], table.id, table.join_code.lower())
    assert started.phase == Phase.PLAYING


async def test_the_creator_chooses_a_turn_time_from_the_servers_choices(
    games: LiveGames, players: list[Identity]
) -> None:
    quick = await create_game(games, players[0], "briscola", {}, TableChoices(turn_seconds=15))
    started = await take_seat(games, players[1], quick.id, quick.join_code)
    view = await snapshot(games, started.id, players[0].user_id)
    assert view["turn_time"] == 15 and view["turn_seconds"] == 15
    assert view["turn_deadline"] - games.clock.now() == pytest.approx(15)
    with pytest.raises(InvalidAction):
        await create_game(games, players[0], "briscola", {}, TableChoices(turn_seconds=17))


def test_every_game_type_says_which_turn_times_and_levels_a_creator_may_choose(games: LiveGames) -> None:
    for game_type in list_game_types(games):
        assert game_type["turn_times"] == [15.0, 30.0, 60.0]
        assert game_type["default_turn_time"] == games.timeouts.turn
        assert game_type["computer_levels"] == ["easy", "normal", "hard"]


async def test_a_rated_table_with_people_only_counts_and_a_casual_one_does_not(
    games: LiveGames, players: list[Identity]
) -> None:
    rated = await create_game(games, players[0], "briscola", {})
    casual = await create_game(games, players[0], "briscola", {}, TableChoices(rated=False))
    assert rated.counts_for_rating and not casual.counts_for_rating


async def test_playing_the_computer_starts_a_casual_match_at_once(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await play_computer(games, players[0], "briscola_chiamata", "easy", {}, 60)
    assert session.phase == Phase.PLAYING and not session.public
    view = await snapshot(games, session.id, players[0].user_id)
    assert view["seat"] == 0 and view["rated"] is False and view["turn_seconds"] == 60
    assert [(p["bot"], p.get("level")) for p in view["players"]] == [(False, None)] + [(True, "easy")] * 4
    with pytest.raises(InvalidAction):
        await play_computer(games, players[0], "briscola", "grandmaster")
