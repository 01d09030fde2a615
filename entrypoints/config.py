"""Environment variables → one frozen ``Settings`` object.

Every variable the server reads is listed in ``VARIABLES`` with its default,
so the README, ``.env.example`` and this module can be checked against each other.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

from entrypoints.config_errors import ConfigError
from entrypoints.oidc_settings import OidcProviderSettings, oidc_providers

__all__ = ["ConfigError", "OidcProviderSettings", "Settings", "load_settings"]


VARIABLES: dict[str, str | None] = {
    "APP_HOST": "0.0.0.0",
    "APP_PORT": "8080",
    "GAME_TTL_SECONDS": "86400",
    "LOBBY_TTL_SECONDS": "1800",  # a table waiting for players; never longer than GAME_TTL_SECONDS
    "TURN_TIMEOUT_SECONDS": "30",
    "HAND_ACK_TIMEOUT_SECONDS": "30",
    "TURN_TIME_CHOICES": "15,30,60",  # the turn times a table's creator may choose from
    "DEADLINE_HEARTBEAT_MS": "30000",
    "LOGGING_CONFIG": None,
    "LOG_LEVEL": "INFO",  # tavolo's own loggers; other libraries log WARNING and above
    "SESSION_IDLE_SECONDS": "604800",
    "SESSION_MAX_AGE_SECONDS": "2592000",
    "SESSION_COOKIE_SECURE": None,  # unset: on when any OIDC redirect URI is https, off otherwise
    "AUTH_GUEST": None,  # unset: on when no OIDC provider is configured, off otherwise
    "REDIS_URL": None,
    "REDIS_CLUSTER_NODES": None,  # host:port,host:port of a Redis Cluster, instead of REDIS_URL
    "REDIS_KEY_PREFIX": "tavolo",
    "DATABASE_URL": None,
    "DATABASE_ENGINE": "postgres",
    "DATABASE_HOST": "localhost",
    "DATABASE_PORT": None,
    "DATABASE_NAME": "tavolo",
    "DATABASE_USER": "tavolo",
    "DATABASE_PASSWORD": "password",
    "DATABASE_OPTIONS": None,
    "SQLITE_PATH": "var/tavolo.sqlite3",
    "WORKERS": "1",
    "GAMES": None,  # unset: every installed game package; else the packages to host, comma-separated
    "SHUTDOWN_GRACE_SECONDS": "20",  # on SIGTERM: finish the moves in flight, close sockets (1012), exit
    # OIDC providers, one indexed block each (n = 0, 1, ...); none configured: guests only
    "OIDC_<n>_PROVIDER": None,
    "OIDC_<n>_ISSUER": None,
    "OIDC_<n>_CLIENT_ID": None,
    "OIDC_<n>_CLIENT_SECRET": None,
    "OIDC_<n>_REDIRECT_URI": None,  # unset: http://localhost:<APP_PORT>/auth/<provider>/callback
    "OIDC_<n>_POST_LOGIN_REDIRECT": "/",
    "OIDC_<n>_POST_LOGOUT_REDIRECT": "/",
    "OIDC_LOGIN_TIMEOUT_SECONDS": "600",
    # CORS and the edge's limits
    "CORS_ALLOW_ORIGINS": None,
    "CORS_ALLOW_ORIGIN_REGEX": None,
    "CORS_ALLOW_METHODS": "GET",
    "CORS_ALLOW_HEADERS": None,
    "CORS_ALLOW_CREDENTIALS": "false",
    "CORS_EXPOSE_HEADERS": None,
    "CORS_MAX_AGE": "600",
    "WS_MAX_MESSAGE_BYTES": "4096",
    "WS_RATE_PER_SECOND": "20",
    "WS_RATE_BURST": "40",
    "WS_PING_INTERVAL_SECONDS": "20",
    "MOVES_IN_FLIGHT_PER_GAME": "4",
    "MOVES_IN_FLIGHT_PER_WORKER": "64",
    "BUSY_LAG_MS": "50",
    "WS_PING_TIMEOUT_SECONDS": "20",
    "JOIN_CODE_MAX_FAILURES": "10",
    "JOIN_CODE_FAILURE_WINDOW_SECONDS": "60",
    "BOT_MOVE_DELAY_SECONDS": "0.8",
    # OpenTelemetry
    "OTEL_ENABLED": "false",
    "OTEL_SERVICE_NAME": "tavolo",
    "OTEL_EXPORTER_OTLP_ENDPOINT": None,
    "OTEL_EXPORTER_OTLP_HEADERS": None,
    "OTEL_EXCLUDED_PATHS": "/api/health,/api/health/live,/api/health/ready",
    "OTEL_METRIC_EXPORT_INTERVAL_MILLIS": "60000",
    "OTEL_METRICS_POLL_INTERVAL_SECONDS": "15",
}

DATABASE_PARTS = (
    "DATABASE_ENGINE",
    "DATABASE_HOST",
    "DATABASE_PORT",
    "DATABASE_NAME",
    "DATABASE_USER",
    "DATABASE_PASSWORD",
    "DATABASE_OPTIONS",
)

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# asyncpg's (and libpq's) sslmode values. asyncpg reads ``sslmode`` from the URL query; any other
# unknown key, ``ssl`` among them, is sent to PostgreSQL as a run-time parameter, which fails.
SSL_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


_ORIGIN = re.compile(r"(https?)://([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?")


@dataclass(frozen=True)
class Settings:
    app_host: str = "0.0.0.0"
    app_port: int = 8080
    game_ttl_seconds: float = 86400.0
    lobby_ttl_seconds: float = 1800.0
    turn_timeout_seconds: float = 30.0
    turn_time_choices: tuple[float, ...] = (15.0, 30.0, 60.0)
    hand_ack_timeout_seconds: float = 30.0
    deadline_heartbeat_ms: float = 30000.0
    logging_config: str | None = None
    log_level: str = "INFO"
    session_idle_seconds: float = 604800.0
    session_max_age_seconds: float = 2592000.0
    session_cookie_secure: bool | None = None  # None: on when any OIDC redirect URI is https
    auth_guest: bool | None = None  # None: on when no OIDC provider is configured
    oidc_providers: tuple[OidcProviderSettings, ...] = ()
    oidc_login_timeout_seconds: float = 600.0
    # CORS: no origin configured means no cross-origin access at all
    cors_allow_origins: tuple[str, ...] = ()
    cors_allow_origin_regex: str | None = None
    cors_allow_methods: tuple[str, ...] = ("GET",)
    cors_allow_headers: tuple[str, ...] = ()
    cors_allow_credentials: bool = False
    cors_expose_headers: tuple[str, ...] = ()
    cors_max_age: int = 600
    # WebSocket limits and keep-alive, and join-code guessing
    ws_max_message_bytes: int = 4096
    ws_rate_per_second: float = 20.0
    ws_rate_burst: int = 40
    ws_ping_interval_seconds: float = 20.0
    # past these a player's move is refused at once with ``busy`` (Admission, LoopLag)
    moves_in_flight_per_game: int = 4
    moves_in_flight_per_worker: int = 64
    busy_lag_ms: int = 50
    ws_ping_timeout_seconds: float = 20.0
    join_code_max_failures: int = 10
    join_code_failure_window_seconds: float = 60.0
    redis_url: str | None = None
    redis_cluster_nodes: tuple[tuple[str, int], ...] = ()
    redis_key_prefix: str = "tavolo"
    database_url: str = "sqlite:///var/tavolo.sqlite3"
    workers: int = 1
    games: tuple[str, ...] = ()  # the game packages to host; empty: every installed one
    shutdown_grace_seconds: float = 20.0
    bot_move_delay_seconds: float = 0.8
    # OpenTelemetry (off by default; the headers may carry credentials, so they stay out of repr)
    otel_enabled: bool = False
    otel_service_name: str = "tavolo"
    otel_exporter_otlp_endpoint: str | None = None
    otel_exporter_otlp_headers: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    otel_excluded_paths: tuple[str, ...] = ("/api/health", "/api/health/live", "/api/health/ready")
    otel_metric_export_interval_millis: float = 60000.0
    otel_metrics_poll_interval_seconds: float = 15.0

    @property
    def guest_login(self) -> bool:
        """Guests may log in: ``AUTH_GUEST`` when set, else only when no OIDC provider is configured."""
        return not self.oidc_providers if self.auth_guest is None else self.auth_guest

    @property
    def cookie_secure(self) -> bool:
        """Cookies are ``Secure``: ``SESSION_COOKIE_SECURE`` when set, else when a redirect URI is https."""
        if self.session_cookie_secure is not None:
            return self.session_cookie_secure
        return any(p.redirect_uri.lower().startswith("https://") for p in self.oidc_providers)

    @property
    def database_kind(self) -> str:
        """``postgres``, ``sqlite`` or ``memory``, from the database URL's scheme."""
        return database_kind(self.database_url)

    @property
    def sqlite_path(self) -> str:
        return self.database_url.removeprefix("sqlite://").removeprefix("/") or ":memory:"

    @property
    def deadline_heartbeat_seconds(self) -> float:
        return self.deadline_heartbeat_ms / 1000.0


