"""Environment variables → one frozen ``Settings`` object.

Each setting is declared once, as a field of ``Settings``: its variable, its
parser (``entrypoints.variable_parsers``), its default and a one-line
description (``entrypoints.variables``).
``load_settings`` reads the variables from those declarations, ``VARIABLES``
and the README's configuration table (``tavolo settings --markdown``) are made
from them, and the unit tests check ``.env.example`` and the README against them.

Reading goes in two steps: every declared variable is parsed on its own (a bad
value is a ``ConfigError`` naming it), then ``_derive`` settles what depends on
several of them — ``DATABASE_URL`` from its ``DATABASE_*`` parts
(``entrypoints.database_settings``), the OIDC providers from their
``OIDC_<n>_*`` blocks (``entrypoints.oidc_settings``), the lobby TTL's ceiling, the
default turn time among the choices, and the combinations refused.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from domain.arenas.recurring import Recurring
from domain.bots.search import Budget
from entrypoints.config_errors import ConfigError
from entrypoints.database_settings import (
    DATABASE_PARTS,
    SQLITE_PATH,
    database_address,
    database_kind,
    database_url_from_parts,
)
from entrypoints.oidc_settings import OIDC_PARTS, OidcProviderSettings, oidc_providers
from entrypoints.variable_parsers import (
    arena_schedule,
    cors_origins,
    each,
    flag,
    host_ports,
    key_values,
    level_name,
    names,
    names_in,
    port,
    regex,
    seconds,
    seconds_or_zero,
    text,
    whole_number,
)
from entrypoints.variables import PARTS, VARIABLE, Variable, derived, setting

__all__ = [
    "VARIABLES",
    "ConfigError",
    "OidcProviderSettings",
    "Settings",
    "declared_variables",
    "load_settings",
    "settings_table",
]

# --- the settings, each said once --------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    app_host: str = setting("APP_HOST", text, "0.0.0.0", "bind address")
    app_port: int = setting("APP_PORT", port, 8080, "port")
    game_ttl_seconds: float = setting(
        "GAME_TTL_SECONDS", seconds, 86400.0, "a live game is forgotten after this long without a change"
    )
    lobby_ttl_seconds: float = setting(
        "LOBBY_TTL_SECONDS",
        seconds,
        1800.0,
        "a table still waiting for players is forgotten (and leaves the open tables) after this long"
        " without anyone sitting down or leaving; `GAME_TTL_SECONDS` is its ceiling",
    )
    finished_game_ttl_seconds: float = setting(
        "FINISHED_GAME_TTL_SECONDS",
        seconds,
        600.0,
        "a finished game is forgotten this long after its result is recorded (its record and replay"
        " stay in the database; until it is recorded it lives `GAME_TTL_SECONDS`, its ceiling)",
    )
    turn_timeout_seconds: float = setting(
        "TURN_TIMEOUT_SECONDS",
        seconds,
        30.0,
        "a player's time to move before a random legal move is played (fractions allowed)",
    )
    arena_schedule: tuple[Recurring, ...] = setting(
        "ARENA_SCHEDULE",
        arena_schedule,
        (),
        "the recurring arenas, a JSON list (or `@` and a file holding one); the README's"
        ' "Arenas" section gives the format',
    )
    arena_shortest_minutes: int = setting(
        "ARENA_SHORTEST_MINUTES",
        whole_number(1),
        10,
        "the shortest arena a player may create, in minutes (the longest is 120)",
    )
    turn_time_choices: tuple[float, ...] = setting(
        "TURN_TIME_CHOICES",
        each(seconds),
        (15.0, 30.0, 60.0),
        "the turn times a table's creator may choose from (`TURN_TIMEOUT_SECONDS`, the default, is"
        " always one)",
    )
    hand_ack_timeout_seconds: float = setting(
        "HAND_ACK_TIMEOUT_SECONDS",
        seconds,
        30.0,
        "how long the hand-end summary waits for every acknowledgement (fractions allowed)",
    )
    trick_pause_seconds: float = setting(
        "TRICK_PAUSE_SECONDS",
        seconds_or_zero,
        2.0,
        "how long a finished trick stays on the table before the next lead, in seconds",
    )
    deadline_heartbeat_ms: float = setting(
        "DEADLINE_HEARTBEAT_MS", seconds, 30000.0, "backstop poll of the deadline worker"
    )
    logging_config: str | None = setting(
        "LOGGING_CONFIG",
        text,
        None,
        "a YAML `logging.config.dictConfig` file, which then decides every logger and handler"
        " (`LOG_LEVEL` is ignored); unset logs to the console: tavolo's own records from `LOG_LEVEL`"
        " up, every other library's (aiosqlite, asyncpg, redis, websockets, asyncio, Sanic and its"
        " access log, httpx, urllib3, OpenTelemetry) from WARNING up",
    )
    log_level: str = setting(
        "LOG_LEVEL",
        level_name,
        "INFO",
        "the console level of tavolo's own loggers without `LOGGING_CONFIG`: `DEBUG`, `INFO`,"
        " `WARNING`, `ERROR` or `CRITICAL` (other libraries stay at WARNING)",
    )
    session_idle_seconds: float = setting(
        "SESSION_IDLE_SECONDS", seconds, 604800.0, "a login session ends after this long unused"
    )
    session_max_age_seconds: float = setting(
        "SESSION_MAX_AGE_SECONDS",
        seconds,
        2592000.0,
        "a login session ends this long after login, used or not",
    )
    session_cookie_secure: bool | None = setting(
        "SESSION_COOKIE_SECURE",
        flag,
        None,
        "mark the session and login cookies `Secure`",
        unset_means="on when any OIDC redirect URI is https, else off",
    )
    auth_guest: bool | None = setting(
        "AUTH_GUEST",
        flag,
        None,
        "allow guest login (`POST /auth/guest`)",
        unset_means="on without OIDC providers, off with them",
    )
    bot_move_delay_seconds: float = setting(
        "BOT_MOVE_DELAY_SECONDS", seconds, 0.8, 'how long a computer player "thinks" before moving'
    )
    search_iterations: int = setting(
        "SEARCH_ITERATIONS",
        whole_number(1),
        400,
        "deals a `hard` computer player (and a suggestion) plays out per decision: more is stronger and"
        " costs more CPU (400: about 0.2 s at the median on 2 cores)",
    )
    search_seconds: float = setting(
        "SEARCH_SECONDS",
        seconds,
        1.0,
        "wall-clock cap of one such decision, a safety on a busy machine: past it the search plays the"
        " best move it has",
    )
    thinking_processes: int = setting(
        "THINKING_PROCESSES",
        whole_number(1),
        1,
        "processes each server worker starts (at the first move of a `hard` computer player) to work"
        " out searching computer players' moves away from its event loop",
    )
    thinking_timeout_seconds: float = setting(
        "THINKING_TIMEOUT_SECONDS",
        seconds,
        5.0,
        "a searching computer player's move that takes longer is abandoned (its process replaced); the"
        " seat's turn deadline then plays for it",
    )
    thinking_service: bool = setting(
        "THINKING_SERVICE",
        flag,
        False,
        "send searching computer players' moves to the `tavolo computer-players` processes over a"
        " Redis stream instead of each worker's own thinking processes (needs `REDIS_URL` or"
        " `REDIS_CLUSTER_NODES`)",
    )
    thinking_reclaim_seconds: float = setting(
        "THINKING_RECLAIM_SECONDS",
        seconds,
        5.0,
        "a `computer-players` process takes over a question another has held this long without"
        " answering (it died or hangs)",
    )
    games: tuple[str, ...] = setting(
        "GAMES",
        names,
        (),
        "the game packages to host, comma-separated names of the `tavolo.games` entry points (the"
        " README's game packages list the built-in ones), in the order the lobby lists them; the first"
        " game type listed is the"
        " default of a request that names none. A name that is not installed, or a package that fails"
        " to load, stops the server at start-up",
        unset_means="unset: every installed game package",
    )
    workers: int = setting(
        "WORKERS",
        whole_number(1),
        1,
        "server worker processes (`tavolo serve --workers N`); more than one needs `REDIS_URL` or"
        " `REDIS_CLUSTER_NODES`",
    )
    shutdown_grace_seconds: float = setting(
        "SHUTDOWN_GRACE_SECONDS",
        seconds,
        20.0,
        "on SIGTERM a worker takes no new socket or move, lets the moves under way end, closes its"
        " sockets with 1012 and exits within this long (fractions allowed)",
    )
    redis_url: str | None = setting(
        "REDIS_URL",
        text,
        None,
        "keep live games, join codes, locks, notifications, deadlines and logins in Redis, shared by"
        " every process; unset keeps them in memory",
    )
    redis_cluster_nodes: tuple[tuple[str, int], ...] = setting(
        "REDIS_CLUSTER_NODES",
        host_ports,
        (),
        "the same on a Redis Cluster (7 or later): comma-separated `host:port` seed nodes (one"
        " reachable is enough); not together with `REDIS_URL`",
    )
    redis_key_prefix: str = setting(
        "REDIS_KEY_PREFIX",
        text,
        "tavolo",
        "prefix of every Redis key and channel (no `{` or `}` on a cluster)",
    )
    database_url: str = setting(
        "DATABASE_URL",
        database_address,
        "sqlite:///var/tavolo.sqlite3",
        "where finished matches and ratings go: `postgresql://…`, `sqlite:///path` or `memory://`;"
        " wins over the parts below",
        unset_means="unset",
        parts=(*DATABASE_PARTS, SQLITE_PATH),
    )
    oidc_providers: tuple[OidcProviderSettings, ...] = derived((), OIDC_PARTS)
    oidc_login_timeout_seconds: float = setting(
        "OIDC_LOGIN_TIMEOUT_SECONDS",
        seconds,
        600.0,
        "how long a started login may take before its state expires",
    )
    # CORS: no origin configured means no cross-origin access at all
    cors_allow_origins: tuple[str, ...] = setting(
        "CORS_ALLOW_ORIGINS",
        cors_origins,
        (),
        "comma-separated origins allowed cross-origin, or `*` (read-only: `*` never allows credentials"
        " or state changes); CORS is off unless this or the regex is set",
    )
    cors_allow_origin_regex: str | None = setting(
        "CORS_ALLOW_ORIGIN_REGEX", regex, None, "a regex that must match a request's whole origin"
    )
    cors_allow_methods: tuple[str, ...] = setting(
        "CORS_ALLOW_METHODS",
        names_in(str.upper),
        ("GET",),
        "comma-separated methods allowed cross-origin, or `*`",
    )
    cors_allow_headers: tuple[str, ...] = setting(
        "CORS_ALLOW_HEADERS",
        names_in(str.lower),
        (),
        "comma-separated request headers allowed, or `*` to mirror the requested ones",
    )
    cors_allow_credentials: bool = setting(
        "CORS_ALLOW_CREDENTIALS",
        flag,
        False,
        "allow cookies on cross-origin requests from listed or matched origins (a start-up error with `*`)",
    )
    cors_expose_headers: tuple[str, ...] = setting(
        "CORS_EXPOSE_HEADERS", names, (), "comma-separated response headers exposed to the browser"
    )
    cors_max_age: int = setting(
        "CORS_MAX_AGE", whole_number(0), 600, "seconds browsers may cache a preflight answer"
    )
    # WebSocket limits and keep-alive, and join-code guessing
    ws_max_message_bytes: int = setting(
        "WS_MAX_MESSAGE_BYTES",
        whole_number(64),
        4096,
        "largest incoming WebSocket frame; bigger closes the socket with 1009",
    )
    ws_rate_per_second: float = setting(
        "WS_RATE_PER_SECOND", seconds, 20.0, "messages per second a WebSocket may send on average"
    )
    ws_rate_burst: int = setting(
        "WS_RATE_BURST",
        whole_number(1),
        40,
        "messages a WebSocket may send in a burst; beyond the budget it is closed with 1008",
    )
    ws_ping_interval_seconds: float = setting(
        "WS_PING_INTERVAL_SECONDS", seconds, 20.0, "ping idle WebSockets this often"
    )
    # past these a player's move is refused at once with ``busy`` (Admission, LoopLag)
    moves_in_flight_per_game: int = setting(
        "MOVES_IN_FLIGHT_PER_GAME",
        whole_number(1),
        4,
        "players' moves of one game a worker takes on at once; past it a move is refused `busy`",
    )
    moves_in_flight_per_worker: int = setting(
        "MOVES_IN_FLIGHT_PER_WORKER",
        whole_number(1),
        64,
        "players' moves of all games a worker takes on at once; past it a move is refused `busy`",
    )
    busy_lag_ms: int = setting(
        "BUSY_LAG_MS",
        whole_number(0),
        50,
        "refuse moves `busy` while any worker's event loop, or its showing of changes to its sockets,"
        " keeps running this late (most of its last wake-ups or changes; `0`: never)",
    )
    ws_ping_timeout_seconds: float = setting(
        "WS_PING_TIMEOUT_SECONDS", seconds, 20.0, "drop a WebSocket that has not answered a ping in this time"
    )
    join_code_max_failures: int = setting(
        "JOIN_CODE_MAX_FAILURES",
        whole_number(1),
        10,
        "unknown join codes a user or address may try per window before getting 429",
    )
    join_code_failure_window_seconds: float = setting(
        "JOIN_CODE_FAILURE_WINDOW_SECONDS", seconds, 60.0, "length of that window"
    )
    # OpenTelemetry (off by default; the headers may carry credentials, so they stay out of repr)
    otel_enabled: bool = setting(
        "OTEL_ENABLED",
        flag,
        False,
        "export traces, metrics and logs over OTLP/HTTP; off, nothing is installed",
    )
    otel_service_name: str = setting(
        "OTEL_SERVICE_NAME", text, "tavolo", "the `service.name` attached to everything exported"
    )
    otel_exporter_otlp_endpoint: str | None = setting(
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        text,
        None,
        "collector base URL (e.g. `http://localhost:4318`); unset uses the exporter's default",
    )
    otel_exporter_otlp_headers: tuple[tuple[str, str], ...] = setting(
        "OTEL_EXPORTER_OTLP_HEADERS",
        key_values,
        (),
        "comma-separated `key=value` headers for the collector",
        repr=False,
    )
    otel_excluded_paths: tuple[str, ...] = setting(
        "OTEL_EXCLUDED_PATHS",
        names,
        ("/api/health", "/api/health/live", "/api/health/ready"),
        "comma-separated exact paths left out of traces and HTTP metrics",
    )
    otel_metric_export_interval_millis: float = setting(
        "OTEL_METRIC_EXPORT_INTERVAL_MILLIS", seconds, 60000.0, "how often metrics are exported"
    )
    otel_metrics_poll_interval_seconds: float = setting(
        "OTEL_METRICS_POLL_INTERVAL_SECONDS",
        seconds,
        15.0,
        "how often the active-users and ongoing-games gauges are refreshed (cluster-wide on Redis:"
        " aggregate with max, not sum)",
    )

    @property
    def search_budget(self) -> Budget:
        """How much a searching computer player (``hard``, and suggestions) may search per decision."""
        return Budget(self.search_iterations, self.search_seconds)

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


# --- reading ------------------------------------------------------------------------------------


def declared_variables() -> Iterator[Variable]:
    """Every variable the server reads, in the order the settings are listed (a field's parts after it)."""
    for declared in dataclasses.fields(Settings):
        if VARIABLE in declared.metadata:
            yield declared.metadata[VARIABLE]
        yield from declared.metadata.get(PARTS, ())


VARIABLES: dict[str, str | None] = {variable.name: variable.default for variable in declared_variables()}
"""Every variable by name, with its default as written in the environment (``None``: unset)."""


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    env = os.environ if env is None else env
    values: dict[str, Any] = {}
    for declared in dataclasses.fields(Settings):
        variable: Variable | None = declared.metadata.get(VARIABLE)
        if variable is None or variable.parse is None:
            continue
        raw = variable.text_in(env)
        if raw is not None:
            values[declared.name] = variable.parse(variable.name, raw)
    return Settings(**_derive(env, values))


def _derive(env: Mapping[str, str], values: dict[str, Any]) -> dict[str, Any]:
    """What depends on more than one variable, and the combinations refused."""
    defaults = Settings()
    values["lobby_ttl_seconds"] = min(
        values.get("lobby_ttl_seconds", defaults.lobby_ttl_seconds),
        values.get("game_ttl_seconds", defaults.game_ttl_seconds),
    )
    turn = values.get("turn_timeout_seconds", defaults.turn_timeout_seconds)
    choices = values.get("turn_time_choices", defaults.turn_time_choices)
    values["turn_time_choices"] = tuple(sorted({*choices, turn}))  # the default is always a choice
    if values.get("redis_cluster_nodes") and values.get("redis_url"):
        raise ConfigError("set REDIS_URL (one Redis server) or REDIS_CLUSTER_NODES (a cluster), not both")
    if values.get("thinking_service") and not (values.get("redis_url") or values.get("redis_cluster_nodes")):
        raise ConfigError("THINKING_SERVICE needs REDIS_URL (or REDIS_CLUSTER_NODES): it asks over Redis")
    if values.get("cors_allow_credentials") and "*" in values.get("cors_allow_origins", ()):
        raise ConfigError(
            "CORS_ALLOW_CREDENTIALS cannot be used with CORS_ALLOW_ORIGINS=*: "
            "list the trusted origins instead"
        )
    if "database_url" not in values:
        values["database_url"] = database_url_from_parts(env)
    values["oidc_providers"] = oidc_providers(env, values.get("app_port", defaults.app_port), VARIABLES)
    return values


def settings_table() -> str:
    """The README's configuration table, made from the settings as they are listed."""
    rows = ["| Variable | Default | Meaning |", "|---|---|---|"]
    rows += [
        f"| `{variable.name}` | {variable.shown_default()} | {variable.description} |"
        for variable in declared_variables()
    ]
    return "\n".join(rows) + "\n"
