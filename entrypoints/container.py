"""The composition root: the only module that imports adapters (an import-linter contract says so).

Two resources hold everything with a lifecycle, chosen from the settings:

* ``live`` — the adapters of live state: in this process's memory, or on
  Redis when ``REDIS_URL`` (one server) or ``REDIS_CLUSTER_NODES`` (a Redis
  Cluster, with its own key layout) is set (the client opened, and on
  shutdown the pub/sub subscriptions and the client closed);
* ``matches`` — the match repository: memory, the SQLite file (migrated when
  opened), or PostgreSQL (refused when serving on an unmigrated database).

``await container.init_resources()`` opens exactly the configured backends and
``await container.shutdown_resources()`` closes them; what is built from them
(``games``, ``records``, ``hub``, ``lobby_feed``, ``matchmaker``, ``attendance``,
``readiness``) is awaited once after that.
Use cases receive only the ports they use: ``LiveGames`` for everything that acts
on a live game, ``Archive`` for the statistics, a ``LoginSessions`` for the
accounts.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dependency_injector import containers, providers

from adapters.memory.clock import SystemClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.game_store import MemoryGameStore
from adapters.memory.lobby_notices import MemoryLobbyNotices
from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.match_pool import MemoryMatchPool
from adapters.memory.matches import MemoryMatchRepository
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.presence import MemoryPresence
from adapters.memory.probe import InProcessProbe
from adapters.memory.worker_loads import MemoryWorkerLoads
from adapters.oidc import OidcProvider
from adapters.postgres.matches import PostgresMatchRepository
from adapters.redis.commits import RedisCommits
from adapters.redis.connection import Client, connect, connect_cluster
from adapters.redis.deadlines import RedisDeadlineQueue
from adapters.redis.game_store import RedisGameStore
from adapters.redis.keys import RedisKeys
from adapters.redis.lobby_notices import RedisLobbyNotices
from adapters.redis.login_sessions import RedisLoginSessions
from adapters.redis.match_pool import RedisMatchPool
from adapters.redis.notifier import RedisNotifier
from adapters.redis.presence import RedisPresence
from adapters.redis.probe import RedisProbe
from adapters.redis.worker_loads import RedisWorkerLoads
from adapters.sqlite.matches import SqliteMatchRepository
from application.finding.open_tables import LobbyFeed
from application.finding.quick_match import Matchmaker
from application.identity.oidc_login import IdentityProvider
from application.operations.health import HealthProbe, ReadinessCheck
from application.operations.rate_limit import FailureLimiter
from application.playing.attendance import Attendance
from application.playing.hub import GameHub
from application.playing.live_games import Archive, LiveGames
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
from domain.engine import Timeouts
from entrypoints.config import ConfigError, Settings
from entrypoints.game_packages import installed_registry

log = logging.getLogger(__name__)


class UnmigratedDatabase(ConfigError):
    """PostgreSQL has migrations that ``tavolo migrate`` has not applied yet."""


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


async def open_live_state(settings: Settings, clock: Clock) -> AsyncIterator[LiveState]:
    """In memory, or on Redis when ``REDIS_URL`` or ``REDIS_CLUSTER_NODES`` is set."""
    ttl, lobby_ttl = settings.game_ttl_seconds, settings.lobby_ttl_seconds
    idle, absolute = settings.session_idle_seconds, settings.session_max_age_seconds
    if not settings.redis_url and not settings.redis_cluster_nodes:
        store = MemoryGameStore(clock, ttl_seconds=ttl, lobby_ttl_seconds=lobby_ttl)
        deadlines, notifier, lobby = MemoryDeadlineQueue(clock), MemoryNotifier(), MemoryLobbyNotices()
        yield LiveState(
            store=store,
            commits=MemoryCommits(store, deadlines, notifier, lobby),
            notifier=notifier,
            deadlines=deadlines,
            logins=MemoryLoginSessions(clock, idle_seconds=idle, absolute_seconds=absolute),
            probe=InProcessProbe(),
            lobby=lobby,
            presence=MemoryPresence(clock, notifier),
            pool=MemoryMatchPool(clock),
            loads=MemoryWorkerLoads(clock),
        )
        return
    client: Client
    if settings.redis_cluster_nodes:
        client = connect_cluster(settings.redis_cluster_nodes, client_name=settings.redis_key_prefix)
        keys = RedisKeys(settings.redis_key_prefix, cluster=True)
    else:
        client = connect(settings.redis_url or "", client_name=settings.redis_key_prefix)
        keys = RedisKeys(settings.redis_key_prefix)
    redis_notifier, redis_deadlines = RedisNotifier(client, keys), RedisDeadlineQueue(client, keys)
    redis_lobby = RedisLobbyNotices(client, keys)
    try:
        yield LiveState(
            store=RedisGameStore(client, keys, ttl_seconds=ttl),
            commits=RedisCommits(client, keys, ttl_seconds=ttl, lobby_ttl_seconds=lobby_ttl),
            notifier=redis_notifier,
            deadlines=redis_deadlines,
            logins=RedisLoginSessions(client, keys, idle_seconds=idle, absolute_seconds=absolute),
            probe=RedisProbe(client),
            lobby=redis_lobby,
            presence=RedisPresence(client, keys),
            pool=RedisMatchPool(client, keys),
            loads=RedisWorkerLoads(client, keys),
        )
    finally:
        await redis_lobby.close()
        await redis_notifier.close()
        await redis_deadlines.close()
        await client.aclose()


async def open_match_repository(settings: Settings) -> AsyncIterator[Any]:
    """The match repository, open. SQLite and memory migrate themselves; PostgreSQL must have
    been migrated by ``tavolo migrate`` before the server uses it."""
    repository = _sql_repository(settings)
    if repository is None:
        yield MemoryMatchRepository()
        return
    await repository.open()
    try:
        if isinstance(repository, SqliteMatchRepository):
            applied = await repository.migrate()
            if applied:
                log.info("SQLite database %s migrated: %s", settings.sqlite_path, ", ".join(applied))
        elif pending := await repository.pending_migrations():
            raise UnmigratedDatabase(
                f"the PostgreSQL database is not migrated (pending: {', '.join(pending)});"
                " run `tavolo migrate` first"
            )
        yield repository
    finally:
        await repository.close()


match_repository = asynccontextmanager(open_match_repository)
"""``open_match_repository`` as ``async with``, for the commands that run outside the server."""


def _sql_repository(settings: Settings) -> SqliteMatchRepository | PostgresMatchRepository | None:
    if settings.database_kind == "sqlite":
        if settings.sqlite_path != ":memory:":
            Path(settings.sqlite_path).parent.mkdir(parents=True, exist_ok=True)
        return SqliteMatchRepository(settings.sqlite_path)
    if settings.database_kind == "postgres":
        return PostgresMatchRepository(settings.database_url or "")
    return None


def build_identity_providers(settings: Settings, clock: Clock) -> dict[str, IdentityProvider]:
    """One OIDC provider per ``OIDC_<n>_*`` block, by name, in configuration order."""
    return {
        provider.name: OidcProvider(
            name=provider.name,
            issuer=provider.issuer,
            client_id=provider.client_id,
            client_secret=provider.client_secret,
            redirect_uri=provider.redirect_uri,
            post_login_redirect=provider.post_login_redirect,
            post_logout_redirect=provider.post_logout_redirect,
            clock=clock,
        )
        for provider in settings.oidc_providers
    }


def build_telemetry(settings: Settings) -> Any:
    """The OpenTelemetry SDK, its exporters and instrumentations: imported only when telemetry is on."""
    from adapters.telemetry import Telemetry

    return Telemetry.otlp(
        service_name=settings.otel_service_name,
        endpoint=settings.otel_exporter_otlp_endpoint,
        headers=dict(settings.otel_exporter_otlp_headers),
        metric_export_interval_millis=settings.otel_metric_export_interval_millis,
    )


def _games(
    registry: Any,
    live: LiveState,
    clock: Clock,
    matches: Any,
    timeouts: Timeouts,
    bot_delay: float,
    turn_choices: tuple[float, ...],
) -> LiveGames:
    return LiveGames(
        registry,
        live.store,
        live.commits,
        clock,
        matches,
        timeouts=timeouts,
        turn_choices=tuple(sorted({*turn_choices, timeouts.turn})),  # the default is always a choice
        bot_delay=bot_delay,
    )


def _readiness(live: LiveState, matches: Any) -> ReadinessCheck:
    return ReadinessCheck({"live_state": live.probe, "database": matches})


class Container(containers.DeclarativeContainer):
    settings = providers.Dependency(instance_of=Settings)

    clock = providers.Singleton(SystemClock)
    registry = providers.Singleton(installed_registry, settings.provided.games)
    live = providers.Resource(open_live_state, settings, clock)
    matches = providers.Resource(open_match_repository, settings)

    timeouts = providers.Singleton(
        Timeouts,
        turn=settings.provided.turn_timeout_seconds,
        hand_ack=settings.provided.hand_ack_timeout_seconds,
    )
    games = providers.Singleton(
        _games,
        registry,
        live,
        clock,
        matches,
        timeouts,
        settings.provided.bot_move_delay_seconds,
        settings.provided.turn_time_choices,
    )
    records = providers.Singleton(Archive, registry, matches)
    hub = providers.Singleton(lambda games, live: GameHub(games, live.notifier, live.presence), games, live)
    lobby_feed = providers.Singleton(lambda games, live: LobbyFeed(games, live.lobby), games, live)
    matchmaker = providers.Singleton(lambda games, live: Matchmaker(games, live.pool), games, live)
    attendance = providers.Singleton(lambda live: Attendance(live.presence), live)
    readiness = providers.Singleton(_readiness, live, matches)

    identity_providers = providers.Singleton(build_identity_providers, settings, clock)
    join_limiter = providers.Singleton(
        FailureLimiter,
        clock=clock,
        limit=settings.provided.join_code_max_failures,
        window_seconds=settings.provided.join_code_failure_window_seconds,
    )


def build_container(settings: Settings) -> Container:
    return Container(settings=settings)


async def resolved(value: Any) -> Any:
    """A provider's value: providers built on the async resources hand out awaitables."""
    return await value if hasattr(value, "__await__") else value


async def migrate_database(settings: Settings) -> list[str]:
    """Apply the pending migrations of the configured database; the names applied."""
    repository = _sql_repository(settings)
    if repository is None:
        return []
    await repository.open()
    try:
        return await repository.migrate()
    finally:
        await repository.close()
