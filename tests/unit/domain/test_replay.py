"""A match is a function of its seed and its accepted actions: replaying them rebuilds every state.

Each example plays a random match of one game type through the pure steps the
platform commits (``domain.steps``): seats taken, moves chosen at random among
the legal ones (some by the computer players' own step), deadlines fired when
due; it logs what was accepted with its time, then replays the log from the
seed alone and compares every envelope, byte for byte. The Hypothesis profile
sizes it (``TAVOLO_HYPOTHESIS_PROFILE=thorough``: 1,000 matches per game type).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import steps
from domain.bots.easy import EasyStrategy
from domain.commitment import MatchSecret
from domain.engine import GameEngine, Timeouts, validate_options
from domain.live_game import LiveGame, Phase, Seat
from entrypoints.game_packages import installed_registry

REGISTRY = installed_registry()
GAME_TYPES = [engine.game_type for engine in REGISTRY]
TIMEOUTS = Timeouts(turn=30.0, hand_ack=20.0)
T0 = 1_700_000_000.0
MAX_STEPS = 3000
EASY = EasyStrategy()
SALT = "00" * 16


@dataclass(frozen=True)
class Logged:
    """One accepted change: who did what (or which deadline fired), and when."""

    now: float
    seat: int | None = None
    action: Any = None
    token: str | None = None
    joined: str | None = None


def envelope(session: LiveGame) -> bytes:
    return orjson.dumps(session.dump(), option=orjson.OPT_SORT_KEYS)


def lobby(engine: GameEngine, options: dict[str, Any]) -> LiveGame:
    return LiveGame(
        id="g-replay",
        game_type=engine.game_type,
        join_code="ABC234",
        options=validate_options(engine.option_specs, options),
        seats=(Seat("u0", "Player 1"),) + (None,) * (engine.seats - 1),
        creator_id="u0",
        created_at=T0,
        updated_at=T0,
    )


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


def play(
    engine: GameEngine, start: LiveGame, seed: str, plan: random.Random
) -> tuple[list[Logged], list[bytes]]:
    """A random match; the log of what was accepted, and every envelope it made."""
    session, state, now = start, None, T0
    log: list[Logged] = []
    made = [envelope(session)]
    for chair in range(1, engine.seats):
        now += plan.uniform(0.0, 3.0)
        step = steps.seat_player(
            session, Seat(f"u{chair}", f"Player {chair + 1}"), now, engine, TIMEOUTS, MatchSecret(seed, SALT)
        )
        assert step is not None
        log.append(Logged(now, joined=f"u{chair}"))
        session, state = step.session, step.state
        made.append(envelope(session))
    for _ in range(MAX_STEPS):
        if session.phase == Phase.FINISHED:
            return log, made
        deadlines = engine.deadlines(state)
        waiting = engine.to_act(state)
        if deadlines and (not waiting or plan.random() < 0.15):
            deadline = plan.choice(deadlines)
            now = max(now, deadline.due)
            step = steps.fire(session, engine, state, deadline.token, now)
        else:
            seat = plan.choice(waiting)
            now += plan.uniform(0.0, 2.0)
            if plan.random() < 0.3:
                step = steps.computer_move(session, engine, state, seat, EASY, now)
            else:
                step = steps.act(
                    session, engine, state, seat, EASY.decide(engine.view(state, seat), plan), now
                )
        if step is None:
            continue
        log.append(Logged(now, step.seat, step.action, step.token))
        session, state = step.session, step.state
        made.append(envelope(session))
    raise AssertionError(f"a {engine.game_type} match did not end in {MAX_STEPS} steps")


def replay(engine: GameEngine, start: LiveGame, seed: str, log: list[Logged]) -> list[bytes]:
    """Every envelope, rebuilt from the starting table, the seed and the log alone."""
    session, state = start, None
    made = [envelope(session)]
    for entry in log:
        if entry.joined is not None:
            step = steps.seat_player(
                session,
                Seat(entry.joined, f"Player {int(entry.joined[1:]) + 1}"),
                entry.now,
                engine,
                TIMEOUTS,
                MatchSecret(seed, SALT),
            )
        elif entry.token is not None:
            step = steps.fire(session, engine, state, entry.token, entry.now)
        else:
            assert entry.seat is not None
            step = steps.act(session, engine, state, entry.seat, entry.action, entry.now)
        assert step is not None, f"the replay refused {entry}"
        session, state = step.session, step.state
        made.append(envelope(session))
    return made


@pytest.mark.parametrize("game_type", GAME_TYPES)
@given(seed=st.binary(min_size=32, max_size=32), plan=st.randoms(use_true_random=False))
def test_replaying_a_match_from_its_seed_and_accepted_actions_rebuilds_every_state_byte_for_byte(
    game_type: str, seed: bytes, plan: random.Random
) -> None:
    engine = REGISTRY.get(game_type)
    start = lobby(engine, short_match(engine, plan))
    log, made = play(engine, start, seed.hex(), plan)

    assert replay(engine, start, seed.hex(), log) == made


def test_another_seed_deals_another_match() -> None:
    engine = REGISTRY.get("scopone_scientifico")
    start = lobby(engine, {"target_score": 1})
    hands = set()
    for seed in ("00" * 32, "11" * 32, "22" * 32):
        _, made = play(engine, start, seed, random.Random(7))
        hands.add(made[engine.seats])  # the envelope the start made: its deal
    assert len(hands) == 3
