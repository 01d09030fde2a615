"""The composition root: the only module that imports adapters (an import-linter contract says so).

Backends are chosen from the settings by ``providers.Selector``:

* ``live`` — the adapters of live state: in this process's memory, or on
  Redis when ``REDIS_URL`` (one server) or ``REDIS_CLUSTER_NODES`` (a Redis
  Cluster, with its own key layout) is set;
* ``matches`` — the match repository: memory, the SQLite file (migrated when
  opened), or PostgreSQL (refused when serving on an unmigrated database).

Every backend is a ``providers.Resource`` over an async generator, so the
container is always in dependency-injector's async mode: a provider built on
them is awaited (``await container.background()`` opens exactly the selected
backends and builds everything on them, in one step) and ``await
container.shutdown_resources()`` closes what was opened, in dependency order.
The HTTP handlers get what they use by ``@inject`` with ``Provide[Container.x]``
(``entrypoints.http.app`` wires them); tests swap a part with ``container.x.override(...)``.
Use cases receive only the ports they use: ``LiveGames`` for everything that acts
on a live game, ``Archive`` for the statistics, a ``LoginSessions`` for the
accounts.
"""

from __future__ import annotations

import logging
import os
import socket
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from dependency_injector import containers, providers

from adapters.memory.arena_live import MemoryArenaLive
from adapters.memory.arena_notices import MemoryArenaNotices
from adapters.memory.arenas import MemoryArenaRepository
from adapters.memory.clock import SystemClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.game_store import MemoryGameStore
from adapters.memory.leases import MemoryLeases
from adapters.memory.lobby_notices import MemoryLobbyNotices
from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.match_pool import MemoryMatchPool
from adapters.memory.matches import MemoryMatchRepository
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.presence import MemoryPresence
from adapters.memory.probe import InProcessProbe
from adapters.memory.thinking_requests import MemoryThinkingRequests
from adapters.memory.worker_loads import MemoryWorkerLoads
from adapters.oidc import OidcProvider
from adapters.postgres.matches import PostgresMatchRepository
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
from adapters.sqlite.matches import SqliteMatchRepository
from adapters.thinking.process_pool import ProcessPoolThinking
from application.arenas.context import ArenaContext
from application.arenas.director import ArenaDirector
from application.arenas.feed import ArenaFeed
from application.arenas.ports import ArenaLive, ArenaNotices, ArenaRepository, Leases
from application.arenas.scoring import ArenaScoring
from application.finding.open_tables import LobbyFeed
from application.finding.quick_match import Matchmaker
from application.identity.oidc_login import IdentityProvider
from application.operations.admission import Admission
from application.operations.health import HealthProbe, ReadinessCheck
from application.operations.rate_limit import FailureLimiter
from application.operations.shared_lateness import SharedLateness
from application.playing.attendance import Attendance
from application.playing.hub import GameHub
from application.playing.live_games import Archive, LiveGames
from application.playing.thinking import Thinking
from application.playing.thinking_requests import ThinkingRequests
from application.ports import (
    Clock,
    Commits,
    DeadlineQueue,
    GameStore,
    LobbyNotices,
    LoginSessions,
    MatchPool,
    MatchRepository,
    Metrics,
    NoMetrics,
    Notifier,
    Presence,
    StorageUnavailable,
    WorkerLoads,
)
from domain.engine import Timeouts
from domain.registry import EngineRegistry
from entrypoints.background import BackgroundJobs, saturation, worker_lateness
from entrypoints.config import ConfigError, Settings
from entrypoints.draining import Drain, DrainingDeadlines
from entrypoints.game_packages import installed_registry
from entrypoints.loop_lag import LoopLag

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


def database_backend(settings: Settings) -> str:
    """``memory``, ``sqlite`` or ``postgres``: the scheme of ``DATABASE_URL``."""
    return settings.database_kind


async def memory_matches() -> AsyncIterator[MatchRepository]:
    yield MemoryMatchRepository()


async def sqlite_matches(settings: Settings) -> AsyncIterator[MatchRepository]:
    """The SQLite file, migrated as it opens."""
    if settings.sqlite_path != ":memory:":
        Path(settings.sqlite_path).parent.mkdir(parents=True, exist_ok=True)
    repository = SqliteMatchRepository(settings.sqlite_path)
    await repository.open()
    try:
        applied = await repository.migrate()
        if applied:
            log.info("SQLite database %s migrated: %s", settings.sqlite_path, ", ".join(applied))
        yield repository
    finally:
        await repository.close()


