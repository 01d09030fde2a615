"""Seeded random matches of one game type, played straight on its engine, every change kept.

A match is a function of its seed: the engine draws from ``domain.seeding.match_rng`` (the
match's secret seed and the version each change makes, as the platform does), and the suite's own
choices — the options, who acts, which legal move, when a deadline fires — come from a
``random.Random`` seeded with the game type and the seed. So a failure names a seed that plays the
same match again. Each change is kept with the state before it and the ``Logged`` entry the
platform's match log would hold, for the checks to read and the replays to compare against.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.bots.base import Strategy
from domain.engine import JSON, GameEngine, OptionSpec, Outcome, Timeouts
from domain.game_package import GameVariant
from domain.match_log import Logged
from domain.seeding import match_rng
from engine_contract.failures import At
from engine_contract.sight import Sight

TIMEOUTS = Timeouts(turn=30.0, hand_ack=20.0)
T0 = 1_700_000_000.0
FIRST_VERSION = 1
DEADLINE_SHARE = 0.08
"""How often a random match lets a pending deadline fire instead of a seat acting."""
MAX_CHANGES = 20_000
"""A match longer than this is taken not to end."""

Choose = Callable[[Mapping[str, Any], int, random.Random], Mapping[str, Any]]
"""How a seat picks its action from its own view (and the seat), with a random source."""


def match_seed(game_type: str, seed: int) -> str:
    """The secret seed (``domain.seeding``) of the suite's match number ``seed`` of ``game_type``."""
    return hashlib.sha256(f"tavolo engine contract:{game_type}:{seed}".encode()).hexdigest()


def planner(game_type: str, seed: int, purpose: str = "match") -> random.Random:
    """The suite's own random choices for one match (a string seed reads the same in every process)."""
    return random.Random(f"{purpose}:{game_type}:{seed}")


def random_options(specs: tuple[OptionSpec, ...], seed: int, plan: random.Random) -> JSON:
    """Seed 0 plays the defaults; the others draw each option within its bounds, an integer from
    its minimum to twice its default: a match as short as a target score of 1 allows, or longer
    than the default one (a briscola to 61 is decided in one deal, to 100 it needs more). An
    option with fixed choices takes one of them. An option whose other value needs others at given
    values (``OptionSpec.only_with``) gets them, or else goes back to its default, by a coin."""
    if seed == 0:
        return {}
    options: JSON = {}
    for spec in specs:
        if spec.type == "boolean":
            options[spec.name] = plan.random() < 0.5
        elif spec.choices:
            options[spec.name] = plan.choice(spec.choices)
        elif spec.minimum is not None and isinstance(spec.default, int):
            highest = max(spec.minimum, 2 * int(spec.default))
            if spec.maximum is not None:
                highest = min(highest, spec.maximum)
            options[spec.name] = plan.randint(spec.minimum, highest)
    for spec in specs:
        needs = dict(spec.only_with)
        if spec.name not in options or options[spec.name] == spec.default:
            continue
        if all(options.get(other, wanted) == wanted for other, wanted in needs.items()):
            continue
        if plan.random() < 0.5:
            options[spec.name] = spec.default
        else:
            options.update({other: wanted for other, wanted in needs.items() if other in options})
    return options


def random_legal_move(view: Mapping[str, Any], seat: int, plan: random.Random) -> Mapping[str, Any]:
    moves = view.get("legal_moves")
    if not isinstance(moves, list) or not moves:
        raise ValueError(f"seat {seat} is waited for, yet its view lists no legal move")
    move: Mapping[str, Any] = plan.choice(moves)
    return move


def computer_player_moves(strategy: Strategy) -> Choose:
    """Every seat played by ``strategy``, deciding from its own view."""

    def choose(view: Mapping[str, Any], seat: int, rng: random.Random) -> Mapping[str, Any]:
        return strategy.decide(view, rng)

    return choose


@dataclass(frozen=True, slots=True)
class Change:
    """One accepted change: ``step`` 0 is the deal (``before`` is then ``None``)."""

    step: int
    before: Any
    logged: Logged
    outcome: Outcome

    @property
    def after(self) -> Any:
        return self.outcome.state


