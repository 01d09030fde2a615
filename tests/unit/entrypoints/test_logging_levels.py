"""Without LOGGING_CONFIG, the console shows tavolo's records from LOG_LEVEL up and every other
library's from WARNING up. Each case runs in a fresh interpreter (logging is process-wide)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

# Configures logging as `tavolo serve` does, then logs one record per (logger, level).
SCRIPT = """
import logging, sys
from entrypoints.logging_setup import configure_logging

configure_logging(None, sys.argv[1])
for name in sys.argv[2:]:
    for level in ("DEBUG", "INFO", "WARNING"):
        logging.getLogger(name).log(getattr(logging, level), "%s %s", name, level)
"""

OTHER_LIBRARIES = (
    "aiosqlite",
    "asyncpg",
    "redis",
    "websockets.server",
    "asyncio",
    "sanic.access",
    "sanic.root",
    "httpx",
    "urllib3.connectionpool",
    "opentelemetry.sdk",
)
OURS = (
    "entrypoints.cli",
    "adapters.sqlite.matches",
    "application.playing.play",
    "domain.games",
    "migrations",
)


def console_lines(level: str) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, level, *OTHER_LIBRARIES, *OURS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return {line.split(": ", 1)[1] for line in result.stderr.splitlines() if ": " in line}


def test_by_default_tavolo_logs_from_info_and_other_libraries_only_warnings() -> None:
    lines = console_lines("INFO")
    assert lines == {f"{name} WARNING" for name in OTHER_LIBRARIES} | {
        f"{name} {level}" for name in OURS for level in ("INFO", "WARNING")
    }


@pytest.mark.parametrize("level", ["DEBUG", "WARNING"])
def test_log_level_moves_tavolos_loggers_only(level: str) -> None:
    shown = ("DEBUG", "INFO", "WARNING")[("DEBUG", "INFO", "WARNING").index(level) :]
    lines = console_lines(level)
    assert lines == {f"{name} WARNING" for name in OTHER_LIBRARIES} | {
        f"{name} {each}" for name in OURS for each in shown
    }
