"""What a seat may send: every ``legal_moves`` entry is an action the package declares (its
``ActionKind``'s JSON Schema, as the edge validates it, or the shared ``{"action": "ack"}``) and is
accepted and leads on; anything else is refused with a ``domain.errors`` refusal and changes
nothing; a stale deadline does nothing.

The actions tried besides the legal ones are built from the package's own declarations and the
seat's legal moves: an unknown action, an action missing a field its ``ActionKind`` requires, a
legal move sent by a seat the match does not wait for, a legal move with one of its cards swapped
for a card the seat cannot see or for a string that is no card, and the move just made sent again.
The one answer besides a refusal is an accepted action that changes nothing, for a move some seat
may make now (a second acknowledgement) or the move just made: idempotent repeats are allowed.
A refusal is the same wherever the cards its seat cannot see lie: its message gives none away.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator

from domain.errors import TavoloError
from domain.game_package import SHARED_ACTIONS, GamePackage, GameVariant
from engine_contract.failures import At
from engine_contract.playing import PlayedMatch, planner, random_match
from engine_contract.redealing import redealt
from engine_contract.sight import counted

REFUSALS = frozenset({"invalid_action", "illegal_move", "not_your_turn"})
"""The codes an action the rules do not allow is refused with."""
OVER = "game_over"
"""Also allowed once the match is over."""
NOT_A_CARD = "?not-a-card?"
NO_SUCH_ACTION = "no_such_action"
MADE_UP_TOKEN = "engine-contract:no-such-deadline"
REDEAL_SHARE = 0.2
"""The share of refusals tried again with the unseen cards dealt differently."""


def check_legal_moves_lead_on(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    engine = match.engine
    deck = Counter(engine.card_codes)
    schemas = {kind.action: Draft202012Validator(kind.json_schema()) for kind in package.actions}
    for change in match.changes:
        at, state = match.at(change.step), change.after
        frozen = _dumped(match, at, state)
        for seat in engine.to_act(state):
            for move in match.view(change.step, seat).get("legal_moves") or ():
                _check_declared(at, seat, move, schemas)
                try:
                    outcome = engine.apply(state, seat, move, change.logged.time + 1.0, random.Random(0))
                except Exception as error:
                    raise at.fail(f"seat {seat}'s legal move {move} is refused: {error!r}") from error
                if not outcome.changed:
                    raise at.fail(f"seat {seat}'s legal move {move} changes nothing")
                if counted(engine.card_zones(outcome.state)) != deck:
                    raise at.fail(f"after seat {seat}'s legal move {move} card_zones lacks the deck")
        if _dumped(match, at, state) != frozen:
            raise at.fail("trying the legal moves changed the state they were tried on")


def _check_declared(
    at: At, seat: int, move: Mapping[str, Any], schemas: Mapping[str, Draft202012Validator]
) -> None:
    name = move.get("action") if isinstance(move, Mapping) else None
    if name in SHARED_ACTIONS and dict(move) == {"action": name}:
        return
    schema = schemas.get(name) if isinstance(name, str) else None
    if schema is None:
        raise at.fail(f"seat {seat}'s legal move {move} is no action the package declares")
    wrong = next(iter(schema.iter_errors(dict(move))), None)
    if wrong is not None:
        raise at.fail(f"seat {seat}'s legal move {move} is not as its action declares: {wrong.message}")


@dataclass(frozen=True, slots=True)
class Probe:
    """An action the match must not take as a move: who sends it, and whether it may be accepted
    as changing nothing (an idempotent repeat)."""

    seat: int
    action: Mapping[str, Any]
    why: str
    idle_allowed: bool = False


def check_illegal_moves_are_refused(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    engine = match.engine
    plan = planner(variant.game_type, seed, "probes")
    for change in match.changes:
        at, state = match.at(change.step), change.after
        frozen = _dumped(match, at, state)
        allowed = REFUSALS | {OVER} if engine.is_over(state) else REFUSALS
        for probe in probes(package, match, change.step, plan):
            legal = match.view(change.step, probe.seat).get("legal_moves") or ()
            if probe.action in legal:
                continue
            told = f"seat {probe.seat}'s {probe.why} {dict(probe.action)}"
            now = change.logged.time + 1.0
            try:
                outcome = engine.apply(state, probe.seat, probe.action, now, random.Random(0))
            except TavoloError as refusal:
                if refusal.code not in allowed:
                    raise at.fail(
                        f"{told} is refused with {refusal.code!r}, not one of {sorted(allowed)}"
                    ) from refusal
                if plan.random() < REDEAL_SHARE:
                    _check_refusal_ignores_unseen(match, at, state, probe, refusal, told, plan)
            except Exception as error:
                raise at.fail(f"{told} raises {error!r}, not a domain.errors refusal") from error
            else:
                if outcome.changed or not probe.idle_allowed:
                    raise at.fail(f"{told} is accepted, though it is not among its legal moves")
                if _dumped(match, at, outcome.state) != frozen or outcome.events:
                    raise at.fail(f"{told} changes nothing, yet answers another state or events")
            if _dumped(match, at, state) != frozen:
                raise at.fail(f"refusing {told} changed the state")


def probes(package: GamePackage, match: PlayedMatch, step: int, plan: random.Random) -> Iterator[Probe]:
    engine, change = match.engine, match.changes[step]
    state = change.after
    seats = range(engine.seats)
    anyone = plan.choice(seats)
    yield Probe(anyone, {"action": NO_SUCH_ACTION}, "unknown action")
    yield Probe(anyone, {}, "action without a name")
    for kind in package.actions:
        if kind.required:
            missing = ", ".join(kind.required)
            yield Probe(anyone, {"action": kind.action}, f"{kind.action!r} without its {missing}")
    if change.logged.kind == "action" and change.logged.seat is not None:
        again = dict(change.logged.action or {})
        yield Probe(change.logged.seat, again, "move just made, sent again,", idle_allowed=True)
    waiting = engine.to_act(state)
    moves = {seat: list(match.view(step, seat).get("legal_moves") or ()) for seat in waiting}
    offered = [move for seat in waiting for move in moves[seat]]
    for seat in seats:
        if seat not in waiting and offered:
            yield Probe(seat, plan.choice(offered), "move out of turn", idle_allowed=True)
    sight = match.sight(step)
    for seat in waiting:
        carded = [move for move in moves[seat] if _card_fields(move, engine.card_codes)]
        if not carded:
            continue
        move = plan.choice(carded)
        field, card = plan.choice(_card_fields(move, engine.card_codes))
        unseen = sorted(sight.unseen_by(seat))
        if unseen:
            swapped = _swapped(move, field, card, plan.choice(unseen))
            yield Probe(seat, swapped, f"move with {card} swapped for a card it cannot see,")
        yield Probe(seat, _swapped(move, field, card, NOT_A_CARD), "move naming no card")


def check_stale_deadlines_change_nothing(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    engine = match.engine
    pending: tuple[str, ...] = ()
    for change in match.changes:
        at, state = match.at(change.step), change.after
        now_pending = tuple(deadline.token for deadline in engine.deadlines(state))
        if engine.is_over(state) and now_pending:
            raise at.fail(f"the match is over, yet deadlines are pending: {list(now_pending)}")
        frozen = _dumped(match, at, state)
        for token in (MADE_UP_TOKEN, *(token for token in pending if token not in now_pending)):
            try:
                outcome = engine.fire(state, token, change.logged.time + 3600.0, random.Random(0))
            except Exception as error:
                raise at.fail(f"firing the stale deadline {token!r} raised {error!r}") from error
            if outcome.changed or outcome.events or _dumped(match, at, outcome.state) != frozen:
                raise at.fail(f"firing the stale deadline {token!r} changed the match")
        pending = now_pending


def _card_fields(move: Mapping[str, Any], codes: tuple[str, ...]) -> list[tuple[tuple[str, int | None], str]]:
    """Where ``move`` names a card: a field (``index`` None) or an item of a list field."""
    known = set(codes)
    found: list[tuple[tuple[str, int | None], str]] = []
    for key, value in move.items():
        if isinstance(value, str) and value in known:
            found.append(((key, None), value))
        elif isinstance(value, list):
            found.extend(((key, index), item) for index, item in enumerate(value) if item in known)
    return found


def _swapped(move: Mapping[str, Any], field: tuple[str, int | None], card: str, other: str) -> dict[str, Any]:
    key, index = field
    swapped = dict(move)
    if index is None:
        swapped[key] = other
    else:
        items = list(swapped[key])
        items[index] = other
        swapped[key] = items
    return swapped


def _check_refusal_ignores_unseen(
    match: PlayedMatch, at: At, state: Any, probe: Probe, refusal: TavoloError, told: str, plan: random.Random
) -> None:
    """The same action sent where the cards its seat cannot see lie elsewhere is refused alike: a
    refusal's message gives away nothing about them (an example card in it is no leak)."""
    other = redealt(match.engine, state, probe.seat, plan)
    if other is None:
        return
    try:
        match.engine.apply(other, probe.seat, probe.action, 0.0, random.Random(0))
    except TavoloError as again:
        if (again.code, again.message) == (refusal.code, refusal.message):
            return
        raise at.fail(
            f"refusing {told} says {refusal.message!r}, but {again.message!r} where the cards it cannot "
            "see lie elsewhere: the message gives them away"
        ) from again
    raise at.fail(f"{told} is refused, yet accepted where the cards it cannot see lie elsewhere")


def _dumped(match: PlayedMatch, at: At, state: Any) -> str:
    try:
        return json.dumps(match.engine.dump(state))
    except Exception as error:
        raise at.fail(f"dump raised {error!r}") from error
