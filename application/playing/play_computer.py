"""Playing the computer: one step from the lobby to a match under way.

The caller takes the first seat and computer players of the chosen level take
every other one, so the table is full when it opens and its match starts in
the same commit. A table with a computer player never counts for ratings.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from typing import Any

from application.finding import table_opening
from application.finding.lobby import TableChoices, table_layout
from application.identity.caller import Identity
from application.playing.computer_players import check_level, computer_player
from application.playing.live_games import LiveGames
from domain.live_game import LiveGame

log = logging.getLogger(__name__)


async def play_computer(
    games: LiveGames,
    player: Identity,
    game_type: str,
    raw_level: object,
    raw_options: Mapping[str, Any] | None = None,
    turn_seconds: float | None = None,
) -> LiveGame:
    """A private, casual table of ``game_type`` with ``player`` and computer players of
    ``raw_level`` in every other seat, its match started."""
    level = check_level(raw_level)
    game_id = str(uuid.uuid4())
    choices = TableChoices(public=False, rated=False, turn_seconds=turn_seconds)
    layout = table_layout(games, game_id, player, game_type, raw_options, choices, computer_player(level))
    started = await table_opening.open_new_table(games, game_id, layout)
    log.info("%s plays %s against %s computer players", player.user_id, game_type, level)
    return started
