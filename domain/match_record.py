"""The record of a finished match: one JSON document anyone can replay and verify.

Written once, when the match's result is recorded, from the match's envelope
and its log (``domain.match_log``) played again through the engine
(``domain.match_replay``). The document (``FORMAT``, version
``FORMAT_VERSION``; its JSON Schema is ``entrypoints/schemas/match-record-1.json``
and the README describes every field)::

    {"format": "tavolo.match-record", "format_version": 1,
     "match_id", "game_type", "options", "rated",
     "players": [{"seat", "name", "user_id", "bot"}, ...],          # by seat
     "shuffle": {"scheme", "commitment", "seed", "salt"},          # domain.commitment
     "started_at", "finished_at",
     "steps": [{"kind", "version", "time", ...its fields, "events": [...]}, ...],
     "result": {"winner", "scores", "sides", "players", "hands"}}

Each step is a logged change (``Logged.dump``) with every event the engine
made of it, private ones (each seat's dealt and drawn cards) included: the
match is over, so every hand is face up. ``domain.verification`` verifies a
record against the engines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.commitment import SCHEME
from domain.engine import JSON, GameEngine
from domain.events import event_json
from domain.live_game import LiveGame, Phase
from domain.match_log import Logged
from domain.match_replay import ReplayRefused, replay

FORMAT = "tavolo.match-record"
FORMAT_VERSION = 1


class Unrecordable(Exception):
    """A finished match that gets no record: it started before matches kept a log and a salt,
    or (``fault``: a defect to look into) its log does not lead to the state it finished in."""

    def __init__(self, message: str, fault: bool = False) -> None:
        super().__init__(message)
        self.fault = fault


def result_json(engine: GameEngine, state: Any) -> JSON | None:
    """The final result as a record writes it (``None`` while the match is on): the winning
    side (``None``: a draw), each side's score and seats, each player's side, points and
    whether they won, and every hand's summary."""
    result = engine.result(state)
    if result is None:
        return None
    summary: JSON = plain(
        {
            "winner": result.winner,
            "scores": dict(result.scores),
            "sides": {label: list(seats) for label, seats in result.sides.items()},
            "players": [
                {"seat": p.seat, "team": p.team, "won": p.won, "points": p.points} for p in result.players
            ],
            "hands": list(result.details.get("hands", result.details.get("deals", []))),
        }
    )
    return summary


def build_record(session: LiveGame, engine: GameEngine, logged: Sequence[Logged]) -> JSON:
    """The record of the finished match ``session`` from its ``logged`` changes; ``Unrecordable``
    when it cannot have one."""
    if session.phase != Phase.FINISHED or session.state is None:
        raise ValueError(f"game {session.id} is not over: it has no record yet")
    if session.seed is None or session.salt is None or not logged or logged[0].kind != "start":
        raise Unrecordable("it started before matches kept records")
    try:
        replayed = list(replay(engine, session.options, session.seed, logged))
    except ReplayRefused as refused:
        raise Unrecordable(f"its log does not replay ({refused})", fault=True) from None
    final = replayed[-1].state
    if plain(engine.dump(final)) != plain(session.state):
        raise Unrecordable("its log does not replay to the state it finished in", fault=True)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "match_id": session.id,
        "game_type": session.game_type,
        "options": plain(session.options),
        "rated": session.counts_for_rating,
        "players": [
            {"seat": chair, "name": seat.name, "user_id": seat.user_id, "bot": seat.bot}
            for chair, seat in enumerate(session.seats)
            if seat is not None
        ],
        "shuffle": {
            "scheme": SCHEME,
            "commitment": session.seed_commitment,
            "seed": session.seed,
            "salt": session.salt,
        },
        "started_at": session.started_at,
        "finished_at": session.finished_at,
        "steps": [step_json(step.logged, step.events) for step in replayed],
        "result": result_json(engine, final),
    }


def step_json(logged: Logged, events: Sequence[Any]) -> JSON:
    """One step of a record: the logged change and every event it made."""
    return {**logged.dump(), "events": plain([event_json(event) for event in events])}


def plain(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples become lists, keys strings): what a record holds."""
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return value
