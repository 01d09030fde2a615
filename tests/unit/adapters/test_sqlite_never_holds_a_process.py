"""An SQLite repository left open never keeps its process from exiting."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROGRAM = """
import asyncio, sys
from adapters.sqlite.matches import SqliteMatchRepository

KEPT = []  # held for the life of the process, as a server's container holds its repository

async def main() -> None:
    repository = SqliteMatchRepository(sys.argv[1])
    await repository.open()  # and never closed: as when a server is interrupted while it starts
    KEPT.append(repository)

asyncio.run(main())
print("done", flush=True)
"""


def test_a_process_that_never_closed_its_sqlite_repository_still_exits(tmp_path: Path) -> None:
    finished = subprocess.run(
        [sys.executable, "-c", PROGRAM, str(tmp_path / "left-open.sqlite3")],
        capture_output=True,
        text=True,
        timeout=10,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip() == "done"
