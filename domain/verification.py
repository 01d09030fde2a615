"""Checking a match record: the shuffle was the one committed to, and the match is the one recorded.

``check_record`` recomputes the commitment from the revealed seed and salt,
then replays every step through the game's engine (``domain.match_replay``)
and compares what it makes with what the record says, step by step: the
events of each step (so every deal and every card drawn), then the end of the
match and its result. The first disagreement is the verdict's ``problem``,
with the step it is at (``None``: the document as a whole, before any step).
A record edited in any way that matters (an action, the seed, a card of a
deal, the result) fails; ``tavolo verify`` and the replay page use this.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.commitment import commitment
from domain.engine import GameEngine
from domain.errors import InvalidOptions
from domain.match_log import Logged
from domain.match_record import FORMAT, FORMAT_VERSION, plain, result_json, step_json
from domain.match_replay import ReplayRefused, replay
from domain.registry import EngineRegistry
from domain.seeding import check_seed

BROKEN_COMMITMENT = "the seed and salt do not hash to the commitment shown before the first deal"


@dataclass(frozen=True, slots=True)
class Problem:
    """Where a record first disagrees with its replay (``step``: an index into its steps;
    ``None``: the document itself, or its commitment) and how."""

    step: int | None
    message: str

    def __str__(self) -> str:
        return self.message if self.step is None else f"step {self.step}: {self.message}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a check found: ``problem`` is ``None`` when the record holds. ``steps`` is how many
    steps agreed; ``states`` the engine state after each of them, when asked for."""

    problem: Problem | None
    steps: int
    states: tuple[Any, ...] = ()

    @property
    def ok(self) -> bool:
        return self.problem is None


def check_record(record: Mapping[str, Any], registry: EngineRegistry, keep_states: bool = False) -> Verdict:
    """Check ``record`` (a parsed match record) against the engines of ``registry``."""
    try:
        engine, seed, broken = _document(record, registry)
        steps = [Logged.load(step) for step in record["steps"]]
    except (KeyError, TypeError, ValueError, InvalidOptions) as error:
        return Verdict(Problem(None, f"not a readable match record: {error}"), 0)
    if broken:
        return Verdict(Problem(None, BROKEN_COMMITMENT), 0)
    if not steps:
        return Verdict(Problem(0, "the record has no steps"), 0)
    states: list[Any] = []
    state: Any = None
    index = 0  # the step being checked
    try:
        for index, replayed in enumerate(replay(engine, record["options"], seed, steps)):
            disagreement = _disagreement(record["steps"][index], step_json(replayed.logged, replayed.events))
            if disagreement is not None:
                return Verdict(Problem(index, disagreement), index, tuple(states))
            state = replayed.state
            if keep_states:
                states.append(state)
    except ReplayRefused as refused:
        return Verdict(Problem(refused.step, refused.message), refused.step, tuple(states))
    except (InvalidOptions, TypeError, ValueError, KeyError) as error:
        return Verdict(Problem(index, f"the engine cannot read it: {error!r}"), index, tuple(states))
    end = len(steps)
    if not engine.is_over(state):
        return Verdict(Problem(end, "the match is not over after the last step"), end, tuple(states))
    if plain(record.get("result")) != result_json(engine, state):
        replayed_result = result_json(engine, state)
        message = (
            f"the result should be {_short(replayed_result)}, the record says {_short(record.get('result'))}"
        )
        return Verdict(Problem(end, message), end, tuple(states))
    return Verdict(None, end, tuple(states))


def _document(record: Mapping[str, Any], registry: EngineRegistry) -> tuple[GameEngine, str, bool]:
    """The record's engine and seed once its format and players hold, and whether its seed and
    salt fail to hash to its commitment."""
    if record.get("format") != FORMAT or record.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"this is not a {FORMAT} document of version {FORMAT_VERSION}")
    engine = registry.get(str(record["game_type"]))
    seats = sorted(int(player["seat"]) for player in record["players"])
    if seats != list(range(engine.seats)):
        raise ValueError(f"{engine.name} has {engine.seats} seats, the record names {seats}")
    shuffle = record["shuffle"]
    seed, salt, committed = str(shuffle["seed"]), str(shuffle["salt"]), str(shuffle["commitment"])
    check_seed(seed)
    return engine, seed, commitment(seed, salt) != committed


def _disagreement(recorded: Any, replayed: Mapping[str, Any]) -> str | None:
    """How the recorded step differs from the replayed one (``None``: it does not)."""
    given = plain(recorded)
    if not isinstance(given, dict):
        return "it is not a step"
    for key in ("kind", "version", "time", "seat", "action", "token", "name", "timeouts", "left"):
        if given.get(key) != replayed.get(key):
            return f"its {key} should be {replayed.get(key)!r}, the record says {given.get(key)!r}"
    expected: Sequence[Any] = replayed["events"]
    events = given.get("events")
    if not isinstance(events, list):
        return "it lists no events"
    for number, (want, got) in enumerate(zip(expected, events, strict=False)):
        if want != got:
            return f"its event {number} should be {want}, the record says {got}"
    if len(events) != len(expected):
        return f"it should make {len(expected)} events, the record lists {len(events)}"
    return None


def _short(value: Any) -> str:
    if isinstance(value, Mapping):
        return f"winner {value.get('winner')!r}, scores {value.get('scores')}"
    return repr(value)
