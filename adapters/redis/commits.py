"""Committing a game's change on Redis in one round trip."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import redis.asyncio as redis

from adapters.redis.commit_script import COMMIT, commit_args, commit_keys
from adapters.redis.durations import milliseconds
from adapters.redis.keys import RedisKeys
from adapters.redis.session_store import DEFAULT_TTL_SECONDS
from application.ports import ScheduledDeadline
from domain.match_log import Logged
from domain.session import GameSession

logger = logging.getLogger(__name__)

# Why the commit script refused, by its answer.
_REFUSALS = {
    0: "no such live game",
    -1: "the stored version is not the expected one",
    -2: "a game with this id exists already",
    -3: "its join code is in use",
}


class RedisCommits:
    """``Commits`` on Redis: one Lua script stores the envelope (a creation that
    reserves the join code with ``SET NX``, or a compare-and-set on the stored
    version), swaps the game's deadlines (as
    ``RedisDeadlineQueue.replace``, whose workers it wakes only when the
    earliest due time moved earlier), publishes the envelope itself on the
    game's events channel, where ``RedisNotifier`` picks it up in every process,
    appends ``logged`` to the game's log list (emptied when the game is created),
    keeps the open-tables index (the table is in it exactly while
    ``session.listed``) and, when the table is or was listed, publishes its id
    on the lobby channel (``RedisLobbyNotices``).

    The game, its join code and its index entries live ``ttl_seconds`` after
    each commit — ``min(lobby_ttl_seconds, ttl_seconds)`` while
    ``session.phase`` is ``"lobby"``. ``ttl_seconds`` must be the session
    store's.
    """

    def __init__(
        self,
        client: redis.Redis,
        keys: RedisKeys,
        ttl_seconds: float = DEFAULT_TTL_SECONDS,
        lobby_ttl_seconds: float | None = None,
    ) -> None:
        if ttl_seconds <= 0 or (lobby_ttl_seconds is not None and lobby_ttl_seconds <= 0):
            raise ValueError("ttl_seconds and lobby_ttl_seconds must be positive")
        self._keys = keys
        self._ttl_ms = milliseconds(ttl_seconds)
        self._lobby_ttl_ms = min(self._ttl_ms, milliseconds(lobby_ttl_seconds or ttl_seconds))
        self._script = client.register_script(COMMIT)

    async def commit(
        self,
        session: GameSession,
        expected_version: int,
        deadlines: Sequence[ScheduledDeadline],
        logged: Logged | None = None,
    ) -> bool:
        ttl_ms = self._lobby_ttl_ms if session.phase == "lobby" else self._ttl_ms
        args = commit_args(self._keys, session, ttl_ms, expected_version, deadlines, logged)
        outcome = await self._script(keys=commit_keys(self._keys, session), args=args)
        if outcome != 1:
            logger.debug("commit of game %s refused: %s", session.id, _REFUSALS.get(outcome, outcome))
        return bool(outcome == 1)
