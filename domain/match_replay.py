"""A logged match played again through its engine, step by step, from its seed alone.

``replay`` takes the game's engine, its options, its seed and its logged
changes (``domain.match_log``) and yields, for each, the events the engine
makes of it and the state it leaves. It is how a finished match becomes its
record (``domain.match_record``) and how a record is checked
(``domain.verification``): the engine draws each change's randomness from the
seed and the version the change produced, so the same seed and log always
give the same deals, the same events and the same result.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.engine import Event, GameEngine, Outcome
from domain.errors import TavoloError
from domain.match_log import Logged
from domain.seeding import match_rng


class ReplayRefused(Exception):
    """Step ``step`` of the log cannot be played: the engine refused it, or it is out of place."""

    def __init__(self, step: int, message: str) -> None:
        super().__init__(f"step {step}: {message}")
        self.step = step
        self.message = message


@dataclass(frozen=True, slots=True)
class Replayed:
    """One logged change played again: the events it made (every one, private ones included)
    and the engine state it left."""

    logged: Logged
    events: tuple[Event, ...]
    state: Any


def replay(
    engine: GameEngine, options: Mapping[str, Any], seed: str, log: Sequence[Logged]
) -> Iterator[Replayed]:
    """Play ``log`` again from ``seed``; ``ReplayRefused`` at the first step that cannot be played."""
    state: Any = None
    version = 0
    for index, logged in enumerate(log):
        if logged.version <= version:
            raise ReplayRefused(index, f"version {logged.version} does not follow version {version}")
        version = logged.version
        rng = match_rng(seed, logged.version)
        try:
            if logged.kind == "start":
                if index != 0 or logged.timeouts is None:
                    raise ReplayRefused(index, "a match starts once, at its first step, with its turn times")
                outcome = engine.start(options, logged.timeouts, logged.time, rng)
            elif state is None:
                raise ReplayRefused(index, "the match has not started yet")
            elif logged.kind == "action":
                if logged.seat is None or logged.action is None:
                    raise ReplayRefused(index, "an action names its seat and what it did")
                outcome = _changed(index, engine.apply(state, logged.seat, logged.action, logged.time, rng))
            elif logged.kind == "deadline":
                if logged.token is None:
                    raise ReplayRefused(index, "a deadline names its token")
                outcome = _changed(index, engine.fire(state, logged.token, logged.time, rng))
            else:  # a hand-over changes who plays, a suggestion what one player saw: not the cards
                outcome = Outcome(state, (), changed=False)
        except TavoloError as error:
            raise ReplayRefused(index, f"the engine refused it: {error}") from None
        state = outcome.state
        yield Replayed(logged, outcome.events, state)


def _changed(index: int, outcome: Outcome) -> Outcome:
    if not outcome.changed:
        raise ReplayRefused(index, "it changes nothing, yet the match accepted it")
    return outcome
