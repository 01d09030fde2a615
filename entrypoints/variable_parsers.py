"""Readers of one environment variable's text: ``parse(variable name, text) -> value``.

Each ``Settings`` field (``entrypoints.config``) names one of these as its ``setting``'s parser. A
text a reader refuses is a ``ConfigError`` that names the variable, so a wrong setting stops the
server at start with a sentence an operator can act on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

import orjson

from domain.arenas.recurring import Recurring, parse_schedule
from domain.errors import InvalidArena
from entrypoints.config_errors import ConfigError
from entrypoints.variables import Parse

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}

_ORIGIN = re.compile(r"(https?)://([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?")


def text(name: str, raw: str) -> str:
    return raw


def seconds(name: str, raw: str) -> float:
    """A number greater than zero (seconds, or the unit the variable's name says)."""
    value = _number(name, raw)
    if not value > 0:
        raise ConfigError(f"{name} must be greater than zero, got {raw!r}")
    return value


def seconds_or_zero(name: str, raw: str) -> float:
    value = _number(name, raw)
    if not value >= 0:
        raise ConfigError(f"{name} must not be negative, got {raw!r}")
    return value


def _number(name: str, raw: str) -> float:
    try:
        return float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, got {raw!r}") from None


def whole_number(minimum: int) -> Parse:
    def parse(name: str, raw: str) -> int:
        if not raw.isdigit() or int(raw) < minimum:
            raise ConfigError(f"{name} must be a whole number of at least {minimum}, got {raw!r}")
        return int(raw)

    return parse


def port(name: str, raw: str) -> int:
    if not raw.isdigit() or not 0 <= int(raw) <= 65535:
        raise ConfigError(f"{name} must be a TCP port (0-65535), got {raw!r}")
    return int(raw)


def flag(name: str, raw: str) -> bool:
    lowered = raw.lower()
    if lowered in TRUE_WORDS:
        return True
    if lowered in FALSE_WORDS:
        return False
    raise ConfigError(f"{name} must be true or false, got {lowered!r}")


def names(name: str, raw: str) -> tuple[str, ...]:
    """Comma-separated items, blanks and repeats left out, in their order."""
    return tuple(dict.fromkeys(item.strip() for item in raw.split(",") if item.strip()))


def names_in(case: Callable[[str], str]) -> Parse:
    def parse(name: str, raw: str) -> tuple[str, ...]:
        return tuple(case(item) for item in names(name, raw))

    return parse


def each(parse_item: Parse) -> Parse:
    def parse(name: str, raw: str) -> tuple[Any, ...]:
        return tuple(parse_item(name, item) for item in names(name, raw))

    return parse


def arena_schedule(name: str, raw: str) -> tuple[Recurring, ...]:
    """The operator's recurring arenas: a JSON list of objects (``domain.arenas.recurring``), or
    ``@`` and the path of a file holding one."""
    if raw.startswith("@"):
        try:
            with open(raw[1:], encoding="utf-8") as file:
                raw = file.read()
        except OSError as error:
            raise ConfigError(f"{name}: cannot read {raw[1:]!r} ({error.strerror})") from None
    try:
        entries = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise ConfigError(f"{name} is a JSON list of recurring arenas (or @file)") from None
    try:
        return tuple(parse_schedule(entries))
    except InvalidArena as error:
        raise ConfigError(f"{name}: {error}") from None


def level_name(name: str, raw: str) -> str:
    level = raw.upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"{name} must be one of {', '.join(LOG_LEVELS)}, got {level!r}")
    return level


def cors_origins(name: str, raw: str) -> tuple[str, ...]:
    origins = names(name, raw)
    if "*" in origins and len(origins) > 1:
        raise ConfigError(f"{name} is either * or a list of origins, not both")
    for origin in origins:
        if origin != "*" and not _ORIGIN.fullmatch(origin.rstrip("/")):
            raise ConfigError(f"{name} entries are origins like https://example.com[:port], got {origin!r}")
    return tuple(origin if origin == "*" else origin.rstrip("/").lower() for origin in origins)


def regex(name: str, raw: str) -> str:
    try:
        re.compile(raw)
    except re.error as error:
        raise ConfigError(f"{name} is not a valid regular expression: {error}") from None
    return raw


def host_ports(name: str, raw: str) -> tuple[tuple[str, int], ...]:
    """Comma-separated ``host:port`` pairs."""
    nodes = []
    for item in (item.strip() for item in raw.split(",")):
        host, _, number = item.rpartition(":")
        if not host or not number.isdigit() or not 0 < int(number) < 65536:
            raise ConfigError(f"{name}: {item!r} is not host:port")
        nodes.append((host.strip("[]"), int(number)))
    return tuple(nodes)


def key_values(name: str, raw: str) -> tuple[tuple[str, str], ...]:
    """``key=value`` pairs separated by commas; values may be percent-encoded (as the OTel spec says)."""
    pairs: list[tuple[str, str]] = []
    for item in filter(None, (item.strip() for item in raw.split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ConfigError(f"{name} must be comma-separated key=value pairs")
        pairs.append((unquote(key.strip()), unquote(value.strip())))
    return tuple(pairs)
