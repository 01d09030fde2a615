"""Composing Redis scripts from Lua fragments: each fragment once, before whatever calls it."""

from __future__ import annotations

from dataclasses import replace

from adapters.redis.commit_script import commit_args, commit_flags
from adapters.redis.keys import RedisKeys
from adapters.redis.lua import (
    ANNOUNCE_PRESENCE,
    DROP_DEADLINE,
    DROP_LAPSED_SEEKERS,
    INDEX_LIVE,
    INDEX_OPEN,
    NOW_MS,
    PRESENT_USERS,
    REPLACE_DEADLINES,
    Fragment,
    script,
)
from application.ports import ScheduledDeadline
from domain.live_game import LiveGame, Phase, Seat


def test_a_script_is_its_fragments_then_its_body() -> None:
    assert script("return now_ms()", NOW_MS) == NOW_MS.source + "return now_ms()"


def test_a_fragment_comes_after_the_fragments_it_needs() -> None:
    composed = script("return 1", REPLACE_DEADLINES, INDEX_LIVE, INDEX_OPEN)

    assert composed.index("local function drop_deadline") < composed.index("local function replace_deadlines")
    assert composed.index("local function now_ms") < composed.index("local function index_live")
    assert composed.index("local function now_ms") < composed.index("local function index_open")


def test_a_fragment_needed_several_times_is_written_once() -> None:
    twice = Fragment("\nlocal function twice() return now_ms() * 2 end\n", needs=(NOW_MS,))

    composed = script(
        "return twice()", NOW_MS, twice, INDEX_LIVE, INDEX_OPEN, DROP_DEADLINE, REPLACE_DEADLINES
    )

    assert composed.count("local function now_ms") == 1
    assert composed.count("local function drop_deadline") == 1
    assert composed.endswith("return twice()")


def test_every_fragment_defines_one_local_function() -> None:
    for fragment in (PRESENT_USERS, ANNOUNCE_PRESENCE, DROP_LAPSED_SEEKERS, INDEX_OPEN, INDEX_LIVE):
        assert fragment.source.count("local function ") == 1


def table(public: bool = False, phase: Phase = Phase.LOBBY) -> LiveGame:
    return LiveGame(
        id="g1",
        game_type="briscola",
        join_code="ABC123",
        options={},
        seats=(Seat("u-alice", "Alice"), None),
        creator_id="u-alice",
        created_at=1.0,
        updated_at=1.0,
        phase=phase,
        public=public,
    )


def test_the_commit_flags_say_finished_listed_or_maybe_listed_until_now() -> None:
    assert commit_flags(table()) == "u", "a private lobby may have been public: never, but cheap to say"
    assert commit_flags(table(public=True)) == "l"
    playing = replace(table(public=True, phase=Phase.PLAYING), started_at=1.0)
    assert commit_flags(playing, started=True) == "u", "the commit that started the match unlists it"
    assert commit_flags(playing) == "", "a move touches no open-tables key, even at the start's very time"
    assert commit_flags(table(phase=Phase.FINISHED)) == "f"
    assert commit_flags(replace(table(phase=Phase.FINISHED), result_recorded=True)) == "fr"


def test_the_commit_arguments_are_ten_then_the_deadline_pairs() -> None:
    """The hot move path's ARGV: the lobby channel is the argument the open tables added, the
    log entry the one match records added (empty for a change the match log does not keep)."""
    keys = RedisKeys("t")
    session = table(public=True)

    args = commit_args(keys, session, 5_000, 3, [ScheduledDeadline("g1", "turn", 10.0)])

    assert args[0] == "g1" and str(args[1]).startswith('{"version":')
    assert args[2:] == [
        5_000,
        "1.0",
        3,
        "l",
        keys.events("g1"),
        keys.deadline_events,
        keys.lobby_events,
        "",
        '["g1","turn"]',
        "10.0",
    ]
