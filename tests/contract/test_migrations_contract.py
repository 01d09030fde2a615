"""The schema migrations of the SQL match repositories (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from application.records import FinishedMatch, Participant
from tests.contract.match_factories import MIGRATION_TARGETS, MigrationTarget

REAL = ["0001_matches"]


@pytest.fixture(params=list(MIGRATION_TARGETS))
async def target(request: pytest.FixtureRequest) -> AsyncIterator[MigrationTarget]:
    async with MIGRATION_TARGETS[request.param]() as fresh:
        yield fresh


def write_package(root: Path, files: dict[str, str]) -> str:
    """A throwaway migrations package under ``root`` (already on sys.path); returns its name.

    ``files`` maps a file name to its SQL, written for both dialects.
    """
    name = f"tavolo_test_migrations_{uuid.uuid4().hex}"
    (root / name).mkdir()
    (root / name / "__init__.py").write_text('"""Test migrations."""\n')
    for dialect in ("postgres", "sqlite"):
        (root / name / dialect).mkdir()
        for file_name, sql in files.items():
            (root / name / dialect / file_name).write_text(sql)
    return name


def add_file(root: Path, package: str, file_name: str, sql: str) -> None:
    for dialect in ("postgres", "sqlite"):
        (root / package / dialect / file_name).write_text(sql)


# Each file needs the previous ones: applied out of order, they fail.
NUMBERED = {
    "0010_index.sql": "CREATE INDEX widget_colour_idx ON widget (colour);\n",
    "0001_create.sql": (
        "-- the table; nothing else\nCREATE TABLE widget (id INTEGER PRIMARY KEY, label TEXT NOT NULL);\n"
    ),
    "0002_colour.sql": (
        "ALTER TABLE widget ADD COLUMN colour TEXT;\n"
        "INSERT INTO widget (id, label, colour) VALUES (1, 'semi; colon', 'red');\n"
        "-- a trailing comment\n"
    ),
    "README.txt": "not a migration\n",
    "12_short.sql": "this is not a numbered migration and must be ignored;\n",
    "0003_Upper.sql": "neither is this;\n",
}
NUMBERED_NAMES = ["0001_create", "0002_colour", "0010_index"]


def a_match() -> FinishedMatch:
    return FinishedMatch(
        id=str(uuid.uuid4()),
        game_type="briscola",
        started_at=1.5,
        finished_at=2.5,
        result={},
        participants=(
            Participant("u-a", "A", 0, None, True, 70),
            Participant("u-b", "B", 1, None, False, 50),
        ),
        sides={"a": ("u-a",), "b": ("u-b",)},
        winner="a",
    )


async def test_the_schema_is_applied_recorded_and_usable(target: MigrationTarget) -> None:
    repository = await target.repository()

    assert await repository.pending_migrations() == REAL
    assert await repository.migrate() == REAL

    assert await target.read_bookkeeping() == REAL
    assert await repository.pending_migrations() == []
    assert await repository.record(a_match()) is True


async def test_a_second_run_applies_nothing(target: MigrationTarget) -> None:
    first = await target.repository()
    assert await first.migrate() == REAL

    assert await first.migrate() == []
    later = await target.repository()  # another process, later
    assert await later.pending_migrations() == []
    assert await later.migrate() == []
    assert await target.read_bookkeeping() == REAL


async def test_two_concurrent_runs_both_succeed_and_apply_each_file_once(target: MigrationTarget) -> None:
    one, two = await target.repository(), await target.repository()

    results = await asyncio.wait_for(asyncio.gather(one.migrate(), two.migrate()), 60)

    assert sorted(results) == [[], REAL]
    assert await target.read_bookkeeping() == REAL
    assert await one.pending_migrations() == await two.pending_migrations() == []


async def test_numbered_files_apply_in_number_order_and_others_are_ignored(
    target: MigrationTarget, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = write_package(tmp_path, NUMBERED)
    repository = await target.repository(package)

    assert await repository.pending_migrations() == NUMBERED_NAMES
    assert await repository.migrate() == NUMBERED_NAMES
    assert await target.read_bookkeeping() == NUMBERED_NAMES


async def test_a_new_file_is_pending_until_the_next_run(
    target: MigrationTarget, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = write_package(tmp_path, {k: v for k, v in NUMBERED.items() if k != "0010_index.sql"})
    repository = await target.repository(package)
    assert await repository.migrate() == NUMBERED_NAMES[:2]

    add_file(tmp_path, package, "0010_index.sql", NUMBERED["0010_index.sql"])

    assert await repository.pending_migrations() == ["0010_index"]
    assert await repository.migrate() == ["0010_index"]
    assert await repository.pending_migrations() == []
    assert await target.read_bookkeeping() == NUMBERED_NAMES


async def test_a_failing_file_applies_and_records_nothing(
    target: MigrationTarget, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    broken = {"0001_create.sql": NUMBERED["0001_create.sql"], "0002_colour.sql": "ALTER TABLE nowhere;\n"}
    package = write_package(tmp_path, broken)
    repository = await target.repository(package)

    with pytest.raises(Exception, match=r"(?i)nowhere|syntax"):
        await repository.migrate()

    assert await repository.pending_migrations() == ["0001_create", "0002_colour"]
    add_file(tmp_path, package, "0002_colour.sql", NUMBERED["0002_colour.sql"])
    assert await repository.migrate() == ["0001_create", "0002_colour"]
