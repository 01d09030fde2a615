"""The records of matches of several deals replay and verify like any other: a best of three and a
best of five of briscola, five and ten deals of briscola chiamata, played to their end through
``domain.steps`` (people, computer players, deadlines, someone leaving), written, read back through
JSON and checked against the engines (``domain.verification``, ``tavolo verify``)."""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

import pytest

from domain.match_record import build_record
from domain.verification import check_record
from entrypoints.verify_command import verify
from tests.unit.domain.played_matches import REGISTRY, play_match
from tests.unit.domain.test_match_records import VALIDATOR

CASES = [
    ("briscola", {"deals_to_win": 2}),
    ("briscola_a_quattro", {"deals_to_win": 3}),
    ("briscola_chiamata", {"deals_to_play": 5}),
    ("briscola_chiamata", {"deals_to_play": 10}),
]
DEFAULTS = {
    "briscola": {"target_score": 61, "deals_to_win": 1},
    "briscola_a_quattro": {"target_score": 61, "deals_to_win": 1},
    "briscola_chiamata": {"deals_to_play": 1},
}


def record_of(game_type: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    engine = REGISTRY.get(game_type)
    played = play_match(engine, f"{seed:02x}" * 32, random.Random(seed), options=options, game_id=f"g-{seed}")
    written: dict[str, Any] = json.loads(json.dumps(build_record(played.session, engine, played.log)))
    return written


@pytest.mark.parametrize(("game_type", "options"), CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_a_match_of_several_deals_has_a_record_that_verifies(game_type: str, options: dict[str, Any]) -> None:
    record = record_of(game_type, options, seed=len(game_type) + sum(options.values()))

    verdict = check_record(record, REGISTRY)

    assert verdict.ok, verdict.problem
    assert not list(VALIDATOR.iter_errors(record))
    assert record["options"] == {**DEFAULTS[game_type], **options}
    summaries = [event for step in record["steps"] for event in step["events"] if event["kind"] == "hand_end"]
    counted = [summary for summary in summaries if not summary["patta"]]
    if game_type == "briscola_chiamata":
        assert len(counted) == options["deals_to_play"]
        assert summaries[-1]["standings"] == [record["result"]["scores"][label] for label in "ABCDE"]
        assert record["result"]["hands"] == [{k: v for k, v in s.items() if k != "kind"} for s in summaries]
    else:
        assert max(record["result"]["scores"].values()) == options["deals_to_win"]
        assert summaries[-1]["deals_won"] == record["result"]["scores"]


def test_a_record_of_five_deals_with_one_players_total_edited_fails_at_the_end() -> None:
    record = record_of("briscola_chiamata", {"deals_to_play": 5}, seed=21)
    edited = copy.deepcopy(record)
    edited["result"]["scores"]["C"] += 1

    problem = check_record(edited, REGISTRY).problem

    assert problem is not None and problem.step == len(record["steps"])


def test_a_record_whose_options_say_another_length_fails(tmp_path: Any) -> None:
    record = record_of("briscola", {"deals_to_win": 2}, seed=22)
    edited = copy.deepcopy(record)
    edited["options"]["deals_to_win"] = 3
    assert not check_record(edited, REGISTRY).ok

    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert verify(str(path), out, err) == 0, err.getvalue()
