"""Opening a table: the one creation path of every table, whoever opens it.

A person opens one from the lobby (alone, or against the computer), a quick
match opens one for the players it paired, a rematch for the players of a
finished match. Each is a transition that expects no game yet under its id
(``Commits`` stores it only if that id is free), with a fresh join code drawn
on every attempt, so two tables never share a code. A table opened full
starts its match in the same commit.

Game ids and join codes come from the operating system's randomness, never
from a match's seed.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from application.finding.join_codes import new_join_code
from application.playing.live_games import LiveGames
from application.playing.transition import new_secret, transition
from domain import steps
from domain.errors import Conflict
from domain.live_game import LiveGame

log = logging.getLogger(__name__)

_SYSTEM_RANDOM = random.SystemRandom()

Layout = Callable[[str], steps.NewTable]
"""The table to open, given the join code drawn for it."""


async def open_new_table(games: LiveGames, game_id: str, layout: Layout, *, again: bool = False) -> LiveGame:
    """Open the table ``layout`` describes under ``game_id`` (its match starts when it is full).

    ``again``: the same table may be opened by several processes (a quick match's group, a
    rematch), so a table already there under that id is the answer; otherwise it is a
    ``Conflict``."""
    secret = new_secret()

    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
        if session is not None:
            if again:
                return None
            raise Conflict("could not open the table; try again")
        table = layout(new_join_code(_SYSTEM_RANDOM))  # drawn afresh on every attempt
        engine = games.registry.get(table.game_type)
        return steps.open_table(table, now, engine, games.timeouts, secret)

    committed = await transition(games, game_id, change)
    opened = committed.session
    assert opened is not None, "a table just opened exists"
    if committed.step is not None:
        started = " and started" if committed.step.started else ""
        log.info("game %s (%s) opened%s by %s", game_id, opened.game_type, started, opened.creator_id)
    return opened
