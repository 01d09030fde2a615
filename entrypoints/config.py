"""Environment variables → one frozen ``Settings`` object.

Every variable the server reads is listed in ``VARIABLES`` with its default,
so the README, ``.env.example`` and this module can be checked against each other.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import quote


class ConfigError(ValueError):
    """A configuration variable has a value the server cannot use."""


VARIABLES: dict[str, str | None] = {
    "APP_HOST": "0.0.0.0",
    "APP_PORT": "8080",
    "GAME_TTL_SECONDS": "86400",
    "TURN_TIMEOUT_SECONDS": "30",
    "HAND_ACK_TIMEOUT_SECONDS": "30",
    "DEADLINE_HEARTBEAT_MS": "30000",
    "LOGGING_CONFIG": None,
    "SESSION_IDLE_SECONDS": "604800",
    "SESSION_MAX_AGE_SECONDS": "2592000",
    "SESSION_COOKIE_SECURE": "false",
    "AUTH_GUEST": "true",
    "REDIS_URL": None,
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

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


@dataclass(frozen=True)
class Settings:
    app_host: str = "0.0.0.0"
    app_port: int = 8080
    game_ttl_seconds: float = 86400.0
    turn_timeout_seconds: float = 30.0
    hand_ack_timeout_seconds: float = 30.0
    deadline_heartbeat_ms: float = 30000.0
    logging_config: str | None = None
    session_idle_seconds: float = 604800.0
    session_max_age_seconds: float = 2592000.0
    session_cookie_secure: bool = False
    auth_guest: bool = True
    redis_url: str | None = None
    redis_key_prefix: str = "tavolo"
    database_url: str = "sqlite:///var/tavolo.sqlite3"
    workers: int = 1

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
        options = _get(env, "DATABASE_OPTIONS")
        if options:
            url += f"?{options}"
    if url is None:
        url = f"sqlite:///{_get(env, 'SQLITE_PATH')}"
    database_kind(url)
    return url


def _workers(env: Mapping[str, str]) -> int:
    raw = _get(env, "WORKERS") or ""
    if not raw.isdigit() or int(raw) < 1:
        raise ConfigError(f"WORKERS must be a whole number of at least 1, got {raw!r}")
    return int(raw)


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    env = os.environ if env is None else env
    return Settings(
        app_host=_get(env, "APP_HOST") or "0.0.0.0",
        app_port=_port(env, "APP_PORT"),
        game_ttl_seconds=_positive_number(env, "GAME_TTL_SECONDS"),
        turn_timeout_seconds=_positive_number(env, "TURN_TIMEOUT_SECONDS"),
        hand_ack_timeout_seconds=_positive_number(env, "HAND_ACK_TIMEOUT_SECONDS"),
        deadline_heartbeat_ms=_positive_number(env, "DEADLINE_HEARTBEAT_MS"),
        logging_config=_get(env, "LOGGING_CONFIG"),
        session_idle_seconds=_positive_number(env, "SESSION_IDLE_SECONDS"),
        session_max_age_seconds=_positive_number(env, "SESSION_MAX_AGE_SECONDS"),
        session_cookie_secure=_flag(env, "SESSION_COOKIE_SECURE"),
        auth_guest=_flag(env, "AUTH_GUEST"),
        redis_url=_get(env, "REDIS_URL"),
        redis_key_prefix=_get(env, "REDIS_KEY_PREFIX") or "tavolo",
        database_url=_database_url(env),
        workers=_workers(env),
    )
