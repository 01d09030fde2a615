"""The composition root: the only place that chooses and builds adapters.

``providers.Selector`` picks the live-state backend (memory, or Redis when
``REDIS_URL`` is set) and the match database (SQLite file by default,
PostgreSQL, or memory) from the settings.
"""

from __future__ import annotations

from dependency_injector import containers, providers

from adapters.memory.clock import SystemClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.locks import MemoryLocks
from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.matches import MemoryMatchRepository
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.probe import InProcessProbe
from adapters.memory.session_store import MemorySessionStore
from adapters.oidc import OidcProvider
from adapters.postgres.matches import PostgresMatchRepository
from adapters.redis.commits import RedisCommits
from adapters.redis.connection import connect
from adapters.redis.deadlines import RedisDeadlineQueue
from adapters.redis.keys import RedisKeys
from adapters.redis.locks import RedisLocks
from adapters.redis.login_sessions import RedisLoginSessions
from adapters.redis.notifier import RedisNotifier
from adapters.redis.probe import RedisProbe
from adapters.redis.session_store import RedisSessionStore
from adapters.sqlite.matches import SqliteMatchRepository
from application.health import ReadinessCheck
from application.hub import GameHub
from application.oidc_login import IdentityProvider
from application.platform import Platform
from application.ports import Clock
from application.rate_limit import FailureLimiter
from domain.engine import Timeouts
from domain.games import default_registry
from entrypoints.config import Settings


def live_backend(settings: Settings) -> str:
    """Which adapters hold live games, locks, notifications, deadlines and logins."""
    return "redis" if settings.redis_url else "memory"


def database_backend(settings: Settings) -> str:
    return settings.database_kind


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


class Container(containers.DeclarativeContainer):
    settings = providers.Dependency(instance_of=Settings)

    clock = providers.Singleton(SystemClock)
    registry = providers.Singleton(default_registry)
    backend = providers.Callable(live_backend, settings)
    database = providers.Callable(database_backend, settings)

    redis = providers.Singleton(
        connect, settings.provided.redis_url, client_name=settings.provided.redis_key_prefix
    )
    redis_keys = providers.Singleton(RedisKeys, settings.provided.redis_key_prefix)

    session_store = providers.Selector(
        backend,
        memory=providers.Singleton(
            MemorySessionStore, clock=clock, ttl_seconds=settings.provided.game_ttl_seconds
        ),
        redis=providers.Singleton(
            RedisSessionStore, redis, redis_keys, ttl_seconds=settings.provided.game_ttl_seconds
        ),
    )
    locks = providers.Selector(
        backend,
        memory=providers.Singleton(MemoryLocks, clock=clock),
        redis=providers.Singleton(RedisLocks, redis, redis_keys),
    )
    notifier = providers.Selector(
        backend,
        memory=providers.Singleton(MemoryNotifier),
        redis=providers.Singleton(RedisNotifier, redis, redis_keys),
    )
    deadlines = providers.Selector(
        backend,
        memory=providers.Singleton(MemoryDeadlineQueue, clock=clock),
        redis=providers.Singleton(RedisDeadlineQueue, redis, redis_keys),
    )
    commits = providers.Selector(
        backend,
        memory=providers.Singleton(MemoryCommits, session_store, deadlines, notifier),
        redis=providers.Singleton(
            RedisCommits, redis, redis_keys, ttl_seconds=settings.provided.game_ttl_seconds
        ),
    )
    logins = providers.Selector(
        backend,
        memory=providers.Singleton(
            MemoryLoginSessions,
            clock=clock,
            idle_seconds=settings.provided.session_idle_seconds,
            absolute_seconds=settings.provided.session_max_age_seconds,
        ),
        redis=providers.Singleton(
            RedisLoginSessions,
            redis,
            redis_keys,
            idle_seconds=settings.provided.session_idle_seconds,
            absolute_seconds=settings.provided.session_max_age_seconds,
        ),
    )
    matches = providers.Selector(
        database,
        memory=providers.Singleton(MemoryMatchRepository),
        sqlite=providers.Singleton(SqliteMatchRepository, settings.provided.sqlite_path),
        postgres=providers.Singleton(PostgresMatchRepository, settings.provided.database_url),
    )

    # Readiness: the live-state store (nothing to reach in memory) and the match database.
    live_state_probe = providers.Selector(
        backend,
        memory=providers.Singleton(InProcessProbe),
        redis=providers.Singleton(RedisProbe, redis),
    )
    readiness = providers.Singleton(
        ReadinessCheck, providers.Dict(live_state=live_state_probe, database=matches)
    )

    identity_providers = providers.Singleton(build_identity_providers, settings, clock)
    join_limiter = providers.Singleton(
        FailureLimiter,
        clock=clock,
        limit=settings.provided.join_code_max_failures,
        window_seconds=settings.provided.join_code_failure_window_seconds,
    )

    timeouts = providers.Singleton(
        Timeouts,
        turn=settings.provided.turn_timeout_seconds,
        hand_ack=settings.provided.hand_ack_timeout_seconds,
    )
    platform = providers.Singleton(
        Platform,
        registry=registry,
        store=session_store,
        locks=locks,
        clock=clock,
        notifier=notifier,
        deadlines=deadlines,
        logins=logins,
        matches=matches,
        commits=commits,
        timeouts=timeouts,
        join_limiter=join_limiter,
        bot_delay=settings.provided.bot_move_delay_seconds,
    )
    hub = providers.Singleton(GameHub, platform=platform)


def build_container(settings: Settings) -> Container:
    return Container(settings=settings)