@dataclass(frozen=True)
class PlayedMatch:
    """A whole match, from the deal to its end, with what the checks ask of it many times over
    (each state's views and card zones) worked out once."""

    variant: GameVariant
    seed: int
    secret: str
    options: JSON
    changes: tuple[Change, ...]
    _views: dict[tuple[int, int | None], JSON] = field(default_factory=dict, repr=False, compare=False)
    _sights: dict[int, Sight] = field(default_factory=dict, repr=False, compare=False)

    @property
    def engine(self) -> GameEngine:
        return self.variant.engine

    @property
    def game_type(self) -> str:
        return self.variant.game_type

    @property
    def log(self) -> tuple[Logged, ...]:
        return tuple(change.logged for change in self.changes)

    def at(self, step: int | None = None) -> At:
        return At(self.game_type, self.seed, step)

    def viewers(self) -> tuple[int | None, ...]:
        """A spectator, then every seat."""
        return (None, *range(self.engine.seats))

    def view(self, step: int, seat: int | None) -> JSON:
        """The view of ``seat`` of the state after ``step``."""
        key = (step, seat)
        if key not in self._views:
            self._views[key] = self.engine.view(self.changes[step].after, seat)
        return self._views[key]

    def sight(self, step: int) -> Sight:
        """Who may see which card after ``step``; ``-1`` is before the deal."""
        if step < 0:
            return Sight.nothing(self.engine.seats)
        if step not in self._sights:
            self._sights[step] = Sight.of(self.engine.card_zones(self.changes[step].after))
        return self._sights[step]


def play_match(
    variant: GameVariant,
    seed: int,
    choose: Choose = random_legal_move,
    deadline_share: float = DEADLINE_SHARE,
    purpose: str = "match",
) -> PlayedMatch:
    """Play match ``seed`` of ``variant`` to its end: whoever the match waits for picks with
    ``choose``; now and then (``deadline_share``), or when nobody is waited for, a pending
    deadline fires instead."""
    engine = variant.engine
    at = At(variant.game_type, seed)
    plan = planner(variant.game_type, seed, purpose)
    secret = match_seed(variant.game_type, seed)
    options = random_options(engine.option_specs, seed, plan)
    now, version = T0, FIRST_VERSION
    try:
        outcome = engine.start(options, TIMEOUTS, now, match_rng(secret, version))
    except Exception as error:
        raise at.step_of(0).fail(f"the deal with options {options} raised {error!r}") from error
    changes = [Change(0, None, Logged.start(version, now, TIMEOUTS), outcome)]
    state = outcome.state
    while not _over(engine, state, at.step_of(len(changes) - 1)):
        here = at.step_of(len(changes))
        if len(changes) > MAX_CHANGES:
            raise here.fail(f"the match did not end within {MAX_CHANGES} changes")
        version += 1
        waiting, deadlines = engine.to_act(state), engine.deadlines(state)
        if deadlines and (not waiting or plan.random() < deadline_share):
            deadline = plan.choice(deadlines)
            now = max(now, deadline.due)
            logged = Logged.fired(version, now, deadline.token)
        elif waiting:
            seat = plan.choice(waiting)
            now += round(plan.uniform(0.0, 2.0), 3)
            try:
                action = choose(engine.view(state, seat), seat, match_rng(secret, version, "bot"))
            except Exception as error:
                raise here.fail(f"choosing seat {seat}'s move raised {error!r}") from error
            logged = Logged.acted(version, now, seat, action)
        else:
            raise here.fail("the match is not over, yet it waits for no seat and no deadline is pending")
        outcome = made(engine, state, logged, match_rng(secret, version), here)
        changes.append(Change(len(changes), state, logged, outcome))
        state = outcome.state
    return PlayedMatch(variant, seed, secret, options, tuple(changes))


def made(engine: GameEngine, state: Any, logged: Logged, rng: random.Random, at: At) -> Outcome:
    """What the engine makes of a logged action or deadline; it must change the match."""
    try:
        if logged.token is not None:
            outcome = engine.fire(state, logged.token, logged.time, rng)
        else:
            assert logged.seat is not None and logged.action is not None
            outcome = engine.apply(state, logged.seat, logged.action, logged.time, rng)
    except Exception as error:
        raise at.fail(f"{_described(logged)} raised {error!r}") from error
    if not outcome.changed:
        raise at.fail(f"{_described(logged)} changed nothing")
    return outcome


def _over(engine: GameEngine, state: Any, at: At) -> bool:
    try:
        return engine.is_over(state)
    except Exception as error:
        raise at.fail(f"is_over raised {error!r}") from error


def _described(logged: Logged) -> str:
    if logged.kind == "deadline":
        return f"firing the pending deadline {logged.token!r}"
    return f"seat {logged.seat}'s move {dict(logged.action or {})}"


_PLAYED: dict[tuple[int, int], PlayedMatch] = {}
_KEPT = 48


def random_match(variant: GameVariant, seed: int) -> PlayedMatch:
    """Match ``seed`` of ``variant`` with random legal moves, played once per process and kept for
    every check that reads it (keyed by the engine object itself, so a test double is its own)."""
    key = (id(variant.engine), seed)
    played = _PLAYED.get(key)
    if played is None or played.variant.engine is not variant.engine:
        played = play_match(variant, seed)
        if len(_PLAYED) >= _KEPT:
            del _PLAYED[next(iter(_PLAYED))]
        _PLAYED[key] = played
    return played
