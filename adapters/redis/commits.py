"""Committing a game's change on Redis in one round trip (and, on a Redis Cluster, its two
best-effort companions)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

import redis.asyncio as redis

from adapters.redis.commit_script import CLUSTER_COMMIT, COMMIT, commit_args, commit_keys, seated_users
from adapters.redis.connection import Client, check_layout
from adapters.redis.durations import milliseconds
from adapters.redis.game_store import DEFAULT_TTL_SECONDS
from adapters.redis.keys import RedisKeys
from adapters.redis.log_packing import LogPacker, due
from adapters.redis.lua import INDEX_USERS, script
from adapters.redis.script_batches import ScriptBatches
from application.ports import ScheduledDeadline, StorageUnavailable
from domain.live_game import LiveGame, Phase
from domain.match_log import Logged

logger = logging.getLogger(__name__)

# Why the commit script refused, by its answer.
_REFUSALS = {
    0: "no such live game",
    -1: "the stored version is not the expected one",
    -2: "a game with this id exists already",
    -3: "its join code is in use",
}

# The events of a commit that changed who sits at the table (besides every lobby commit).
_SEATING_EVENTS = frozenset({"seated", "left", "handed_over"})

# Cluster only, each on one key. KEYS: the join code.  ARGV: game id, TTL ms.
_REFRESH_CODE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
# KEYS: the join code.  ARGV: game id.
_RELEASE_CODE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
# KEYS: one user's game index.  ARGV: game id, created_at, TTL ms.
_INDEX_USER = script("index_users(KEYS, 1, ARGV[1], ARGV[2], ARGV[3])\nreturn 1", INDEX_USERS)


def _refreshes_code(session: LiveGame, started: bool) -> bool:
    """A commit of a waiting table, or the one that ``started`` its match: a join code is only
    used to join a waiting table."""
    return session.phase == Phase.LOBBY or started


def _changes_seating(session: LiveGame, started: bool) -> bool:
    """A commit that may change who is seated, or that starts or finishes the match."""
    if _refreshes_code(session, started):
        return True
    if session.phase == Phase.FINISHED and session.finished_at == session.updated_at:
        return True
    return any(event.kind in _SEATING_EVENTS for event in session.events)


class RedisCommits:
    """``Commits`` on Redis: one Lua script stores the envelope (a creation that
    reserves the join code with ``SET NX``, or a compare-and-set on the stored
    version), swaps the game's deadlines (as
    ``RedisDeadlineQueue.replace``, whose workers it wakes only when the
    earliest due time moved earlier), publishes the envelope itself on the
    game's events channel, where ``RedisNotifier`` picks it up in every process,
    appends ``logged`` to the game's log list (emptied when the game is created; its older
    entries packed now and then, ``adapters.redis.log_packing``),
    keeps the open-tables index (the table is in it exactly while
    ``session.listed``) and, when the table is or was listed, publishes its id
    on the lobby channel (``RedisLobbyNotices``).

    The game, its join code and its index entries live ``ttl_seconds`` after
    each commit — ``min(lobby_ttl_seconds, ttl_seconds)`` while
    ``session.phase`` is ``Phase.LOBBY``, and ``min(recorded_ttl_seconds,
    ttl_seconds)`` once the match is over and its result recorded (its record
    is in the database: the live copy is only for the players still looking at
    the table). ``ttl_seconds`` must be the session store's.

    On one server, the commits a process makes in one turn of its event loop go
    out together, one pipeline of scripts (``ScriptBatches``): each is still
    its own atomic script with its own answer.

    On a Redis Cluster (``keys.cluster``) the script touches the game's hash
    slot only — the game, its log and deadlines, its shard's queue and indexes
    — and publishes on the game's shard channel (``SPUBLISH``): the commit, its
    deadlines and its announcement stay one atomic step. The join code and the
    seated users' game indexes live in slots of their own, so they become
    best-effort companions of that step, each one command on its own key:

    * a creation first reserves the code (``SET NX PX``); a creation the script
      then refuses gives the code back if it still names this game. A process
      dying in between leaves a code naming no game, which ``find_by_code``
      reads as none and which lapses with the lobby TTL;
    * the code's TTL is refreshed (if it still names the game) after the
      commits of a waiting table and the one that started its match (the
      commit says so: ``started``), not on
      every move: a code is only used to join a waiting table (and
      ``find_by_code`` checks the game it names holds it);
    * the seated users' indexes are updated after the commits that may change
      who is seated (every lobby commit, a seat handed over to a computer
      player) or that start or finish the match. An index lists a user's games
      and ``games_of`` checks each entry against the stored game, so an entry
      missing for a moment or left behind is harmless.
    """

    def __init__(
        self,
        client: Client,
        keys: RedisKeys,
        ttl_seconds: float = DEFAULT_TTL_SECONDS,
        lobby_ttl_seconds: float | None = None,
        recorded_ttl_seconds: float | None = None,
    ) -> None:
        if min(ttl_seconds, lobby_ttl_seconds or ttl_seconds, recorded_ttl_seconds or ttl_seconds) <= 0:
            raise ValueError("ttl_seconds, lobby_ttl_seconds and recorded_ttl_seconds must be positive")
        check_layout(client, keys.cluster)
        self._client = client
        self._keys = keys
        self._ttl_ms = milliseconds(ttl_seconds)
        self._lobby_ttl_ms = min(self._ttl_ms, milliseconds(lobby_ttl_seconds or ttl_seconds))
        self._recorded_ttl_ms = min(self._ttl_ms, milliseconds(recorded_ttl_seconds or ttl_seconds))
        self._script = client.register_script(CLUSTER_COMMIT if keys.cluster else COMMIT)
        # One server: the commits of one loop turn go out as one pipeline (``ScriptBatches``).
        self._batches = ScriptBatches(client, self._script) if isinstance(client, redis.Redis) else None
        self._refresh_code = client.register_script(_REFRESH_CODE)
        self._release_code = client.register_script(_RELEASE_CODE)
        self._index_user = client.register_script(_INDEX_USER)
        self._log_packer = LogPacker(client)

    async def commit(
        self,
        session: LiveGame,
        expected_version: int,
        deadlines: Sequence[ScheduledDeadline],
        logged: Logged | None = None,
        *,
        started: bool = False,
    ) -> bool:
        ttl_ms = self._ttl_ms
        if session.phase == Phase.LOBBY:
            ttl_ms = self._lobby_ttl_ms
        elif session.result_recorded:
            ttl_ms = self._recorded_ttl_ms
        args = commit_args(self._keys, session, ttl_ms, expected_version, deadlines, logged, started)
        if self._batches is not None:
            outcome = await self._batches(keys=commit_keys(self._keys, session), args=args)
        else:
            outcome = await self._cluster_commit(session, expected_version, ttl_ms, args, started)
        if outcome != 1:
            logger.debug("commit of game %s refused: %s", session.id, _REFUSALS.get(outcome, outcome))
            return False
        if logged is not None and due(logged.version):
            await self._log_packer.pack(self._keys.game_log(session.id))
        return True

    async def _cluster_commit(
        self, session: LiveGame, expected_version: int, ttl_ms: int, args: list[str | int], started: bool
    ) -> int:
        code = self._keys.code(session.join_code)
        if expected_version == 0:
            reserved = await self._client.set(code, session.id, nx=True, px=ttl_ms)
            if not reserved:
                return -3
        outcome = int(await self._script(keys=commit_keys(self._keys, session), args=args))
        if outcome != 1:
            if expected_version == 0:
                await self._release_code(keys=[code], args=[session.id])
            return outcome
        companions = []
        if expected_version != 0 and _refreshes_code(session, started):
            companions.append(self._refresh_code(keys=[code], args=[session.id, ttl_ms]))
        if _changes_seating(session, started):
            created = repr(session.created_at)
            for user_id in seated_users(session):
                index = self._keys.user_games(user_id)
                companions.append(self._index_user(keys=[index], args=[session.id, created, ttl_ms]))
        for failed in await asyncio.gather(*companions, return_exceptions=True):
            if isinstance(failed, StorageUnavailable):  # stored all the same: best-effort companions
                logger.warning(
                    "game %s committed, but not its join code or user indexes: %s", session.id, failed
                )
            elif isinstance(failed, BaseException):
                raise failed
        return outcome