def _get(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name)
    if value is None or value.strip() == "":
        return VARIABLES[name]
    return value.strip()


def _positive_number(env: Mapping[str, str], name: str) -> float:
    raw = _get(env, name)
    try:
        value = float(raw or "")
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, got {raw!r}") from None
    if not value > 0:
        raise ConfigError(f"{name} must be greater than zero, got {raw!r}")
    return value


def _turn_time_choices(env: Mapping[str, str]) -> tuple[float, ...]:
    """The turn times a creator may choose; the server's default turn time is always one of them."""
    choices = {
        _positive_number({"TURN_TIME_CHOICES": item}, "TURN_TIME_CHOICES")
        for item in _list(env, "TURN_TIME_CHOICES")
    }
    choices.add(_positive_number(env, "TURN_TIMEOUT_SECONDS"))
    return tuple(sorted(choices))


def _port(env: Mapping[str, str], name: str) -> int:
    raw = _get(env, name) or ""
    if not raw.isdigit() or not 0 <= int(raw) <= 65535:
        raise ConfigError(f"{name} must be a TCP port (0-65535), got {raw!r}")
    return int(raw)


def _flag(env: Mapping[str, str], name: str) -> bool:
    raw = (_get(env, name) or "").lower()
    if raw in TRUE_WORDS:
        return True
    if raw in FALSE_WORDS:
        return False
    raise ConfigError(f"{name} must be true or false, got {raw!r}")


