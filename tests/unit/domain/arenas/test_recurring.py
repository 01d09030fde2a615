"""Arenas the operator schedules: the starts they make, in their own time zone, and a schedule's faults."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from domain.arenas.recurring import parse_schedule
from domain.errors import InvalidArena

ROME = ZoneInfo("Europe/Rome")
DAILY = {
    "key": "scopa-sera",
    "name": "Arena di scopa",
    "game_type": "scopa",
    "at": "21:00",
    "timezone": "Europe/Rome",
}


def epoch(year: int, month: int, day: int, hour: int = 0) -> float:
    return dt.datetime(year, month, day, hour, tzinfo=ROME).timestamp()


def test_a_daily_arena_starts_at_its_hour_every_day_across_a_clock_change() -> None:
    (daily,) = parse_schedule([DAILY])
    starts = list(daily.starts_between(epoch(2026, 10, 23, 12), epoch(2026, 10, 27, 12)))
    assert [dt.datetime.fromtimestamp(s, ROME).strftime("%d %H:%M") for s in starts] == [
        "23 21:00",
        "24 21:00",
        "25 21:00",
        "26 21:00",
    ]
    assert starts[3] - starts[2] == 24 * 3600 and starts[2] - starts[1] == 25 * 3600  # summer time ended


def test_a_weekly_arena_runs_only_on_its_days() -> None:
    (weekly,) = parse_schedule([DAILY | {"days": ["sat", "sun"]}])
    starts = list(weekly.starts_between(epoch(2026, 12, 7), epoch(2026, 12, 14)))  # Monday to Monday
    assert [dt.datetime.fromtimestamp(s, ROME).strftime("%a") for s in starts] == ["Sat", "Sun"]


def test_every_worker_names_the_same_start_the_same_arena() -> None:
    (daily,) = parse_schedule([DAILY])
    assert daily.arena_id(epoch(2026, 12, 5, 21)) == "scopa-sera-20261205-2100"


def test_a_window_ending_at_a_start_leaves_it_to_the_next() -> None:
    (daily,) = parse_schedule([DAILY])
    assert list(daily.starts_between(epoch(2026, 12, 5, 20), epoch(2026, 12, 5, 21))) == []


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        ({"at": "25:00"}, "HH:MM"),
        ({"timezone": "Mars/Olympus"}, "timezone"),
        ({"minutes": 5}, "10 to 120"),
        ({"days": ["someday"]}, "weekdays"),
        ({"key": "Not A Key"}, "key"),
        ({"colour": "red"}, "unknown fields"),
        ({"turn_seconds": 0}, "turn_seconds"),
    ],
)
def test_a_bad_schedule_entry_is_refused_with_its_fault(change: dict[str, Any], fault: str) -> None:
    with pytest.raises(InvalidArena, match=fault):
        parse_schedule([DAILY | change])


def test_a_missing_field_and_a_repeated_key_are_refused() -> None:
    with pytest.raises(InvalidArena, match="'at'"):
        parse_schedule([{k: v for k, v in DAILY.items() if k != "at"}])
    with pytest.raises(InvalidArena, match="share a key"):
        parse_schedule([DAILY, DAILY])
