"""Arenas the operator schedules to recur: one every day at 21:00 in Rome, say.

A ``Recurring`` arena names its game, options, turn time and duration, the
clock time it starts (``at``, ``HH:MM``) in its ``timezone``, and the days it
runs (``days``: weekday names, every day when empty). ``starts_between`` lists
the starts that fall in a window of time; each start's arena has an id made of
the schedule's key and the start (``arena_id``), so every worker that creates
it creates the same arena, once.

``parse_schedule`` reads the configuration's list of them (JSON objects; the
README documents the fields) and refuses a bad one with ``InvalidArena``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from domain.arenas.arena import LONGEST_MINUTES, SHORTEST_MINUTES
from domain.errors import InvalidArena

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")
_KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


@dataclass(frozen=True, slots=True)
class Recurring:
    key: str
    name: str
    game_type: str
    at: dt.time
    timezone: str
    minutes: int
    turn_seconds: float
    days: frozenset[int] = frozenset()
    """Weekdays it runs (0 Monday); every day when empty."""
    options: Mapping[str, Any] = field(default_factory=dict)
    berserk: bool = True

    def arena_id(self, start: float) -> str:
        """The id of the arena this schedule holds at ``start``: the same on every worker."""
        when = dt.datetime.fromtimestamp(start, ZoneInfo(self.timezone))
        return f"{self.key}-{when:%Y%m%d-%H%M}"

    def starts_between(self, begin: float, end: float) -> Iterator[float]:
        """Every start in [``begin``, ``end``), in order (epoch seconds)."""
        zone = ZoneInfo(self.timezone)
        day = dt.datetime.fromtimestamp(begin, zone).date() - dt.timedelta(days=1)
        last = dt.datetime.fromtimestamp(end, zone).date()
        while day <= last:
            if not self.days or day.weekday() in self.days:
                start = dt.datetime.combine(day, self.at, zone).timestamp()
                if begin <= start < end:
                    yield start
            day += dt.timedelta(days=1)


def parse_schedule(entries: Sequence[Any]) -> list[Recurring]:
    """The recurring arenas of the configuration's list; ``InvalidArena`` names the first fault."""
    if not isinstance(entries, list):
        raise InvalidArena("the arena schedule is a list of objects")
    schedule = [_recurring(i, entry) for i, entry in enumerate(entries)]
    keys = [r.key for r in schedule]
    if len(set(keys)) != len(keys):
        raise InvalidArena("two scheduled arenas share a key")
    return schedule


def _recurring(i: int, entry: Any) -> Recurring:
    where = f"scheduled arena {i}"
    if not isinstance(entry, dict):
        raise InvalidArena(f"{where} is not an object")
    known = {
        "key",
        "name",
        "game_type",
        "at",
        "timezone",
        "minutes",
        "turn_seconds",
        "days",
        "options",
        "berserk",
    }
    unknown = sorted(set(entry) - known)
    if unknown:
        raise InvalidArena(f"{where} has unknown fields: {', '.join(unknown)}")
    try:
        key, name, game_type, at = (str(entry[k]) for k in ("key", "name", "game_type", "at"))
    except KeyError as missing:
        raise InvalidArena(f"{where} needs {missing.args[0]!r}") from None
    if not _KEY.match(key):
        raise InvalidArena(f"{where}: the key is lower-case letters, digits and '-'")
    clock = _CLOCK.match(at)
    if clock is None:
        raise InvalidArena(f"{where}: 'at' is a time of day, HH:MM")
    timezone = str(entry.get("timezone", "UTC"))
    try:
        ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidArena(f"{where}: unknown timezone {timezone!r}") from None
    minutes = entry.get("minutes", 60)
    if (
        isinstance(minutes, bool)
        or not isinstance(minutes, int)
        or not SHORTEST_MINUTES <= minutes <= LONGEST_MINUTES
    ):
        raise InvalidArena(f"{where}: an arena lasts {SHORTEST_MINUTES} to {LONGEST_MINUTES} minutes")
    turn = entry.get("turn_seconds", 30)
    if isinstance(turn, bool) or not isinstance(turn, int | float) or turn <= 0:
        raise InvalidArena(f"{where}: 'turn_seconds' is a positive number")
    days = entry.get("days", [])
    if not isinstance(days, list) or any(d not in WEEKDAYS for d in days):
        raise InvalidArena(f"{where}: 'days' lists weekdays among {', '.join(WEEKDAYS)}")
    options = entry.get("options", {})
    if not isinstance(options, dict):
        raise InvalidArena(f"{where}: 'options' is an object")
    return Recurring(
        key=key,
        name=name,
        game_type=game_type,
        at=dt.time(int(clock.group(1)), int(clock.group(2))),
        timezone=timezone,
        minutes=minutes,
        turn_seconds=float(turn),
        days=frozenset(WEEKDAYS.index(d) for d in days),
        options=options,
        berserk=bool(entry.get("berserk", True)),
    )
