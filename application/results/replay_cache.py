"""The replays laid out lately, kept by match id.

A match record never changes once written, so its replay (the record checked
by replaying every step through the engine, and a face-up view after each:
tens of milliseconds for a long match) is worked out once and served again
from here. The newest ``size`` replays are kept; the oldest goes first.
"""

from __future__ import annotations

from collections import OrderedDict

from domain.engine import JSON

DEFAULT_SIZE = 32


class ReplayCache:
    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError("a replay cache holds at least one replay")
        self._size = size
        self._replays: OrderedDict[str, JSON] = OrderedDict()

    def get(self, match_id: str) -> JSON | None:
        replay = self._replays.get(match_id)
        if replay is not None:
            self._replays.move_to_end(match_id)
        return replay

    def put(self, match_id: str, replay: JSON) -> None:
        self._replays[match_id] = replay
        self._replays.move_to_end(match_id)
        while len(self._replays) > self._size:
            self._replays.popitem(last=False)
