"""The ports and settings every change and every read of a live game needs, bundled once.

The composition root builds one ``LiveGames``; use cases that act on games take it.
Others take only their own ports: the accounts use cases a ``LoginSessions``,
the statistics a ``Archive``, the fan-out hub a ``LiveGames`` and a ``Notifier``,
the deadline worker a ``LiveGames`` and a ``DeadlineQueue``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from application.playing.live_states import LiveStates
from application.playing.thinking import InlineThinking, Thinking
from application.playing.thinking_requests import ThinkingRequests
from application.ports import Clock, Commits, GameStore, MatchRepository, Metrics, NoMetrics
from application.results.archive import FinishedMatch, MatchSummary
from application.results.replay_cache import ReplayCache
from domain.engine import Timeouts
from domain.live_game import LiveGame
from domain.registry import EngineRegistry


class ArenaScorer(Protocol):
    """What the recording of a finished arena game tells its arena (``application.arenas.scoring``):
    the game as recorded (``match``, and ``summary`` as the history holds it, ratings before
    included). Idempotent: a recording may be tried again after any failure."""

    async def recorded(
        self, session: LiveGame, match: FinishedMatch, summary: MatchSummary | None
    ) -> None: ...


@dataclass(frozen=True)
class LiveGames:
    """Live games: their rules, where they are kept and committed, and where results go."""

    registry: EngineRegistry
    store: GameStore
    commits: Commits
    clock: Clock
    matches: MatchRepository  # a finished match's result is recorded there
    timeouts: Timeouts = field(default_factory=Timeouts)
    turn_choices: tuple[float, ...] = (15.0, 30.0, 60.0)  # the turn times a table's creator may choose
    bot_delay: float = 0.8  # how long a computer player "thinks" before moving
    metrics: Metrics = field(default_factory=NoMetrics)
    live: LiveStates = field(default_factory=LiveStates)  # this process's latest known game states
    thinking: Thinking | None = None  # where searching computer players think (None: in this process)
    # with the ``computer-players`` service, where their questions go instead (``thinking`` unused)
    thinking_requests: ThinkingRequests | None = None
    arena_scoring: ArenaScorer | None = None  # where a recorded arena game scores (None: no arenas)

    def thinker(self) -> Thinking:
        """Where searching computer players work out their moves."""
        return self.thinking if self.thinking is not None else InlineThinking(self.registry)


@dataclass(frozen=True)
class Archive:
    """Finished matches and ratings, the game types they may be asked about, and the replays of
    their records laid out lately."""

    registry: EngineRegistry
    matches: MatchRepository
    replays: ReplayCache = field(default_factory=ReplayCache)
