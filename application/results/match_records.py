"""Finished matches as records anyone can read, replay and verify.

A match's record (``domain.match_record``) is public once the match is over,
like the leaderboard. ``replay`` checks it against the engines
(``domain.verification``) and lays it out for the replay viewer: the position
after every step, with every hand face up (the match is over).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

from application.playing.live_games import Archive
from domain.engine import JSON, GameEngine
from domain.errors import NoRecord, NotFound
from domain.verification import check_record

log = logging.getLogger(__name__)


async def match_record(archive: Archive, match_id: str) -> Mapping[str, Any]:
    """The record of finished match ``match_id``: ``NotFound`` when no finished match has that
    id (or it is not recorded yet), ``NoRecord`` when it was played before records were kept."""
    if not match_id.isprintable():  # no id has a control character (PostgreSQL refuses NUL in text)
        raise NotFound("no finished match has that id")
    record = await archive.matches.match_record(match_id)
    if record is not None:
        return record
    if await archive.matches.match(match_id) is None:
        raise NotFound("no finished match has that id")
    raise NoRecord("this match was played before matches kept records: it has no replay")


async def match_replay(archive: Archive, match_id: str) -> JSON:
    """The record of ``match_id`` checked and laid out step by step: its players, shuffle and
    result, the verdict of the check, and one frame per step that replayed (the step, and the
    spectators' view of the position after it with every seat's hand). Worked out once per
    record (``Archive.replays``), away from the event loop: it replays the whole match."""
    cached = archive.replays.get(match_id)
    if cached is not None:
        return cached
    record = await match_record(archive, match_id)
    replay = await asyncio.to_thread(_laid_out, archive, match_id, record)
    archive.replays.put(match_id, replay)
    return replay


def _laid_out(archive: Archive, match_id: str, record: Mapping[str, Any]) -> JSON:
    verdict = check_record(record, archive.registry, keep_states=True)
    if not verdict.ok:
        log.warning("the record of match %s does not verify: %s", match_id, verdict.problem)
    engine = archive.registry.get(str(record["game_type"]))
    frames = [
        _frame(engine, index, step, state)
        for index, (step, state) in enumerate(zip(record["steps"], verdict.states, strict=False))
    ]
    problem = verdict.problem
    return {
        "match_id": record["match_id"],
        "game_type": record["game_type"],
        "name": engine.name,
        "players": record["players"],
        "verification": {
            "ok": verdict.ok,
            "steps": verdict.steps,
            "problem": None if problem is None else {"step": problem.step, "message": problem.message},
        },
        "shuffle": record["shuffle"],
        "result": record["result"],
        "frames": frames,
    }


def _frame(engine: GameEngine, index: int, step: Mapping[str, Any], state: Any) -> JSON:
    view = engine.view(state, None)
    view["hands"] = [engine.view(state, seat).get("hand", []) for seat in range(engine.seats)]
    return {
        "step": index,
        "version": step["version"],
        "time": step["time"],
        "kind": step["kind"],
        "seat": step.get("seat"),
        "action": step.get("action"),
        "name": step.get("name"),
        "left": step.get("left"),
        "events": step["events"],
        "view": view,
    }