async def postgres_matches(settings: Settings) -> AsyncIterator[MatchRepository]:
    """PostgreSQL, which ``tavolo migrate`` must have migrated before the server uses it.

    A server (or a worker started again in its place) that finds PostgreSQL out of reach serves
    all the same: live games need only the live state, and results, history and ratings answer
    ``unavailable`` until the database is back, when the pool, opened empty, connects on first
    use. Its migrations are then unchecked, which the log says."""
    repository = PostgresMatchRepository(settings.database_url)
    try:
        await repository.open()
    except StorageUnavailable as error:
        log.warning("PostgreSQL is out of reach at start (%s): serving without it until it is back", error)
        repository = PostgresMatchRepository(settings.database_url, min_size=0)
        await repository.open()  # a pool with no connection floor connects to nothing yet
    try:
        try:
            pending = await repository.pending_migrations()
        except StorageUnavailable:
            log.warning("PostgreSQL is out of reach: its migrations were not checked at start")
            pending = []
        if pending:
            raise UnmigratedDatabase(
                f"the PostgreSQL database is not migrated (pending: {', '.join(pending)});"
                " run `tavolo migrate` first"
            )
        yield repository
    finally:
        await repository.close()


def open_match_repository(settings: Settings) -> AsyncIterator[Any]:
    """The match repository of ``settings``, open (an async generator, as the container's resource)."""
    kind = database_backend(settings)
    if kind == "postgres":
        return postgres_matches(settings)
    return sqlite_matches(settings) if kind == "sqlite" else memory_matches()


match_repository = asynccontextmanager(open_match_repository)
"""The match repository as ``async with``, for the commands that run outside the server."""


def _sql_repository(settings: Settings) -> SqliteMatchRepository | PostgresMatchRepository | None:
    if settings.database_kind == "sqlite":
        if settings.sqlite_path != ":memory:":
            Path(settings.sqlite_path).parent.mkdir(parents=True, exist_ok=True)
        return SqliteMatchRepository(settings.sqlite_path)
    if settings.database_kind == "postgres":
        return PostgresMatchRepository(settings.database_url)
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


async def thinking_pool(settings: Settings) -> AsyncIterator[Thinking]:
    """Where searching computer players think: a pool of processes, started at the first question."""
    pool = ProcessPoolThinking(
        settings.thinking_processes, settings.games, settings.thinking_timeout_seconds, settings.search_budget
    )
    try:
        yield pool
    finally:
        await pool.close()


def arena_repository(matches: MatchRepository) -> ArenaRepository:
    """Arenas are kept where matches are: the SQL database's own, else this process's memory."""
    if isinstance(matches, SqliteMatchRepository | PostgresMatchRepository):
        return matches.arenas()
    return MemoryArenaRepository()


def director_name() -> str:
    """Who holds an arena's lease, as an operator reads it in Redis: this worker's host and pid."""
    return f"{socket.gethostname()}/{os.getpid()}/{uuid.uuid4().hex[:6]}"


def arena_context(
    games: LiveGames, live: LiveState, arenas: ArenaRepository, settings: Settings
) -> ArenaContext:
    return ArenaContext(
        games=games,
        arenas=arenas,
        live=live.arena_live,
        leases=live.leases,
        notices=live.arena_notices,
        schedule=settings.arena_schedule,
        shortest_minutes=settings.arena_shortest_minutes,
    )


def live_games(
    registry: EngineRegistry,
    live: LiveState,
    clock: Clock,
    matches: MatchRepository,
    timeouts: Timeouts,
    metrics: Metrics,
    settings: Settings,
    thinking: Thinking,
    arenas: ArenaRepository,
) -> LiveGames:
    """The live games; a recorded arena game scores in its arena (``ArenaScoring``, which reads
    ratings and the clock through games that do not score themselves)."""
    bare = _live_games(registry, live, clock, matches, timeouts, metrics, settings, thinking)
    unknown = sorted({r.game_type for r in settings.arena_schedule} - set(registry.game_types))
    if unknown:
        raise ConfigError(f"ARENA_SCHEDULE names game types not installed here: {', '.join(unknown)}")
    scoring = ArenaScoring(arena_context(bare, live, arenas, settings))
    return replace(bare, arena_scoring=scoring)


def _live_games(
    registry: EngineRegistry,
    live: LiveState,
    clock: Clock,
    matches: MatchRepository,
    timeouts: Timeouts,
    metrics: Metrics,
    settings: Settings,
    thinking: Thinking,
) -> LiveGames:
    return LiveGames(
        registry,
        live.store,
        live.commits,
        clock,
        matches,
        timeouts=timeouts,
        turn_choices=tuple(sorted({*settings.turn_time_choices, timeouts.turn})),  # the default is a choice
        bot_delay=settings.bot_move_delay_seconds,
        metrics=metrics,
        thinking=thinking,
        thinking_requests=live.thinking_requests if settings.thinking_service else None,
    )


