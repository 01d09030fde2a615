"""The ports and settings every arena use case needs, bundled once (as ``LiveGames`` is for games).

The composition root builds one ``ArenaContext``; the entry use cases, the scoring of recorded
games, the pairing director and the lobby feed take it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from application.arenas.ports import ArenaLive, ArenaNotices, ArenaRepository, Leases
from application.arenas.short_lived import ShortLived
from application.playing.live_games import LiveGames
from domain.arenas.arena import SHORTEST_MINUTES
from domain.arenas.recurring import Recurring

VIEW_FRESH_FOR_SECONDS = 0.5
PAUSE_AFTER_SECONDS = 30.0
"""A waiting player none of whose sockets was seen for this long is paused."""


@dataclass(frozen=True)
class ArenaContext:
    games: LiveGames
    arenas: ArenaRepository
    live: ArenaLive
    leases: Leases
    notices: ArenaNotices
    schedule: tuple[Recurring, ...] = ()
    """The operator's recurring arenas (``domain.arenas.recurring``)."""
    pause_after: float = PAUSE_AFTER_SECONDS
    shortest_minutes: int = SHORTEST_MINUTES
    """The shortest arena a player may create (the operator may allow shorter, e.g. for tests)."""
    views: ShortLived[Any] = field(default_factory=lambda: ShortLived(VIEW_FRESH_FOR_SECONDS))
    """Each arena's shared view as this process last read it (``application.arenas.reading``)."""
