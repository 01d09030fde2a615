"""How a process comes to hold a game's announced version, reading the store only when it must.

A version is announced with its whole envelope, or — a seat's action or a deadline's firing —
with only the change that made it (``Notification.logged``). A process holding the version
before takes that change again (``domain.steps.redo``): a match is a function of its seed and
its changes, so it reaches the envelope and state the committer wrote, equal to the last byte.
A process that missed an announcement, or holds no copy of the game, reads the store instead.
"""

from __future__ import annotations

import logging

from application.playing.live_games import LiveGames
from application.ports import Notification
from domain import steps
from domain.live_game import LiveGame

log = logging.getLogger(__name__)


def caught_up(games: LiveGames, note: Notification) -> LiveGame | None:
    """The envelope at ``note``'s version as this process can have it without the store: the copy
    it holds (it committed that version), the envelope the note carries, or the note's change
    taken again from the version before, held here. What it works out it remembers
    (``LiveGames.live``), with its engine state. ``None``: only the store has that version."""
    if note.game_id is None:
        return None
    held = games.live.session(note.game_id)
    if held is not None and held.version == note.version:
        return held
    game_id, version = note.game_id, note.version
    if note.logged is not None:
        if held is None or held.version != version - 1:
            log.debug("game %s: version %d announced by change, the one before not held", game_id, version)
            return None
        engine = games.registry.get(held.game_type)
        step = steps.redo(held, engine, games.live.state_of(held, engine), note.logged)
        if step is None:
            log.warning("game %s: the change announced for version %d does not follow", game_id, version)
            return None
        games.live.remember(step.session, step.state)
        return step.session
    session = note.envelope()
    if session is None or session.version != note.version:
        return None
    games.live.remember(session)
    return session
