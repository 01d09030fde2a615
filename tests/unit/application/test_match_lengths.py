"""Matches of the length people play, through the application: the options a table accepts (and
the schema the lobby is given), and a match of several deals played to its end, recorded with a
record that verifies and rated as its result says (briscola on deals won, side against side;
briscola chiamata over five deals pair by pair on the players' running totals)."""

from __future__ import annotations

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from application.finding.lobby import create_game, list_game_types
from application.identity.caller import Identity
from application.playing.live_games import Archive, LiveGames
from application.results.match_records import match_record
from domain.elo import rate_standings
from domain.errors import InvalidOptions
from domain.verification import check_record
from tests.unit.application.helpers import started_game
from tests.unit.application.test_record_match import play_to_the_end_by_timeouts


def test_the_game_types_list_each_length_option_with_its_choices(games: LiveGames) -> None:
    types = {entry["id"]: entry["options_schema"]["properties"] for entry in list_game_types(games)}
    for game_type in ("briscola", "briscola_a_quattro"):
        assert types[game_type]["deals_to_win"]["enum"] == [1, 2, 3]
        assert types[game_type]["deals_to_win"]["default"] == 1
        assert "enum" not in types[game_type]["target_score"]
    assert types["briscola_chiamata"]["deals_to_play"]["enum"] == [1, 5, 10]


async def test_a_table_refuses_a_target_score_with_several_deals_to_win(
    games: LiveGames, players: list[Identity]
) -> None:
    with pytest.raises(InvalidOptions, match="target_score can differ from 61 only when deals_to_win is 1"):
        await create_game(games, players[0], "briscola", {"target_score": 31, "deals_to_win": 2})
    with pytest.raises(InvalidOptions, match="deals_to_play must be one of 1, 5, 10"):
        await create_game(games, players[0], "briscola_chiamata", {"deals_to_play": 2})
    table = await create_game(games, players[0], "briscola", {"deals_to_win": 3})
    assert table.options == {"target_score": 61, "deals_to_win": 3}


async def test_a_best_of_three_is_recorded_with_its_deals_won_and_a_record_that_verifies(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players, "briscola", deals_to_win=2)
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)

    summary = await games.matches.match(session.id)
    record = await match_record(Archive(games.registry, games.matches), session.id)

    assert summary is not None and check_record(record, games.registry).ok
    assert sorted(summary.result["scores"].values()) in ([0, 2], [1, 2])
    assert summary.result["deals_to_win"] == 2 and summary.result["deals_won"] == summary.result["scores"]
    winner = summary.result["winner"]
    assert {p.elo_delta for p in summary.participants if p.won} == {16}
    assert {p.team for p in summary.participants if p.won} == {winner}


async def test_five_deals_of_chiamata_are_rated_pair_by_pair_on_the_running_totals(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    session = await started_game(games, players, "briscola_chiamata", deals_to_play=5)
    await play_to_the_end_by_timeouts(games, session.id, clock, deadlines)

    summary = await games.matches.match(session.id)
    record = await match_record(Archive(games.registry, games.matches), session.id)

    assert summary is not None and check_record(record, games.registry).ok
    standings = summary.result["standings"]
    assert sum(standings) == 0 and len([d for d in summary.result["deals"] if not d["patta"]]) == 5
    by_seat = sorted(summary.participants, key=lambda p: p.seat)
    assert [p.points for p in by_seat] == standings
    assert [p.won for p in by_seat] == [
        total == max(standings) and min(standings) != max(standings) for total in standings
    ]
    sides = {p.team: [p.user_id] for p in by_seat if p.team is not None}
    expected = rate_standings({}, sides, {p.team: p.points for p in by_seat if p.team is not None})
    assert {p.user_id: p.elo_delta for p in by_seat} == expected
    assert record["result"]["sides"] == {"A": [0], "B": [1], "C": [2], "D": [3], "E": [4]}
