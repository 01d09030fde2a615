"""Where finished matches and ratings go: ``DATABASE_URL``, or the ``DATABASE_*`` parts it is built
from, else the embedded SQLite file (``SQLITE_PATH``).

``entrypoints.config`` declares the ``DATABASE_URL`` setting with ``database_address`` as its parser
and these parts, and derives the URL with ``database_url_from_parts`` when it is unset.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote

from entrypoints.config_errors import ConfigError
from entrypoints.variables import Variable, part

# asyncpg's (and libpq's) sslmode values. asyncpg reads ``sslmode`` from the URL query; any other
# unknown key, ``ssl`` among them, is sent to PostgreSQL as a run-time parameter, which fails.
SSL_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")

DATABASE_PARTS: tuple[Variable, ...] = (
    part("DATABASE_ENGINE", "postgres", "with any `DATABASE_*` part set, the URL is built from the parts"),
    part("DATABASE_HOST", "localhost", "PostgreSQL host"),
    part("DATABASE_PORT", None, "PostgreSQL port (the driver's default when unset)"),
    part("DATABASE_NAME", "tavolo", "database name"),
    part("DATABASE_USER", "tavolo", "user"),
    part("DATABASE_PASSWORD", "password", "password"),
    part(
        "DATABASE_OPTIONS",
        None,
        "extra URL query, e.g. `sslmode=require`; `ssl=<mode>` is read as `sslmode=<mode>`; a mode other"
        " than `disable`, `allow`, `prefer`, `require`, `verify-ca`, `verify-full` is a start-up error",
    ),
)
SQLITE_PATH = part(
    "SQLITE_PATH", "var/tavolo.sqlite3", "the embedded SQLite file used when no database is configured"
)


def database_kind(url: str) -> str:
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme in {"postgres", "postgresql"}:
        return "postgres"
    if scheme in {"sqlite", "memory"}:
        return scheme
    raise ConfigError(
        f"DATABASE_URL must be postgres://, postgresql://, sqlite:///path or memory://, got {url!r}"
    )


def database_address(name: str, raw: str) -> str:
    """A database URL, its PostgreSQL SSL option spelled for asyncpg."""
    if database_kind(raw) == "postgres" and "?" in raw:
        base, query = raw.split("?", 1)
        return f"{base}?{ssl_spelled_for_asyncpg(query, name)}"
    return raw


def ssl_spelled_for_asyncpg(query: str, name: str) -> str:
    """``ssl=<mode>`` (as in ``DATABASE_OPTIONS=ssl=require``) becomes asyncpg's ``sslmode=<mode>``;
    an unknown mode, or both spellings at once, is a start-up error that names the right one."""
    pairs = [item.partition("=") for item in query.split("&") if item]
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


def database_url_from_parts(env: Mapping[str, str]) -> str:
    """Without DATABASE_URL: any DATABASE_* part selects Postgres; else the embedded SQLite file."""
    parts = {variable.name: variable.text_in(env) for variable in DATABASE_PARTS}
    if not any(_is_set(env, name) for name in parts):
        return f"sqlite:///{SQLITE_PATH.text_in(env)}"
    user = quote(parts["DATABASE_USER"] or "", safe="")
    password = quote(parts["DATABASE_PASSWORD"] or "", safe="")
    number = parts["DATABASE_PORT"]
    url = (
        f"{parts['DATABASE_ENGINE']}://{user}:{password}@{parts['DATABASE_HOST']}"
        f"{f':{number}' if number else ''}/{parts['DATABASE_NAME']}"
    )
    options = (parts["DATABASE_OPTIONS"] or "").lstrip("?")
    if options:
        url += f"?{ssl_spelled_for_asyncpg(options, 'DATABASE_OPTIONS')}"
    database_kind(url)
    return url


def _is_set(env: Mapping[str, str], name: str) -> bool:
    return bool((env.get(name) or "").strip())
