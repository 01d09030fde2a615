"""``tavolo verify RECORD.json``: check a match record anyone downloaded, on this machine alone.

The record (as ``GET /api/matches/{id}/record`` serves it) is first checked
against its JSON Schema (``entrypoints/schemas/match-record-1.json``), then by
``domain.verification``: the revealed seed and salt must hash to the commitment
the players were shown, and every step, replayed through the engines, must
make exactly the events the record lists, up to the recorded result. Exit
status 0: verified; 1: the record disagrees (the first step that does is
named); 2: the file is not a match record at all.
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

import jsonschema

from domain.verification import check_record
from entrypoints.game_packages import installed_registry

SCHEMA_PACKAGE = "entrypoints.schemas"
SCHEMA_FILE = "match-record-1.json"


def record_schema() -> dict[str, Any]:
    """The JSON Schema of format version 1 of the match record."""
    schema: dict[str, Any] = json.loads(resources.files(SCHEMA_PACKAGE).joinpath(SCHEMA_FILE).read_text())
    return schema


def schema_errors(record: Any) -> list[str]:
    """Where ``record`` breaks the JSON Schema (empty: nowhere), the first few, deepest path first."""
    validator = jsonschema.Draft202012Validator(record_schema())
    found = sorted(validator.iter_errors(record), key=lambda e: (-len(e.absolute_path), str(e.absolute_path)))
    return [
        f"{'/'.join(str(p) for p in e.absolute_path) or '(the document)'}: {e.message}" for e in found[:5]
    ]


def verify(path: str, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Check the record in ``path`` (``-``: standard input); the exit status (see the module docstring)."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        record = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        print(f"tavolo verify: cannot read {path}: {error}", file=err)
        return 2
    broken = schema_errors(record)
    if broken:
        print(f"tavolo verify: {path} is not a match record of format version 1:", file=err)
        for line in broken:
            print(f"  {line}", file=err)
        return 2
    verdict = check_record(record, installed_registry())
    if verdict.problem is not None:
        problem = verdict.problem
        steps = record["steps"]
        if problem.step is None:
            where = "the record"
        elif problem.step < len(steps):
            where = _step_words(steps[problem.step], problem.step)
        else:
            where = "the end of the match"
        print(f"NOT VERIFIED: {where}: {problem.message}", file=out)
        return 1
    result = record["result"]
    shuffle = record["shuffle"]
    print(f"verified: match {record['match_id']} ({record['game_type']})", file=out)
    print(f"  the seed and salt hash to the commitment {shuffle['commitment']}", file=out)
    print(f"  {verdict.steps} steps replayed from the seed make every recorded deal and event", file=out)
    print(f"  result: winner {result['winner']}, scores {result['scores']}", file=out)
    return 0


def _step_words(step: Any, index: int) -> str:
    """``step 12 (action of seat 1, version 19)``."""
    if not isinstance(step, dict):
        return f"step {index}"
    who = f" of seat {step['seat']}" if "seat" in step else ""
    return f"step {index} ({step.get('kind')}{who}, version {step.get('version')})"