def database_kind(url: str) -> str:
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme in {"postgres", "postgresql"}:
        return "postgres"
    if scheme in {"sqlite", "memory"}:
        return scheme
    raise ConfigError(
        f"DATABASE_URL must be postgres://, postgresql://, sqlite:///path or memory://, got {url!r}"
    )


def _database_url(env: Mapping[str, str]) -> str:
    """DATABASE_URL wins; else any DATABASE_* part selects Postgres; else the embedded SQLite file."""
    url = _get(env, "DATABASE_URL")
    if url is None and any((env.get(name) or "").strip() for name in DATABASE_PARTS):
        engine = _get(env, "DATABASE_ENGINE") or "postgres"
        user = quote(_get(env, "DATABASE_USER") or "", safe="")
        password = quote(_get(env, "DATABASE_PASSWORD") or "", safe="")
        port = _get(env, "DATABASE_PORT")
        host = _get(env, "DATABASE_HOST") or "localhost"
        url = f"{engine}://{user}:{password}@{host}{f':{port}' if port else ''}/{_get(env, 'DATABASE_NAME')}"
        options = (_get(env, "DATABASE_OPTIONS") or "").lstrip("?")
        if options:
            url += f"?{_ssl_spelled_for_asyncpg(options, 'DATABASE_OPTIONS')}"
    elif url is not None and database_kind(url) == "postgres" and "?" in url:
        base, query = url.split("?", 1)
        url = f"{base}?{_ssl_spelled_for_asyncpg(query, 'DATABASE_URL')}"
    if url is None:
        url = f"sqlite:///{_get(env, 'SQLITE_PATH')}"
    database_kind(url)
    return url


def _ssl_spelled_for_asyncpg(query: str, name: str) -> str:
    """``ssl=<mode>`` (as in ``DATABASE_OPTIONS=ssl=require``) becomes asyncpg's ``sslmode=<mode>``;
    an unknown mode, or both spellings at once, is a start-up error that names the right one."""
    pairs = [part.partition("=") for part in query.split("&") if part]
    keys = [key for key, _, _ in pairs]
    if "ssl" in keys and "sslmode" in keys:
        raise ConfigError(
            f"{name} sets both ssl and sslmode: keep one, sslmode=<mode> (e.g. sslmode=require)"
        )
    spelled = []
    for key, equals, value in pairs:
        if key in {"ssl", "sslmode"}:
            if value.lower() not in SSL_MODES:
                raise ConfigError(
                    f"{name}: {key}={value} is not an SSL mode; write sslmode= one of {', '.join(SSL_MODES)}"
                    " (for example sslmode=require)"
                )
            key, value = "sslmode", value.lower()
        spelled.append(f"{key}{equals}{value}")
    return "&".join(spelled)


