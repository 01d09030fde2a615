"""A finished match's record replays to its result, and any edit that matters fails at its step.

Each example plays a random match of one game type through ``domain.steps``
(``played_matches``), keeps the log the platform would (``Step.logged``), writes
the match's record, reads it back through JSON and checks it against its JSON
Schema and against the engines (``domain.verification``). Then it edits the
record one way at a time (an action, the seed, one card of a deal, the result)
and sees the check fail exactly where the edit is. The Hypothesis profile sizes
it (``TAVOLO_HYPOTHESIS_PROFILE=thorough``: 1,000 matches per game type).
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import entrypoints
from domain.commitment import SCHEME, commitment
from domain.engine import GameEngine, Timeouts
from domain.live_game import Seat
from domain.match_record import FORMAT, FORMAT_VERSION, Unrecordable, build_record, result_json
from domain.verification import BROKEN_COMMITMENT, Verdict, check_record
from tests.unit.domain.played_matches import GAME_TYPES, REGISTRY, SALT, PlayedMatch, play_match

SCHEMA_FILE = Path(entrypoints.__file__).parent / "schemas" / "match-record-1.json"
SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

seeds = st.binary(min_size=32, max_size=32).map(bytes.hex)


def written(played: PlayedMatch) -> dict[str, Any]:
    """The match's record as a file holds it: built, then written and read back as JSON."""
    record = build_record(played.session, played.engine, played.log)
    read_back: dict[str, Any] = json.loads(json.dumps(record))
    assert read_back == record, "a record says nothing JSON cannot"
    return read_back


def check(record: dict[str, Any]) -> Verdict:
    return check_record(record, REGISTRY)


# --- what each edit does ------------------------------------------------------------------------


def another_action(
    engine: GameEngine, verdict: Verdict, record: dict[str, Any], index: int, plan: random.Random
) -> dict[str, Any]:
    """Another legal action of the seat that acted at step ``index``, from the state before it;
    an illegal one when it had no other choice."""
    step = record["steps"][index]
    legal = engine.view(verdict.states[index - 1], step["seat"])["legal_moves"]
    others = [move for move in legal if move != step["action"]]
    if others:
        chosen: dict[str, Any] = plan.choice(others)
        return chosen
    return {"action": "play", "card": "01D"} if step["action"]["action"] == "ack" else {"action": "ack"}


def assert_an_edited_action_fails_at_its_step(
    engine: GameEngine, verdict: Verdict, record: dict[str, Any], plan: random.Random
) -> None:
    """An action of the record, made another one; in a match that deadlines alone played, the
    token of a deadline, made one that names nothing."""
    actions = [index for index, step in enumerate(record["steps"]) if step["kind"] == "action"]
    edited = copy.deepcopy(record)
    if actions:
        index = plan.choice(actions)
        edited["steps"][index]["action"] = another_action(engine, verdict, record, index, plan)
    else:
        index = plan.choice([i for i, step in enumerate(record["steps"]) if step["kind"] == "deadline"])
        edited["steps"][index]["token"] = "turn:nobody"

    problem = check(edited).problem

    assert problem is not None, f"the edited step {index} verified: {edited['steps'][index]}"
    assert problem.step == index, problem


def assert_another_seed_fails_at_the_commitment_or_else_at_the_first_deal(
    record: dict[str, Any], other_seed: str
) -> None:
    if other_seed == record["shuffle"]["seed"]:
        other_seed = f"{(int(other_seed[0], 16) + 1) % 16:x}{other_seed[1:]}"
    edited = copy.deepcopy(record)
    edited["shuffle"]["seed"] = other_seed

    problem = check(edited).problem
    assert problem is not None and problem.step is None, problem
    assert problem.message == BROKEN_COMMITMENT

    edited["shuffle"]["commitment"] = commitment(other_seed, edited["shuffle"]["salt"])
    problem = check(edited).problem
    assert problem is not None and problem.step == 0, problem


