"""Random finished matches played through ``domain.steps``, with the log the platform would keep.

The match-record tests (``test_match_records.py``, ``tests/unit/entrypoints/test_verify_command.py``
and the match-record repository contract) need whole matches that really happened: a table
opened by a person, its other chairs taken by people or computer players, then moves chosen at
random among the legal ones (some through the computer players' own step), deadlines fired
when due and, now and then, a person leaving so that a computer player takes the seat over (and,
when asked for, a person on turn shown a suggested move first).
Every step that belongs in a match's log (``Step.logged``) is kept, as ``Commits.commit``
appends it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain import steps
from domain.bots.easy import EasyStrategy
from domain.commitment import MatchSecret
from domain.engine import GameEngine, Timeouts, validate_options
from domain.live_game import LiveGame, Phase, Seat
from domain.match_log import Logged
from entrypoints.game_packages import installed_registry

REGISTRY = installed_registry()
GAME_TYPES = [engine.game_type for engine in REGISTRY]
TIMEOUTS = Timeouts(turn=30.0, hand_ack=20.0)
T0 = 1_700_000_000.0
MAX_STEPS = 3000
EASY = EasyStrategy()
SALT = "5a" * 16
NAMES = ("Zoë", "Niccolò", "Ugo", "Ñandú", "Àlvaro", "Chiara")


@dataclass(frozen=True)
class PlayedMatch:
    """A finished match: its engine, its last envelope and engine state, and its log."""

    engine: GameEngine
    session: LiveGame
    state: Any
    log: tuple[Logged, ...]


def computer_player(chair: int) -> Seat:
    return Seat(f"bot-easy-{chair}", f"Computer {chair + 1}", bot=True)


def short_match(engine: GameEngine, plan: random.Random) -> dict[str, Any]:
    """Options that keep a match to a hand or two."""
    specs = {spec.name: spec for spec in engine.option_specs}
    names = set(specs)
    options: dict[str, Any] = {}
    if "target_score" in names:
        # the lowest target the game takes: one of its fixed choices (tressette's 11), else 1 to 3
        choices = specs["target_score"].choices
        options["target_score"] = min(choices) if choices else plan.randint(1, 3)
    if "napola" in names:
        options["napola"] = plan.random() < 0.5
    if "asso_pigliatutto" in names:
        options["asso_pigliatutto"] = plan.random() < 0.5
    return options


def play_match(
    engine: GameEngine,
    seed: str,
    plan: random.Random,
    *,
    salt: str = SALT,
    seats: tuple[Seat, ...] | None = None,
    game_id: str = "g-record",
    leavers: float = 0.01,
    options: dict[str, Any] | None = None,
    timeouts: Timeouts = TIMEOUTS,
    suggestions: float = 0.0,
    each_step: Callable[[LiveGame, Any, steps.Step], None] | None = None,
) -> PlayedMatch:
    """A random match of ``engine`` dealt from ``seed``: ``seats`` sit down in chair order
    (default: a person in chair 0, then people or computer players at random); each move
    a person in it may leave (``leavers``: the chance), a computer player taking over.
    ``options``: the table's (default: ``short_match``'s); ``timeouts``: the server's;
    ``suggestions``: the chance that a person on turn at a table with a computer player is shown
    a suggested move (``steps.suggest``) before moving; ``each_step`` is shown every step of
    the match under way with the envelope and state it was taken from."""
    if seats is None:
        others = (
            computer_player(chair) if plan.random() < 0.3 else Seat(f"u{chair}", plan.choice(NAMES))
            for chair in range(1, engine.seats)
        )
        seats = (Seat("u0", plan.choice(NAMES)), *others)
    secret = MatchSecret(seed, salt)
    table = steps.NewTable(
        id=game_id,
        game_type=engine.game_type,
        join_code="ABC234",
        options=validate_options(
            engine.option_specs, short_match(engine, plan) if options is None else options
        ),
        seats=(seats[0],) + (None,) * (engine.seats - 1),
        creator_id=seats[0].user_id,
        turn_seconds=plan.choice((None, 45.5)),
    )
    now = T0 + round(plan.uniform(0.0, 1.0), 6)
    step: steps.Step | None = steps.open_table(table, now, engine, timeouts, secret)
    log: list[Logged] = []
    for chair in range(1, engine.seats):
        assert step is not None
        now += plan.uniform(0.0, 3.0)
        step = steps.seat_player(step.session, seats[chair], now, engine, timeouts, secret, chair)
    assert step is not None and step.logged is not None, "the last chair taken starts the match"
    log.append(step.logged)
    session, state = step.session, step.state
    for _ in range(MAX_STEPS):
        if session.phase == Phase.FINISHED:
            return PlayedMatch(engine, session, state, tuple(log))
        deadlines = engine.deadlines(state)
        waiting = engine.to_act(state)
        people = session.humans
        if people and plan.random() < leavers:
            leaver = session.seats[plan.choice(people)]
            assert leaver is not None
            now += plan.uniform(0.0, 1.0)
            step = steps.leave(session, leaver.user_id, state, computer_player, now)
        elif suggestions and _suggestible(session, engine, state) and plan.random() < suggestions:
            seat = engine.turn(state)
            assert seat is not None
            now += plan.uniform(0.0, 1.0)
            step = steps.suggest(session, engine, state, seat, now)
        elif deadlines and (not waiting or plan.random() < 0.15):
            deadline = plan.choice(deadlines)
            now = max(now, deadline.due)
            step = steps.fire(session, engine, state, deadline.token, now)
        else:
            seat = plan.choice(waiting)
            now += plan.uniform(0.0, 2.0)
            if plan.random() < 0.3:
                step = steps.computer_move(session, engine, state, seat, EASY, now)
            else:
                action = EASY.decide(engine.view(state, seat), plan)
                step = steps.act(session, engine, state, seat, action, now)
        if step is None:
            continue
        if step.logged is not None:
            log.append(step.logged)
        if each_step is not None:
            each_step(session, state, step)
        session, state = step.session, step.state
    raise AssertionError(f"a {engine.game_type} match did not end in {MAX_STEPS} steps")


def _suggestible(session: LiveGame, engine: GameEngine, state: Any) -> bool:
    """Whether a person is on turn at a table that offers suggestions."""
    seat = engine.turn(state)
    chair = None if seat is None else session.seats[seat]
    return session.offers_suggestions and chair is not None and not chair.bot
