"""What an arena is, and when it runs.

An arena is one game type with its options and its turn time, held for
``minutes`` (``SHORTEST_MINUTES`` to ``LONGEST_MINUTES``) from ``starts_at``.
It is public (listed in the lobby) or found by its link only. Arenas are
rated and computer players never sit in one. A game that started before the
end still counts when it finishes after it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.errors import ArenaFinished, InvalidArena

SHORTEST_MINUTES = 10
LONGEST_MINUTES = 120
LONGEST_NAME = 60
EARLIEST_SLACK_SECONDS = 60.0
"""How far in the past a start may be asked for and still mean "now" (a slow form, a skewed clock)."""


class ArenaStatus(enum.StrEnum):
    UPCOMING = "upcoming"
    RUNNING = "running"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Arena:
    """``starts_at`` and the derived ``ends_at`` are epoch seconds; ``turn_seconds`` is the
    time a seat has for a move (berserk halves a player's own); ``creator`` is a user id, or
    ``None`` for an arena the operator scheduled."""

    id: str
    name: str
    game_type: str
    starts_at: float
    minutes: int
    turn_seconds: float
    options: Mapping[str, Any] = field(default_factory=dict)
    public: bool = True
    berserk: bool = True
    creator: str | None = None

    @property
    def ends_at(self) -> float:
        return self.starts_at + 60.0 * self.minutes

    def status(self, now: float) -> ArenaStatus:
        if now < self.starts_at:
            return ArenaStatus.UPCOMING
        if now < self.ends_at:
            return ArenaStatus.RUNNING
        return ArenaStatus.FINISHED

    def seconds_left(self, now: float) -> float:
        """Until the start while upcoming, until the end while running; 0 once finished."""
        if now < self.starts_at:
            return self.starts_at - now
        return max(0.0, self.ends_at - now)

    def check_open(self, now: float) -> None:
        """Raise ``ArenaFinished`` once the arena is over: nobody joins it any more."""
        if self.status(now) is ArenaStatus.FINISHED:
            raise ArenaFinished(f"the arena {self.name!r} has finished")


def new_arena(
    *,
    id: str,
    name: str,
    game_type: str,
    minutes: int,
    turn_seconds: float,
    now: float,
    starts_at: float | None = None,
    options: Mapping[str, Any] | None = None,
    public: bool = True,
    berserk: bool = True,
    creator: str | None = None,
    shortest: int = SHORTEST_MINUTES,
) -> Arena:
    """An arena as asked, or ``InvalidArena``: a duration outside ``shortest`` (10) to 120 minutes,
    a start in the past, an empty or overlong name. ``starts_at`` ``None`` starts it ``now``.
    (An operator may allow shorter arenas, as the tests do: ``shortest``.)"""
    name = " ".join(name.split())
    if not name or len(name) > LONGEST_NAME:
        raise InvalidArena(f"an arena's name has 1 to {LONGEST_NAME} characters")
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise InvalidArena("an arena's duration is a whole number of minutes")
    if not shortest <= minutes <= LONGEST_MINUTES:
        raise InvalidArena(f"an arena lasts {shortest} to {LONGEST_MINUTES} minutes, not {minutes}")
    if turn_seconds <= 0:
        raise InvalidArena("a turn needs some time")
    start = now if starts_at is None else starts_at
    if start < now - EARLIEST_SLACK_SECONDS:
        raise InvalidArena("an arena cannot start in the past")
    return Arena(
        id=id,
        name=name,
        game_type=game_type,
        starts_at=start,
        minutes=minutes,
        turn_seconds=turn_seconds,
        options=dict(options or {}),
        public=public,
        berserk=berserk,
        creator=creator,
    )
