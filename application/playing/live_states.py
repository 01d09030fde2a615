"""This process's latest known version of each live game, with its engine state decoded.

A hint, never the truth: it spares the move path a read of the store and
the fan-out a decode of the same state once per seat and per process. Every
writer still compare-and-sets against the store, so acting on a stale entry
costs a retry, never a lost update.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from domain.engine import GameEngine
from domain.live_game import LiveGame

DEFAULT_CAPACITY = 10_000


@dataclass(slots=True)
class _Entry:
    session: LiveGame
    state: Any = None  # the engine's decoded state of ``session``, once someone needed it


class LiveStates:
    """At most ``capacity`` games, the least recently updated dropped first."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self._capacity = capacity
        self._entries: OrderedDict[str, _Entry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def session(self, game_id: str) -> LiveGame | None:
        entry = self._entries.get(game_id)
        return None if entry is None else entry.session

    def remember(self, session: LiveGame, state: Any = None) -> None:
        """Keep ``session`` (and its decoded ``state``, if given) unless a newer version is known."""
        entry = self._entries.get(session.id)
        if entry is not None and entry.session.version > session.version:
            return
        if entry is not None and entry.session.version == session.version:
            if entry.state is None:
                entry.state = state
            return
        self._entries[session.id] = _Entry(session, state)
        self._entries.move_to_end(session.id)
        if len(self._entries) > self._capacity:
            self._entries.popitem(last=False)

    def state_of(self, session: LiveGame, engine: GameEngine) -> Any:
        """The engine state of exactly this ``session``, decoded at most once per version here."""
        if session.state is None:
            return None
        entry = self._entries.get(session.id)
        if entry is not None and entry.session.version == session.version and entry.state is not None:
            return entry.state
        state = engine.load(session.state)
        self.remember(session, state)
        return state

    def forget(self, game_id: str) -> None:
        self._entries.pop(game_id, None)
