"""An arena's limits and its timeline."""

from __future__ import annotations

from typing import Any

import pytest

from domain.arenas.arena import ArenaStatus, new_arena
from domain.errors import ArenaFinished, InvalidArena

NOW = 1_000_000.0


def arena(**changes: Any) -> Any:
    asked: dict[str, Any] = {"id": "a1", "name": "Arena di prova", "game_type": "g", "minutes": 30}
    asked |= {"turn_seconds": 30.0, "now": NOW} | changes
    return new_arena(**asked)


@pytest.mark.parametrize("minutes", [0, 9, 121, 600])
def test_a_duration_outside_ten_to_a_hundred_and_twenty_minutes_is_refused(minutes: int) -> None:
    with pytest.raises(InvalidArena, match="10 to 120 minutes"):
        arena(minutes=minutes)


def test_a_start_in_the_past_is_refused() -> None:
    with pytest.raises(InvalidArena, match="past"):
        arena(starts_at=NOW - 3600)


def test_a_blank_name_is_refused_and_spaces_are_tidied() -> None:
    with pytest.raises(InvalidArena):
        arena(name="   ")
    assert arena(name="  Arena   della  sera ").name == "Arena della sera"


def test_an_arena_is_upcoming_then_running_then_finished() -> None:
    later = arena(starts_at=NOW + 600, minutes=10)
    assert later.status(NOW) is ArenaStatus.UPCOMING and later.seconds_left(NOW) == 600
    assert later.status(NOW + 600) is ArenaStatus.RUNNING and later.seconds_left(NOW + 660) == 540
    assert later.status(NOW + 1200) is ArenaStatus.FINISHED and later.seconds_left(NOW + 1300) == 0


def test_nobody_joins_a_finished_arena() -> None:
    now = arena(minutes=10)
    now.check_open(NOW + 599)
    with pytest.raises(ArenaFinished):
        now.check_open(NOW + 600)
