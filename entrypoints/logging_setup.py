"""Logging: a YAML ``dictConfig`` file from ``LOGGING_CONFIG``, or DEBUG to the console."""

from __future__ import annotations

import logging
import logging.config
from pathlib import Path

import yaml

from entrypoints.config import ConfigError

FORMAT = "%(asctime)s [%(levelname)s] %(name)s: %(message)s"


def configure_logging(path: str | None) -> None:
    if path is None:
        logging.basicConfig(level=logging.DEBUG, format=FORMAT)
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
