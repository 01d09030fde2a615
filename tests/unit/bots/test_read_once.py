"""A search model reads a decision's view and events once, and reads again for any other pair."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.bots.base import Seen
from domain.bots.search_model import ReadOnce


def counting() -> tuple[ReadOnce[int], list[int]]:
    reads: list[int] = []

    def read(view: Mapping[str, Any], seen: Seen) -> int:
        reads.append(1)
        return int(view["hand_number"]) + len(seen)

    return ReadOnce(read), reads


def test_the_same_view_and_events_are_read_once_however_often_a_search_deals_from_them() -> None:
    knowledge, reads = counting()
    view, seen = {"hand_number": 2}, ({"kind": "play"},)
    assert [knowledge(view, seen) for _ in range(400)] == [3] * 400
    assert len(reads) == 1


def test_another_view_or_other_events_are_read_again_even_when_equal() -> None:
    knowledge, reads = counting()
    seen: Seen = ({"kind": "play"},)
    assert knowledge({"hand_number": 2}, seen) == 3
    assert knowledge({"hand_number": 5}, seen) == 6
    assert knowledge({"hand_number": 5}, seen) == 6  # an equal view, but another decision's
    assert knowledge({"hand_number": 5}, ({"kind": "play"}, {"kind": "ack"})) == 7
    assert len(reads) == 4
