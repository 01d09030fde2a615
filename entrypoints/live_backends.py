"""Where live state is kept: this process's memory, one Redis server or a Redis Cluster.

``live_backend`` reads the choice from the settings; the container (``entrypoints.container``)
opens the chosen one as a resource and builds everything else on its ``LiveState``. With the
match backends (``entrypoints.match_backends``) and the container, this is the composition
root: the only modules that import adapters (an import-linter contract says so).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Literal

from adapters.memory.arena_live import MemoryArenaLive
from adapters.memory.arena_notices import MemoryArenaNotices
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.game_store import MemoryGameStore
from adapters.memory.leases import MemoryLeases
from adapters.memory.lobby_notices import MemoryLobbyNotices
from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.match_pool import MemoryMatchPool
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.presence import MemoryPresence
from adapters.memory.probe import InProcessProbe
from adapters.memory.thinking_requests import MemoryThinkingRequests
from adapters.memory.worker_loads import MemoryWorkerLoads
from adapters.redis.arena_live import RedisArenaLive
from adapters.redis.arena_notices import RedisArenaNotices
from adapters.redis.commits import RedisCommits
from adapters.redis.connection import Client, connect, connect_cluster, learn_the_slot_map
from adapters.redis.deadlines import RedisDeadlineQueue
from adapters.redis.game_store import RedisGameStore
from adapters.redis.keys import RedisKeys
from adapters.redis.leases import RedisLeases
from adapters.redis.lobby_notices import RedisLobbyNotices
from adapters.redis.login_sessions import RedisLoginSessions
from adapters.redis.match_pool import RedisMatchPool
from adapters.redis.notifier import RedisNotifier
from adapters.redis.presence import RedisPresence
from adapters.redis.probe import RedisProbe
from adapters.redis.thinking_requests import RedisThinkingRequests
from adapters.redis.worker_loads import RedisWorkerLoads
from application.arenas.ports import ArenaLive, ArenaNotices, Leases
from application.operations.health import HealthProbe
from application.playing.thinking_requests import ThinkingRequests
from application.ports import (
    Clock,
    Commits,
    DeadlineQueue,
    GameStore,
    LobbyNotices,
    LoginSessions,
    MatchPool,
    Notifier,
    Presence,
    WorkerLoads,
)
from entrypoints.config import Settings


@dataclass(frozen=True)
class LiveState:
    """The adapters that keep live games, their deadlines and notifications, and the logins."""

    store: GameStore
    commits: Commits
    notifier: Notifier
    deadlines: DeadlineQueue
    logins: LoginSessions
    probe: HealthProbe
    lobby: LobbyNotices
    presence: Presence
    pool: MatchPool
    loads: WorkerLoads
    thinking_requests: ThinkingRequests
    arena_live: ArenaLive
    leases: Leases
    arena_notices: ArenaNotices


LiveBackend = Literal["memory", "redis", "cluster"]


def live_backend(settings: Settings) -> LiveBackend:
    """Where live state is kept: ``REDIS_CLUSTER_NODES``, else ``REDIS_URL``, else this process."""
    if settings.redis_cluster_nodes:
        return "cluster"
    return "redis" if settings.redis_url else "memory"


async def memory_live_state(settings: Settings, clock: Clock) -> AsyncIterator[LiveState]:
    """Live state in this process's memory (nothing to close)."""
    store = MemoryGameStore(
        clock,
        ttl_seconds=settings.game_ttl_seconds,
        lobby_ttl_seconds=settings.lobby_ttl_seconds,
        recorded_ttl_seconds=settings.finished_game_ttl_seconds,
    )
    deadlines, notifier, lobby = MemoryDeadlineQueue(clock), MemoryNotifier(), MemoryLobbyNotices()
    yield LiveState(
        store=store,
        commits=MemoryCommits(store, deadlines, notifier, lobby),
        notifier=notifier,
        deadlines=deadlines,
        logins=MemoryLoginSessions(
            clock,
            idle_seconds=settings.session_idle_seconds,
            absolute_seconds=settings.session_max_age_seconds,
        ),
        probe=InProcessProbe(),
        lobby=lobby,
        presence=MemoryPresence(clock, notifier),
        pool=MemoryMatchPool(clock),
        loads=MemoryWorkerLoads(clock),
        thinking_requests=MemoryThinkingRequests(clock),
        arena_live=MemoryArenaLive(),
        leases=MemoryLeases(clock),
        arena_notices=MemoryArenaNotices(),
    )


async def redis_live_state(settings: Settings, cluster: bool) -> AsyncIterator[LiveState]:
    """Live state on one Redis server or a Redis Cluster; on shutdown the pub/sub subscriptions
    and then the client are closed."""
    ttl, lobby_ttl = settings.game_ttl_seconds, settings.lobby_ttl_seconds
    client: Client
    if cluster:
        client = connect_cluster(settings.redis_cluster_nodes, client_name=settings.redis_key_prefix)
        await learn_the_slot_map(client)
    else:
        client = connect(settings.redis_url or "", client_name=settings.redis_key_prefix)
    keys = RedisKeys(settings.redis_key_prefix, cluster=cluster)
    notifier, deadlines, lobby, arena_notices = (
        RedisNotifier(client, keys),
        RedisDeadlineQueue(client, keys),
        RedisLobbyNotices(client, keys),
        RedisArenaNotices(client, keys),
    )
    try:
        yield LiveState(
            store=RedisGameStore(client, keys, ttl_seconds=ttl),
            commits=RedisCommits(
                client,
                keys,
                ttl_seconds=ttl,
                lobby_ttl_seconds=lobby_ttl,
                recorded_ttl_seconds=settings.finished_game_ttl_seconds,
            ),
            notifier=notifier,
            deadlines=deadlines,
            logins=RedisLoginSessions(
                client,
                keys,
                idle_seconds=settings.session_idle_seconds,
                absolute_seconds=settings.session_max_age_seconds,
            ),
            probe=RedisProbe(client),
            lobby=lobby,
            presence=RedisPresence(client, keys),
            pool=RedisMatchPool(client, keys),
            loads=RedisWorkerLoads(client, keys),
            thinking_requests=RedisThinkingRequests(client, keys),
            arena_live=RedisArenaLive(client, keys),
            leases=RedisLeases(client, keys),
            arena_notices=arena_notices,
        )
    finally:
        await arena_notices.close()
        await lobby.close()
        await notifier.close()
        await deadlines.close()
        await client.aclose()
