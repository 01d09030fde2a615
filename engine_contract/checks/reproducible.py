"""Reproducible: a match is a function of its seed and the changes it accepted.

* Replaying the match's log from its seed (``domain.match_replay.replay``, as the platform rebuilds
  a match) makes every state (dumped) and every event again, byte for byte.
* So does carrying on from a stored state: a worker that loads a snapshot (the dump, through JSON)
  and applies the rest of the log gets the same bytes as the one that played it.
* A match played through the platform's own steps (``domain.steps``: a full table, moves by the
  seats and by the package's computer players, deadlines) gives a match record
  (``domain.match_record``) that ``domain.verification`` verifies against the package.
"""

from __future__ import annotations

import json
from typing import Any

from domain import steps
from domain.bots.search import QUICK, on_budget
from domain.commitment import MatchSecret
from domain.engine import Event, GameEngine, validate_options
from domain.events import event_json
from domain.game_package import GamePackage, GameVariant
from domain.live_game import LiveGame, Phase, Seat
from domain.match_log import Logged
from domain.match_record import Unrecordable, build_record
from domain.match_replay import ReplayRefused, replay
from domain.registry import EngineRegistry
from domain.seeding import match_rng
from domain.verification import check_record
from engine_contract.failures import At
from engine_contract.playing import (
    MAX_CHANGES,
    T0,
    TIMEOUTS,
    Change,
    PlayedMatch,
    made,
    match_seed,
    planner,
    random_match,
    random_options,
)

SNAPSHOTS = 3
"""How many stored states each match carries on from."""
SALT = "c0" * 16
COMPUTER_SHARE = 0.3
"""How often a seat of the recorded match lets its computer player move."""


def check_replays_byte_for_byte(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    engine = match.engine
    replayed = replay(engine, match.options, match.secret, match.log)
    for change in match.changes:
        try:
            again = next(replayed)
        except ReplayRefused as refused:
            raise match.at(refused.step).fail(
                f"the replay of the log refuses it: {refused.message}"
            ) from None
        _same(engine, match.at(change.step), change, again.state, again.events, "the replay")
    plan = planner(variant.game_type, seed, "snapshots")
    stored = range(len(match.changes) - 1)
    for start in sorted(plan.sample(stored, min(SNAPSHOTS, len(stored)))):
        carry_on_from(match, start)


def carry_on_from(match: PlayedMatch, start: int) -> None:
    """Load the state after ``start`` from its JSON and apply the rest of the log to it."""
    engine = match.engine
    state = engine.load(json.loads(json.dumps(engine.dump(match.changes[start].after))))
    how = f"carrying on from the stored state of step {start}"
    for change in match.changes[start + 1 :]:
        at = match.at(change.step)
        rng = match_rng(match.secret, change.logged.version)
        try:
            outcome = made(engine, state, change.logged, rng, at)
        except AssertionError as error:
            raise AssertionError(f"{error} ({how})") from error
        _same(engine, at, change, outcome.state, outcome.events, how)
        state = outcome.state


def _same(
    engine: GameEngine, at: At, change: Change, state: Any, events: tuple[Event, ...], how: str
) -> None:
    made = [json.dumps(event_json(event)) for event in change.outcome.events]
    again = [json.dumps(event_json(event)) for event in events]
    if again != made:
        pairs = enumerate(zip(made, again, strict=False))
        differing = next((index for index, (old, new) in pairs if old != new), None)
        where = f"event {differing}" if differing is not None else f"{len(again)} events for {len(made)}"
        raise at.fail(f"{how} makes other events ({where})")
    if json.dumps(engine.dump(state)) != json.dumps(engine.dump(change.after)):
        raise at.fail(f"{how} makes another state")


def check_record_verifies(package: GamePackage, variant: GameVariant, seed: int) -> None:
    at = At(variant.game_type, seed, detail="played through domain.steps and recorded")
    session, log = played_through_steps(variant, seed, at)
    try:
        record = build_record(session, variant.engine, log)
    except Unrecordable as unrecordable:
        raise at.fail(f"the finished match gets no record: {unrecordable}") from unrecordable
    verdict = check_record(json.loads(json.dumps(record)), EngineRegistry([package]))
    if not verdict.ok:
        raise at.fail(f"its record does not verify: {verdict.problem}")


def played_through_steps(variant: GameVariant, seed: int, at: At) -> tuple[LiveGame, list[Logged]]:
    """A full table of people plays a match to its end through ``domain.steps``; now and then a
    seat lets one of the package's computer players move, or a deadline fires. The finished
    envelope, and the log ``Commits.commit`` would have kept."""
    engine = variant.engine
    plan = planner(variant.game_type, seed, "record")
    secret = MatchSecret(match_seed(variant.game_type, seed), SALT)
    seats = tuple(Seat(f"player-{chair}", f"Player {chair + 1}") for chair in range(engine.seats))
    table = steps.NewTable(
        id=f"contract-{variant.game_type}-{seed}",
        game_type=variant.game_type,
        join_code="CONTRA",
        options=validate_options(engine.option_specs, random_options(engine.option_specs, seed, plan)),
        seats=seats,
        creator_id=seats[0].user_id,
    )
    now = T0
    opened = steps.open_table(table, now, engine, TIMEOUTS, secret)
    assert opened.logged is not None, "a table opened full starts its match"
    log = [opened.logged]
    session, state = opened.session, opened.state
    # Every level plays (a searching one on a small budget: the record replays whatever it chose).
    players = [
        on_budget(variant.computer_players[level], QUICK) for level in sorted(variant.computer_players)
    ]
    while session.phase != Phase.FINISHED:
        here = at.step_of(len(log))
        if len(log) > MAX_CHANGES:
            raise here.fail(f"the match did not end within {MAX_CHANGES} changes")
        deadlines, waiting = engine.deadlines(state), engine.to_act(state)
        try:
            if deadlines and (not waiting or plan.random() < 0.1):
                deadline = plan.choice(deadlines)
                now = max(now, deadline.due)
                step = steps.fire(session, engine, state, deadline.token, now)
            else:
                seat = plan.choice(waiting)
                now += plan.uniform(0.0, 2.0)
                if players and plan.random() < COMPUTER_SHARE:
                    step = steps.computer_move(session, engine, state, seat, plan.choice(players), now)
                else:
                    action = plan.choice(engine.view(state, seat)["legal_moves"])
                    step = steps.act(session, engine, state, seat, action, now)
        except Exception as error:
            raise here.fail(f"playing on raised {error!r}") from error
        if step is None:
            raise here.fail("a move or a pending deadline changed nothing")
        if step.logged is not None:
            log.append(step.logged)
        session, state = step.session, step.state
    return session, log