def assert_a_card_swapped_between_two_hands_of_a_deal_fails_at_that_deal(
    record: dict[str, Any], plan: random.Random
) -> None:
    deals = [
        index
        for index, step in enumerate(record["steps"])
        if sum(1 for event in step["events"] if event["kind"] == "dealt" and event["cards"]) >= 2
    ]
    assert deals and deals[0] == 0, "the start deals every seat its cards"
    index = plan.choice(deals)
    edited = copy.deepcopy(record)
    hands = [
        event for event in edited["steps"][index]["events"] if event["kind"] == "dealt" and event["cards"]
    ]
    one, other = plan.sample(hands, 2)
    mine, theirs = plan.randrange(len(one["cards"])), plan.randrange(len(other["cards"]))
    one["cards"][mine], other["cards"][theirs] = other["cards"][theirs], one["cards"][mine]

    problem = check(edited).problem

    assert problem is not None and problem.step == index, problem


def assert_an_edited_result_fails_at_the_end(record: dict[str, Any], plan: random.Random) -> None:
    edited = copy.deepcopy(record)
    side = plan.choice(sorted(edited["result"]["scores"]))
    edited["result"]["scores"][side] += 1

    problem = check(edited).problem

    assert problem is not None and problem.step == len(record["steps"]), problem


# --- the property ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_type", GAME_TYPES)
@given(seed=seeds, other_seed=seeds, plan=st.randoms(use_true_random=False))
def test_a_random_matchs_record_fits_its_schema_replays_to_its_result_and_fails_where_it_is_edited(
    game_type: str, seed: str, other_seed: str, plan: random.Random
) -> None:
    engine = REGISTRY.get(game_type)
    played = play_match(engine, seed, plan)
    record = written(played)

    VALIDATOR.validate(record)
    verdict = check_record(record, REGISTRY, keep_states=True)
    assert verdict.ok, verdict.problem
    assert verdict.steps == len(record["steps"]) == len(played.log)
    assert record["result"] == result_json(engine, played.state)
    result = engine.result(played.state)
    assert result is not None
    assert (record["result"]["winner"], record["result"]["scores"]) == (result.winner, dict(result.scores))

    assert_an_edited_action_fails_at_its_step(engine, verdict, record, plan)
    assert_another_seed_fails_at_the_commitment_or_else_at_the_first_deal(record, other_seed)
    assert_a_card_swapped_between_two_hands_of_a_deal_fails_at_that_deal(record, plan)
    assert_an_edited_result_fails_at_the_end(record, plan)


# --- what a record holds, and which matches get none ---------------------------------------------


SCOPONE = REGISTRY.get("scopone_scientifico")
TABLE = (
    Seat("u-zoe", "Zoë"),
    Seat("bot-easy-1", "Computer 2", bot=True),
    Seat("u-nicco", "Niccolò"),
    Seat("bot-easy-3", "Computer 4", bot=True),
)


def test_a_record_holds_every_player_by_seat_with_the_computer_players_marked() -> None:
    played = play_match(SCOPONE, "ab" * 32, random.Random(3), seats=TABLE, leavers=0.0)

    record = written(played)

    assert record["players"] == [
        {"seat": 0, "name": "Zoë", "user_id": "u-zoe", "bot": False},
        {"seat": 1, "name": "Computer 2", "user_id": "bot-easy-1", "bot": True},
        {"seat": 2, "name": "Niccolò", "user_id": "u-nicco", "bot": False},
        {"seat": 3, "name": "Computer 4", "user_id": "bot-easy-3", "bot": True},
    ]
    assert record["rated"] is False  # a table with a computer player never counts for ratings
    assert (record["format"], record["format_version"]) == (FORMAT, FORMAT_VERSION)
    assert record["match_id"] == played.session.id == "g-record"
    assert record["shuffle"] == {
        "scheme": SCHEME,
        "commitment": commitment("ab" * 32, SALT),
        "seed": "ab" * 32,
        "salt": SALT,
    }
    assert record["started_at"] == played.session.started_at
    assert record["finished_at"] == played.session.finished_at


