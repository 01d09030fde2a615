"""The schema migrations of the SQL match repositories (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from pypika import Table

from adapters.sql.dialect import Dialect, Statement, statement
from application.results.archive import FinishedMatch, Participant, Rating
from tests.contract.match_factories import MIGRATION_TARGETS, MigrationTarget

REAL = ["0001_matches", "0002_rated_matches", "0003_match_records", "0004_arenas"]


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


# --- 0002: rated and casual matches ---------------------------------------------------


def copy_real(root: Path, names: Sequence[str]) -> str:
    """A throwaway migrations package holding the real files ``names``, for both dialects."""
    package = write_package(root, {})
    for name in names:
        add_real(root, package, name)
    return package


def add_real(root: Path, package: str, name: str) -> None:
    for dialect in ("postgres", "sqlite"):
        sql = resources.files("migrations").joinpath(dialect, f"{name}.sql").read_text("utf-8")
        (root / package / dialect / f"{name}.sql").write_text(sql)


def insert(d: Dialect, table: str, row: dict[str, Any]) -> Statement:
    b = d.binder()
    query = d.query.into(Table(table)).columns(*row).insert(*[b(value) for value in row.values()])
    return statement(query, b)


def old_match(
    d: Dialect, match_id: str, at: float, winner: tuple[str, str], loser: tuple[str, str]
) -> list[Statement]:
    """A match as 0001 stored it: ``winner`` (user id, name) beat ``loser``, 16 points of Elo."""
    sides = [["a", [winner[0]]], ["b", [loser[0]]]]
    match = {
        "id": match_id,
        "game_type": "briscola",
        "started_at": at - 60,
        "finished_at": at,
        "result": json.dumps({"winner": "a"}),
        "sides": json.dumps(sides),
        "winner": "a",
    }
    players = [
        {"match_id": match_id, "user_id": user, "name": name, "seat": seat, "team": None, "won": seat == 0}
        | {"points": 70 - 20 * seat, "elo_delta": 16 - 32 * seat, "details": json.dumps({})}
        for seat, (user, name) in enumerate((winner, loser))
    ]
    return [insert(d, "match", match), *(insert(d, "match_player", p) for p in players)]


def old_rating(
    d: Dialect, user: str, name: str, rating: int, matches: int, wins: int, points: int
) -> Statement:
    row = {"user_id": user, "game_type": "briscola", "name": name, "rating": rating}
    return insert(d, "player_rating", row | {"matches": matches, "wins": wins, "points": points})


async def test_0002_makes_an_old_match_with_a_computer_player_casual(
    target: MigrationTarget, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = copy_real(tmp_path, ["0001_matches"])
    repository = await target.repository(package)
    assert await repository.migrate() == ["0001_matches"]
    d = target.sql
    # Before 0002, anna beat a computer player, then lost to bruno, and both moved her rating.
    await target.run(
        [
            *old_match(d, "m-bot", 100.0, ("u-anna", "Anna"), ("bot:normal:1", "Bot")),
            *old_match(d, "m-people", 200.0, ("u-bruno", "Bruno"), ("u-anna", "Anna")),
            old_rating(d, "u-anna", "Anna", 1499, 2, 1, 120),
            old_rating(d, "bot:normal:1", "Bot", 1484, 1, 0, 50),
            old_rating(d, "u-bruno", "Bruno", 1517, 1, 1, 70),
        ]
    )

    add_real(tmp_path, package, "0002_rated_matches")
    assert await repository.migrate() == ["0002_rated_matches"]
    add_real(tmp_path, package, "0003_match_records")  # what the repository reads now
    assert await repository.migrate() == ["0003_match_records"]

    casual, rated = await repository.match("m-bot"), await repository.match("m-people")
    assert casual is not None and rated is not None
    assert casual.rated is False
    assert [(p.user_id, p.elo_delta, p.rating_before) for p in casual.participants] == [
        ("u-anna", 0, None),
        ("bot:normal:1", 0, None),
    ]
    assert rated.rated is True
    assert [(p.user_id, p.elo_delta) for p in rated.participants] == [("u-bruno", 16), ("u-anna", -16)]
    assert [s.id for s in await repository.history("u-anna", limit=10)] == ["m-people", "m-bot"]
    # 0003: matches played before records were kept say they have none.
    assert casual.has_record is False and rated.has_record is False
    assert await repository.match_record("m-people") is None

    # What the README tells operators to run next: the old ratings follow the rule.
    assert await repository.rebuild_ratings() == 1
    assert await repository.ratings("u-anna") == [Rating("u-anna", "briscola", "Anna", 1484, 1, 0, 50)]
    assert await repository.ratings("bot:normal:1") == []
    rebuilt = await repository.match("m-people")
    assert rebuilt is not None
    assert [(p.elo_delta, p.rating_before) for p in rebuilt.participants] == [(16, 1500), (-16, 1500)]
