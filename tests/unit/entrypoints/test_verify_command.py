"""``tavolo verify RECORD.json``: 0 for a record that holds, 1 naming where one does not, 2 for a
file that is no match record at all."""

from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from domain.commitment import commitment
from domain.match_record import build_record
from entrypoints.verify_command import verify
from tests.unit.domain.played_matches import REGISTRY, play_match

TAVOLO = Path(sys.executable).parent / "tavolo"
SEED = "3c" * 32


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    engine = REGISTRY.get("briscola")
    played = play_match(engine, SEED, random.Random(11), game_id="g-verify", leavers=0.0)
    written: dict[str, Any] = json.loads(json.dumps(build_record(played.session, engine, played.log)))
    return written


def file_of(folder: Path, document: Any) -> Path:
    path = folder / "record.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def run(path: Path | str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = verify(str(path), out, err)
    return status, out.getvalue(), err.getvalue()


def an_action_played_otherwise(record: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The record with its first card played made an acknowledgement (of a hand not over yet),
    and the index of that step."""
    edited = copy.deepcopy(record)
    index = next(
        i
        for i, step in enumerate(edited["steps"])
        if step["kind"] == "action" and step["action"]["action"] == "play"
    )
    edited["steps"][index]["action"] = {"action": "ack"}
    return edited, index


# --- 0: verified ----------------------------------------------------------------------------------


def test_a_good_record_is_verified_and_says_what_was_checked(tmp_path: Path, record: dict[str, Any]) -> None:
    status, out, err = run(file_of(tmp_path, record))

    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "verified: match g-verify (briscola)"
    assert record["shuffle"]["commitment"] in lines[1]
    assert f"{len(record['steps'])} steps replayed" in lines[2]
    assert f"winner {record['result']['winner']}" in lines[3]


def test_a_good_record_read_from_standard_input_is_verified(
    monkeypatch: pytest.MonkeyPatch, record: dict[str, Any]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))

    status, out, _ = run("-")

    assert status == 0
    assert out.startswith("verified: match g-verify")


# --- 1: the record disagrees --------------------------------------------------------------------


def test_a_record_with_an_action_changed_is_not_verified_and_names_that_step(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    edited, index = an_action_played_otherwise(record)
    step = edited["steps"][index]

    status, out, err = run(file_of(tmp_path, edited))

    assert (status, err) == (1, "")
    assert out.startswith(
        f"NOT VERIFIED: step {index} (action of seat {step['seat']}, version {step['version']}): "
    )
    assert "verified:" not in out


def test_a_record_with_another_seed_is_not_verified_at_the_commitment(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    edited = copy.deepcopy(record)
    edited["shuffle"]["seed"] = "4d" * 32

    status, out, _ = run(file_of(tmp_path, edited))

    assert status == 1
    assert out.startswith("NOT VERIFIED: the record: the seed and salt do not hash to the commitment")


def test_a_record_with_another_seed_and_its_commitment_is_not_verified_at_the_first_deal(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    edited = copy.deepcopy(record)
    edited["shuffle"]["seed"] = "4d" * 32
    edited["shuffle"]["commitment"] = commitment("4d" * 32, edited["shuffle"]["salt"])

    status, out, _ = run(file_of(tmp_path, edited))

    assert status == 1
    assert out.startswith(f"NOT VERIFIED: step 0 (start, version {record['steps'][0]['version']}): ")


def test_a_record_with_an_edited_result_is_not_verified_at_the_end_of_the_match(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    edited = copy.deepcopy(record)
    edited["result"]["winner"] = "B" if record["result"]["winner"] == "A" else "A"

    status, out, _ = run(file_of(tmp_path, edited))

    assert status == 1
    assert out.startswith("NOT VERIFIED: the end of the match: the result should be ")


# --- 2: not a match record ------------------------------------------------------------------------


def test_a_file_that_is_not_json_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text('{"format": "tavolo.match-record", ', encoding="utf-8")

    status, out, err = run(path)

    assert (status, out) == (2, "")
    assert err.startswith(f"tavolo verify: cannot read {path}: ")


def test_a_file_that_is_not_there_cannot_be_read(tmp_path: Path) -> None:
    status, _, err = run(tmp_path / "nowhere.json")

    assert status == 2
    assert "cannot read" in err


@pytest.mark.parametrize(
    "document",
    [[1, 2, 3], {"id": "g-1", "phase": "finished", "seats": []}, "tavolo.match-record", None],
    ids=["a-list", "a-game-envelope", "a-string", "null"],
)
def test_json_that_is_no_match_record_is_refused_as_such(tmp_path: Path, document: Any) -> None:
    status, out, err = run(file_of(tmp_path, document))

    assert (status, out) == (2, "")
    assert "is not a match record of format version 1" in err


@pytest.mark.parametrize(
    ("where", "edit"),
    [
        ("shuffle/seed", lambda r: r["shuffle"].update(seed="not hex")),
        ("steps/1", lambda r: r["steps"][1].pop("events")),
        ("(the document)", lambda r: r.pop("result")),
        ("format_version", lambda r: r.update(format_version=2)),
        ("players/0/bot", lambda r: r["players"][0].update(bot="no")),
    ],
)
def test_a_record_that_breaks_its_schema_is_refused_naming_where(
    tmp_path: Path, record: dict[str, Any], where: str, edit: Any
) -> None:
    broken = copy.deepcopy(record)
    edit(broken)

    status, out, err = run(file_of(tmp_path, broken))

    assert (status, out) == (2, "")
    assert f"  {where}: " in err


# --- the console script --------------------------------------------------------------------------


def test_the_tavolo_command_verifies_a_good_record_and_refuses_an_edited_one(
    tmp_path: Path, record: dict[str, Any]
) -> None:
    good = file_of(tmp_path, record)
    edited, index = an_action_played_otherwise(record)
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(edited), encoding="utf-8")

    verified = subprocess.run([TAVOLO, "verify", good], capture_output=True, text=True, timeout=60)
    refused = subprocess.run([TAVOLO, "verify", bad], capture_output=True, text=True, timeout=60)

    assert (verified.returncode, verified.stderr) == (0, ""), verified.stderr
    assert verified.stdout.startswith("verified: match g-verify (briscola)")
    assert refused.returncode == 1, refused.stderr
    assert refused.stdout.startswith(f"NOT VERIFIED: step {index} ")