def test_a_record_of_a_match_someone_left_shows_the_hand_over_and_who_played_on() -> None:
    people = (Seat("u-zoe", "Zoë"), Seat("u-ugo", "Ugo"), Seat("u-ada", "Ada"), Seat("u-bea", "Bea"))
    played = play_match(SCOPONE, "cd" * 32, random.Random(4), seats=people, leavers=0.05)
    record = written(played)

    handovers = [step for step in record["steps"] if step["kind"] == "handover"]

    assert handovers, "with a 5% chance per move someone leaves"
    assert all(step["events"] == [] for step in handovers)
    for step in handovers:
        assert record["players"][step["seat"]] == {
            "seat": step["seat"],
            "name": step["name"],
            "user_id": f"bot-easy-{step['seat']}",
            "bot": True,
        }
    assert check(record).ok


@pytest.mark.parametrize("game_type", ["scopa", "briscola_chiamata"])
def test_a_record_of_a_match_with_suggestions_shows_each_and_replays_to_its_result(game_type: str) -> None:
    engine = REGISTRY.get(game_type)
    people = (
        Seat("u-zoe", "Zoë"),
        *(Seat(f"bot-easy-{chair}", "C", bot=True) for chair in range(1, engine.seats)),
    )
    played = play_match(engine, "ab" * 32, random.Random(6), seats=people, leavers=0.0, suggestions=0.3)
    record = written(played)

    VALIDATOR.validate(record)
    shown = [(index, step) for index, step in enumerate(record["steps"]) if step["kind"] == "suggestion"]
    assert shown, "with a 30% chance on each of Zoë's turns she asks"
    for index, step in shown:
        assert step["seat"] == 0 and step["events"] == [], "a suggestion changes no card"
        assert set(step) == {"kind", "version", "time", "seat", "events"}
        following = record["steps"][index + 1]
        assert following["kind"] in {"action", "deadline"}, "her move (or her turn's timeout) comes next"
    assert check(record).ok


@pytest.mark.parametrize("game_type", ["briscola", "briscola_chiamata", "tressette"])
def test_a_record_of_a_match_dealt_with_a_shorter_trick_pause_says_so_and_replays_to_its_result(
    game_type: str,
) -> None:
    engine = REGISTRY.get(game_type)
    timeouts = Timeouts(turn=30.0, hand_ack=20.0, trick_pause=0.25)
    played = play_match(engine, "ef" * 32, random.Random(5), timeouts=timeouts)
    record = written(played)

    VALIDATOR.validate(record)
    assert record["steps"][0]["timeouts"]["trick_pause"] == 0.25
    verdict = check_record(record, REGISTRY, keep_states=True)
    assert verdict.ok, verdict.problem
    assert engine.view(verdict.states[-1], None)["trick_pause_seconds"] == 0.25


def test_a_match_started_without_a_salt_gets_no_record() -> None:
    played = play_match(SCOPONE, "ef" * 32, random.Random(5))

    with pytest.raises(Unrecordable) as refused:
        build_record(replace(played.session, salt=None), SCOPONE, played.log)

    assert refused.value.fault is False


@pytest.mark.parametrize("cut", ["the start", "everything"], ids=["without-its-start", "empty"])
def test_a_log_that_does_not_start_with_the_start_gets_no_record(cut: str) -> None:
    played = play_match(SCOPONE, "01" * 32, random.Random(6))
    log = played.log[1:] if cut == "the start" else ()

    with pytest.raises(Unrecordable) as refused:
        build_record(played.session, SCOPONE, log)

    assert refused.value.fault is False


def test_a_log_with_a_step_missing_gets_no_record_and_is_a_fault() -> None:
    played = play_match(SCOPONE, "23" * 32, random.Random(7))
    actions = [index for index, logged in enumerate(played.log) if logged.kind == "action"]
    middle = actions[len(actions) // 2]

    with pytest.raises(Unrecordable) as refused:
        build_record(played.session, SCOPONE, played.log[:middle] + played.log[middle + 1 :])

    assert refused.value.fault is True