def _log_level(env: Mapping[str, str]) -> str:
    raw = (_get(env, "LOG_LEVEL") or "").upper()
    if raw not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {raw!r}")
    return raw


def _workers(env: Mapping[str, str]) -> int:
    raw = _get(env, "WORKERS") or ""
    if not raw.isdigit() or int(raw) < 1:
        raise ConfigError(f"WORKERS must be a whole number of at least 1, got {raw!r}")
    return int(raw)


def _otlp_headers(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """``key=value`` pairs separated by commas; values may be percent-encoded (as the OTel spec says)."""
    raw = _get(env, "OTEL_EXPORTER_OTLP_HEADERS") or ""
    headers: list[tuple[str, str]] = []
    for item in filter(None, (part.strip() for part in raw.split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ConfigError("OTEL_EXPORTER_OTLP_HEADERS must be comma-separated key=value pairs")
        headers.append((unquote(key.strip()), unquote(value.strip())))
    return tuple(headers)


def _paths(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    raw = _get(env, name) or ""
    return tuple(dict.fromkeys(path.strip() for path in raw.split(",") if path.strip()))


def _whole_number(env: Mapping[str, str], name: str, minimum: int) -> int:
    raw = _get(env, name) or ""
    if not raw.isdigit() or int(raw) < minimum:
        raise ConfigError(f"{name} must be a whole number of at least {minimum}, got {raw!r}")
    return int(raw)


def _optional_flag(env: Mapping[str, str], name: str) -> bool | None:
    """A flag whose default depends on other settings: ``None`` when unset."""
    if not (env.get(name) or "").strip():
        return None
    return _flag(env, name)


def _list(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    raw = _get(env, name) or ""
    return tuple(dict.fromkeys(item.strip() for item in raw.split(",") if item.strip()))


def _cors_origins(env: Mapping[str, str]) -> tuple[str, ...]:
    origins = _list(env, "CORS_ALLOW_ORIGINS")
    if "*" in origins and len(origins) > 1:
        raise ConfigError("CORS_ALLOW_ORIGINS is either * or a list of origins, not both")
    for origin in origins:
        if origin != "*" and not _ORIGIN.fullmatch(origin.rstrip("/")):
            raise ConfigError(
                f"CORS_ALLOW_ORIGINS entries are origins like https://example.com[:port], got {origin!r}"
            )
    return tuple(origin if origin == "*" else origin.rstrip("/").lower() for origin in origins)


def _cors_regex(env: Mapping[str, str]) -> str | None:
    raw = _get(env, "CORS_ALLOW_ORIGIN_REGEX")
    if raw is None:
        return None
    try:
        re.compile(raw)
    except re.error as error:
        raise ConfigError(f"CORS_ALLOW_ORIGIN_REGEX is not a valid regular expression: {error}") from None
    return raw


def _cluster_nodes(env: Mapping[str, str]) -> tuple[tuple[str, int], ...]:
    """``REDIS_CLUSTER_NODES``: comma-separated ``host:port`` seed nodes of a Redis Cluster."""
    raw = _get(env, "REDIS_CLUSTER_NODES")
    if not raw:
        return ()
    if _get(env, "REDIS_URL"):
        raise ConfigError("set REDIS_URL (one Redis server) or REDIS_CLUSTER_NODES (a cluster), not both")
    nodes = []
    for item in (part.strip() for part in raw.split(",")):
        host, _, port = item.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ConfigError(f"REDIS_CLUSTER_NODES: {item!r} is not host:port")
        nodes.append((host.strip("[]"), int(port)))
    return tuple(nodes)


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    env = os.environ if env is None else env
    app_port = _port(env, "APP_PORT")
    providers = oidc_providers(env, app_port, VARIABLES)
    cors_origins = _cors_origins(env)
    cors_credentials = _flag(env, "CORS_ALLOW_CREDENTIALS")
    if cors_credentials and "*" in cors_origins:
        raise ConfigError(
            "CORS_ALLOW_CREDENTIALS cannot be used with CORS_ALLOW_ORIGINS=*: "
            "list the trusted origins instead"
        )
    return Settings(
        app_host=_get(env, "APP_HOST") or "0.0.0.0",
        app_port=app_port,
        game_ttl_seconds=_positive_number(env, "GAME_TTL_SECONDS"),
        lobby_ttl_seconds=min(
            _positive_number(env, "LOBBY_TTL_SECONDS"), _positive_number(env, "GAME_TTL_SECONDS")
        ),
        turn_timeout_seconds=_positive_number(env, "TURN_TIMEOUT_SECONDS"),
        hand_ack_timeout_seconds=_positive_number(env, "HAND_ACK_TIMEOUT_SECONDS"),
        turn_time_choices=_turn_time_choices(env),
        deadline_heartbeat_ms=_positive_number(env, "DEADLINE_HEARTBEAT_MS"),
        logging_config=_get(env, "LOGGING_CONFIG"),
        log_level=_log_level(env),
        session_idle_seconds=_positive_number(env, "SESSION_IDLE_SECONDS"),
        session_max_age_seconds=_positive_number(env, "SESSION_MAX_AGE_SECONDS"),
        session_cookie_secure=_optional_flag(env, "SESSION_COOKIE_SECURE"),
        auth_guest=_optional_flag(env, "AUTH_GUEST"),
        oidc_providers=providers,
        oidc_login_timeout_seconds=_positive_number(env, "OIDC_LOGIN_TIMEOUT_SECONDS"),
        cors_allow_origins=cors_origins,
        cors_allow_origin_regex=_cors_regex(env),
        games=_list(env, "GAMES"),
        cors_allow_methods=tuple(method.upper() for method in _list(env, "CORS_ALLOW_METHODS")),
        cors_allow_headers=tuple(header.lower() for header in _list(env, "CORS_ALLOW_HEADERS")),
        cors_allow_credentials=cors_credentials,
        cors_expose_headers=_list(env, "CORS_EXPOSE_HEADERS"),
        cors_max_age=_whole_number(env, "CORS_MAX_AGE", 0),
        ws_max_message_bytes=_whole_number(env, "WS_MAX_MESSAGE_BYTES", 64),
        ws_rate_per_second=_positive_number(env, "WS_RATE_PER_SECOND"),
        ws_rate_burst=_whole_number(env, "WS_RATE_BURST", 1),
        ws_ping_interval_seconds=_positive_number(env, "WS_PING_INTERVAL_SECONDS"),
        moves_in_flight_per_game=_whole_number(env, "MOVES_IN_FLIGHT_PER_GAME", 1),
        moves_in_flight_per_worker=_whole_number(env, "MOVES_IN_FLIGHT_PER_WORKER", 1),
        busy_lag_ms=_whole_number(env, "BUSY_LAG_MS", 0),
        ws_ping_timeout_seconds=_positive_number(env, "WS_PING_TIMEOUT_SECONDS"),
        join_code_max_failures=_whole_number(env, "JOIN_CODE_MAX_FAILURES", 1),
        join_code_failure_window_seconds=_positive_number(env, "JOIN_CODE_FAILURE_WINDOW_SECONDS"),
        redis_url=_get(env, "REDIS_URL"),
        redis_cluster_nodes=_cluster_nodes(env),
        redis_key_prefix=_get(env, "REDIS_KEY_PREFIX") or "tavolo",
        database_url=_database_url(env),
        workers=_workers(env),
        shutdown_grace_seconds=_positive_number(env, "SHUTDOWN_GRACE_SECONDS"),
        bot_move_delay_seconds=_positive_number(env, "BOT_MOVE_DELAY_SECONDS"),
        otel_enabled=_flag(env, "OTEL_ENABLED"),
        otel_service_name=_get(env, "OTEL_SERVICE_NAME") or "tavolo",
        otel_exporter_otlp_endpoint=_get(env, "OTEL_EXPORTER_OTLP_ENDPOINT"),
        otel_exporter_otlp_headers=_otlp_headers(env),
        otel_excluded_paths=_paths(env, "OTEL_EXCLUDED_PATHS"),
        otel_metric_export_interval_millis=_positive_number(env, "OTEL_METRIC_EXPORT_INTERVAL_MILLIS"),
        otel_metrics_poll_interval_seconds=_positive_number(env, "OTEL_METRICS_POLL_INTERVAL_SECONDS"),
    )
