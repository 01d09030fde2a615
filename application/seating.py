"""Taking a chair at a lobby table; the last chair taken starts the match."""

from __future__ import annotations

import logging

from application.commit import commit
from application.platform import Platform
from domain.errors import Conflict
from domain.session import GameSession, Seat

log = logging.getLogger(__name__)


async def seat_player(platform: Platform, session: GameSession, player: Seat) -> GameSession:
    """Seat ``player`` (a person or a bot) at ``session``; call with the game lock held."""
    now = platform.clock.now()
    joined = session.with_player(player, now)
    log.info("%s sat down at game %s", player.user_id, session.id)
    if joined.seats_open > 0:
        if not await platform.commits.commit(joined, session.version, ()):
            raise Conflict("the table changed meanwhile; try again")
        return joined
    engine = platform.registry.get(session.game_type)
    state = engine.start(joined.options, platform.timeouts, now, platform.rng_factory())
    started = joined.started(engine.dump(state), now)
    log.info("game %s (%s) started", started.id, started.game_type)
    return await commit(platform, session, started, engine, state)
