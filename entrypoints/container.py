"""The composition root: with the two backend modules it chooses from, the only modules that
import adapters (an import-linter contract says so).

Backends are chosen from the settings by ``providers.Selector``:

* ``live`` — the adapters of live state (``entrypoints.live_backends``): in this process's
  memory, or on Redis when ``REDIS_URL`` (one server) or ``REDIS_CLUSTER_NODES`` (a Redis
  Cluster, with its own key layout) is set;
* ``matches`` — the match repository (``entrypoints.match_backends``): memory, the SQLite
  file (migrated when opened), or PostgreSQL (refused when serving on an unmigrated database).

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

import os
import socket
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

from dependency_injector import containers, providers

from adapters.memory.clock import SystemClock
from adapters.oidc import OidcProvider
from adapters.thinking.process_pool import ProcessPoolThinking
from application.arenas.context import ArenaContext
from application.arenas.director import ArenaDirector
from application.arenas.feed import ArenaFeed
from application.arenas.ports import ArenaRepository
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
from application.ports import (
    Clock,
    GameStore,
    LoginSessions,
    MatchRepository,
    Metrics,
    NoMetrics,
)
from domain.engine import Timeouts
from domain.registry import EngineRegistry
from entrypoints.background import BackgroundJobs, saturation, worker_lateness
from entrypoints.config import ConfigError, Settings
from entrypoints.draining import Drain, DrainingDeadlines
from entrypoints.game_packages import installed_registry
from entrypoints.live_backends import LiveState, live_backend, memory_live_state, redis_live_state
from entrypoints.loop_lag import LoopLag
from entrypoints.match_backends import (
    arena_repository,
    database_backend,
    memory_matches,
    postgres_matches,
    sqlite_matches,
)


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
