"""This process's latest known version of each live game, with its engine state decoded.

A hint, never the truth: it spares the move path a read of the store and
the fan-out a decode of the same state once per seat and per process. Every
writer still compare-and-sets against the store, so acting on a stale entry
costs a retry, never a lost update.

It also keeps the changes this process is committing right now (``committing``):
a commit's announcement can reach this process's fan-out before the commit's
own answer does, and the fan-out then takes the announced change from the
version before. When the announced change is the very one being committed here
(the same logged change on the same version), its outcome is already worked
out, and taking it again would only spend the CPU a second time.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from domain.engine import GameEngine
from domain.live_game import LiveGame
from domain.match_log import Logged

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
        self._committing: dict[str, tuple[Logged, _Entry]] = {}

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

    def committing(self, session: LiveGame, state: Any, logged: Logged) -> None:
        """This process is committing ``session`` (with its ``state``), which ``logged`` made from
        the version before, until ``done``."""
        self._committing[session.id] = (logged, _Entry(session, state))

    def done(self, session: LiveGame) -> None:
        """The commit of ``session`` is over, stored or refused."""
        held = self._committing.get(session.id)
        if held is not None and held[1].session is session:
            del self._committing[session.id]

    def being_committed(self, game_id: str, logged: Logged) -> tuple[LiveGame, Any] | None:
        """The version and state this process is committing for ``game_id``, if ``logged`` is the
        change that made it: announced, so stored. (If another process committed that version
        with the same change from the same version, it is the same version to the last byte.)"""
        held = self._committing.get(game_id)
        if held is None or held[0] != logged:
            return None
        return held[1].session, held[1].state
