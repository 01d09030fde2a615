"""The one path every change of a game goes through.

load (this process's latest copy, else the store) → one pure step
(``domain.steps``: the next envelope with its events, or nothing to change)
→ one atomic ``Commits.commit``: the compare-and-set on the version, the
change's entry in the match log (``domain.match_log``), the swap of the game's
pending deadlines (``schedule``) and the announcement to every process → on a
lost race, the same step again on the state the store holds now. Moves,
deadlines, computer players, creating and joining tables, seating and
removing computer players and marking a result recorded all come this way;
nothing takes a lock.

A refusal or a "nothing to change" worked out on this process's copy is
checked against the store before it is believed, so a stale copy never
refuses a legal move nor drops a due deadline.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from application.playing.live_games import LiveGames
from application.playing.schedule import pending_deadlines
from domain.commitment import SALT_BYTES, MatchSecret
from domain.errors import Conflict, TavoloError
from domain.live_game import LiveGame, Phase
from domain.seeding import SEED_BYTES
from domain.steps import Step

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8  # four players acknowledging a hand at once need at most four

Change = Callable[[LiveGame | None, Any, float], Step | None]
"""A pure step: (the game as it stands, or ``None``; its decoded engine state; now) → ``Step`` | ``None``."""


@dataclass(frozen=True, slots=True)
class Committed:
    """What a transition left: the game as it stands (``None``: it does not exist), and the
    step it committed (``None`` when the change changed nothing)."""

    session: LiveGame | None
    step: Step | None


def new_seed() -> str:
    """A match's secret seed, from the operating system."""
    return secrets.token_hex(SEED_BYTES)


def new_secret() -> MatchSecret:
    """A match's secret seed and salt, from the operating system."""
    return MatchSecret(new_seed(), secrets.token_hex(SALT_BYTES))


async def transition(games: LiveGames, game_id: str, change: Change) -> Committed:
    """Apply ``change`` to game ``game_id`` and commit it; a ``TavoloError`` it raises is the answer."""
    session = games.live.session(game_id)
    from_store = session is None
    if session is None:
        session = await games.store.get(game_id)
    for _ in range(MAX_ATTEMPTS):
        session = _seeded(session)
        state = _state_of(games, session)
        try:
            step = change(session, state, games.clock.now())
        except TavoloError:
            if from_store:
                raise
            fresh = await games.store.get(game_id)
            if _same_version(fresh, session):
                raise
            session, from_store = fresh, True
            continue
        if step is None:
            if from_store:
                return Committed(session, None)
            fresh = await games.store.get(game_id)
            if _same_version(fresh, session):
                return Committed(session, None)
            session, from_store = fresh, True
            continue
        if await _commit(games, session, step):
            return Committed(step.session, step)
        log.debug("game %s moved on past version %s; trying again", game_id, _version(session))
        session, from_store = await games.store.get(game_id), True
    log.warning("game %s: a change lost the race %d times in a row", game_id, MAX_ATTEMPTS)
    raise Conflict("the game is busy, try again")


async def _commit(games: LiveGames, before: LiveGame | None, step: Step) -> bool:
    after = step.session
    engine = games.registry.get(after.game_type)
    deadlines = pending_deadlines(after, engine, step.state, games.clock.now(), games.bot_delay)
    if not await games.commits.commit(after, _version(before), deadlines, step.logged, started=step.started):
        return False
    games.live.remember(after, step.state)
    log.debug("game %s at version %d: %s", after.id, after.version, ", ".join(e.kind for e in after.events))
    return True


def _state_of(games: LiveGames, session: LiveGame | None) -> Any:
    if session is None or session.state is None:
        return None
    return games.live.state_of(session, games.registry.get(session.game_type))


def _seeded(session: LiveGame | None) -> LiveGame | None:
    """A match started before matches had seeds gets one now (stored by the next commit)."""
    if session is None or session.seed is not None or session.phase == Phase.LOBBY:
        return session
    return replace(session, seed=new_seed())


def _version(session: LiveGame | None) -> int:
    return 0 if session is None else session.version


def _same_version(fresh: LiveGame | None, seen: LiveGame | None) -> bool:
    return _version(fresh) == _version(seen)