def readiness_check(live: LiveState, database: HealthProbe) -> ReadinessCheck:
    """Every storage the server uses: the live state's, and the match repository (a probe too)."""
    return ReadinessCheck({"live_state": live.probe, "database": database})


def seconds_of_ms(milliseconds: float) -> float:
    return milliseconds / 1000


class Container(containers.DeclarativeContainer):
    settings = providers.Dependency(instance_of=Settings)

    clock: providers.Provider[Clock] = providers.Singleton(SystemClock)
    registry = providers.Singleton(
        installed_registry, settings.provided.games, settings.provided.search_budget
    )
    live: providers.Provider[LiveState] = providers.Selector(
        providers.Callable(live_backend, settings),
        memory=providers.Resource(memory_live_state, settings, clock),
        redis=providers.Resource(redis_live_state, settings, cluster=False),
        cluster=providers.Resource(redis_live_state, settings, cluster=True),
    )
    matches: providers.Provider[MatchRepository] = providers.Selector(
        providers.Callable(database_backend, settings),
        memory=providers.Resource(memory_matches),
        sqlite=providers.Resource(sqlite_matches, settings),
        postgres=providers.Resource(postgres_matches, settings),
    )
    logins: providers.Provider[LoginSessions] = live.provided.logins
    store: providers.Provider[GameStore] = live.provided.store
    metrics: providers.Provider[Metrics] = providers.Singleton(NoMetrics)
    """The use cases' metrics: telemetry overrides it when it is on (``entrypoints.telemetry_setup``)."""

    timeouts = providers.Singleton(
        Timeouts,
        turn=settings.provided.turn_timeout_seconds,
        hand_ack=settings.provided.hand_ack_timeout_seconds,
        trick_pause=settings.provided.trick_pause_seconds,
    )
    thinking: providers.Provider[Thinking] = providers.Resource(thinking_pool, settings)
    arena_store: providers.Provider[ArenaRepository] = providers.Singleton(arena_repository, matches)
    games = providers.Singleton(
        live_games, registry, live, clock, matches, timeouts, metrics, settings, thinking, arena_store
    )
    arenas = providers.Singleton(arena_context, games, live, arena_store, settings)
    arena_director = providers.Singleton(ArenaDirector, arenas, providers.Callable(director_name))
    arena_feed = providers.Singleton(ArenaFeed, arenas)
    archive = providers.Singleton(Archive, registry, matches)
    hub = providers.Singleton(GameHub, games, live.provided.notifier, live.provided.presence)
    lobby_feed = providers.Singleton(LobbyFeed, games, live.provided.lobby)
    matchmaker = providers.Singleton(Matchmaker, games, live.provided.pool)
    attendance = providers.Singleton(Attendance, live.provided.presence)
    readiness = providers.Singleton(readiness_check, live, matches)

    identity_providers = providers.Singleton(build_identity_providers, settings, clock)
    join_limiter = providers.Singleton(
        FailureLimiter,
        clock=clock,
        limit=settings.provided.join_code_max_failures,
        window_seconds=settings.provided.join_code_failure_window_seconds,
    )

    # the edge's guards: the graceful stop, and the refusal of moves past what a worker takes on
    drain = providers.Singleton(Drain, settings.provided.shutdown_grace_seconds)
    busy_lag_seconds = providers.Callable(seconds_of_ms, settings.provided.busy_lag_ms)
    loop_lag = providers.Singleton(LoopLag, busy_lag_seconds)
    lateness = providers.Singleton(
        SharedLateness, live.provided.loads, providers.Callable(worker_lateness, loop_lag, hub)
    )
    admission = providers.Singleton(
        Admission,
        settings.provided.moves_in_flight_per_game,
        settings.provided.moves_in_flight_per_worker,
        providers.Callable(saturation, lateness, busy_lag_seconds),
    )
    background = providers.Singleton(
        BackgroundJobs,
        hub=hub,
        games=games,
        deadlines=providers.Singleton(DrainingDeadlines, live.provided.deadlines, drain),
        heartbeat_seconds=settings.provided.deadline_heartbeat_seconds,
        lobby_feed=lobby_feed,
        matchmaker=matchmaker,
        attendance=attendance,
        arena_director=arena_director,
        arena_feed=arena_feed,
        loop_lag=loop_lag,
        lateness=lateness,
        share_lateness=providers.Callable(bool, settings.provided.busy_lag_ms),
    )


def build_container(settings: Settings) -> Container:
    return Container(settings=settings)


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
