"""Composing Redis scripts from Lua fragments: each fragment once, before whatever calls it."""

from __future__ import annotations

from adapters.redis.lua import DROP_DEADLINE, INDEX_LIVE, NOW_MS, REPLACE_DEADLINES, Fragment, script


def test_a_script_is_its_fragments_then_its_body() -> None:
    assert script("return now_ms()", NOW_MS) == NOW_MS.source + "return now_ms()"


def test_a_fragment_comes_after_the_fragments_it_needs() -> None:
    composed = script("return 1", REPLACE_DEADLINES, INDEX_LIVE)

    assert composed.index("local function drop_deadline") < composed.index("local function replace_deadlines")
    assert composed.index("local function now_ms") < composed.index("local function index_live")


def test_a_fragment_needed_several_times_is_written_once() -> None:
    twice = Fragment("\nlocal function twice() return now_ms() * 2 end\n", needs=(NOW_MS,))

    composed = script("return twice()", NOW_MS, twice, INDEX_LIVE, DROP_DEADLINE, REPLACE_DEADLINES)

    assert composed.count("local function now_ms") == 1
    assert composed.count("local function drop_deadline") == 1
    assert composed.endswith("return twice()")
