"""Logging: a YAML ``dictConfig`` file from ``LOGGING_CONFIG``, or the console at ``LOG_LEVEL``.

Without ``LOGGING_CONFIG`` the console gets tavolo's own records (the loggers
of its packages) from ``LOG_LEVEL`` up, ``INFO`` by default, and every other
library's (aiosqlite, asyncpg, redis, websockets, asyncio, Sanic, httpx,
urllib3, OpenTelemetry…) from ``WARNING`` up, whatever ``LOG_LEVEL`` says: their
debug output drowns tavolo's. ``LOGGING_CONFIG`` replaces all of it.
"""

from __future__ import annotations

import logging
import logging.config
from pathlib import Path

import yaml

from entrypoints.config import ConfigError

FORMAT = "%(asctime)s [%(levelname)s] %(name)s: %(message)s"
# The top-level packages whose loggers are tavolo's own (one getLogger(__name__) per module), and
# __main__: the CLI's module logger when it runs as ``python -m entrypoints.cli``.
OWN_LOGGERS = ("domain", "application", "adapters", "entrypoints", "migrations", "__main__")
OTHER_LIBRARIES_LEVEL = logging.WARNING


def configure_logging(path: str | None, level: str = "INFO") -> None:
    """``path``: a ``dictConfig`` YAML file, which decides everything; else the console, with
    tavolo's loggers at ``level`` and every other logger at WARNING."""
    if path is None:
        root = logging.getLogger()
        if not root.handlers:
            handler = logging.StreamHandler()
            handler.setFormatter(logging.Formatter(FORMAT))
            root.addHandler(handler)
        root.setLevel(OTHER_LIBRARIES_LEVEL)
        for name in OWN_LOGGERS:
            logging.getLogger(name).setLevel(level)
        return
    try:
        config = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise ConfigError(f"LOGGING_CONFIG {path!r} cannot be read: {error}") from None
    if not isinstance(config, dict):
        raise ConfigError(f"LOGGING_CONFIG {path!r} is not a dictConfig mapping")
    config.setdefault("version", 1)
    config.setdefault("disable_existing_loggers", False)
    logging.config.dictConfig(config)
