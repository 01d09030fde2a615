"""What a player does with an arena: create one, join it (or come back), pause, leave.

Creating takes a logged-in player: a guest is refused (``Forbidden``). Joining
records the player among the arena's entrants and, unless they are at a table
already, puts them in its pool, where the pairing director finds them. Pausing
and leaving take them out of the pool and mark them away, so a game of theirs
that ends does not put them back; joining again clears the mark. Every change
is announced, so standings and tables reach every worker's sockets at once.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from application.arenas.context import ArenaContext
from application.arenas.records import Entrant, Pooled
from application.finding.lobby import checked_turn_seconds
from application.identity.caller import Identity
from domain.arenas.arena import Arena, new_arena
from domain.elo import START_RATING
from domain.engine import validate_options
from domain.errors import Forbidden, InvalidAction, NotFound

log = logging.getLogger(__name__)

PAUSED = "paused"
LEFT = "left"


@dataclass(frozen=True)
class ArenaRequest:
    """An arena as its creator asks for it; ``starts_at`` ``None`` starts it now, ``turn_seconds``
    ``None`` takes the server's default turn time."""

    name: str
    game_type: str
    minutes: int
    starts_at: float | None = None
    turn_seconds: float | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    public: bool = True
    berserk: bool = True


async def create_arena(context: ArenaContext, caller: Identity, request: ArenaRequest) -> Arena:
    if caller.is_guest:
        raise Forbidden("log in to create an arena: guests may join one, not create it")
    games = context.games
    if request.game_type not in games.registry:
        raise InvalidAction(f"unknown game type: {request.game_type!r}")
    engine = games.registry.get(request.game_type)
    arena = new_arena(
        id=uuid.uuid4().hex[:12],
        name=request.name,
        game_type=request.game_type,
        minutes=request.minutes,
        turn_seconds=checked_turn_seconds(games, request.turn_seconds),
        now=games.clock.now(),
        starts_at=request.starts_at,
        options=validate_options(engine.option_specs, dict(request.options)),
        public=request.public,
        berserk=request.berserk,
        creator=caller.user_id,
        shortest=context.shortest_minutes,
    )
    await context.arenas.create(arena)
    log.info("arena %s (%s, %d min) created by %s", arena.id, arena.game_type, arena.minutes, caller.user_id)
    await context.notices.announce(arena.id)  # the directors look at it at once
    return arena


async def find_arena(context: ArenaContext, arena_id: str) -> Arena:
    arena = await context.arenas.get(arena_id)
    if arena is None:
        raise NotFound(f"no arena {arena_id!r}")
    return arena


async def join_arena(context: ArenaContext, caller: Identity, arena_id: str, berserk: bool = False) -> Arena:
    """``caller`` enters the arena (or comes back to it) and waits for a table, unless at one
    already; ``berserk``: they halve their own turn time in their next games, where the arena
    allows it. ``ArenaFinished`` once it is over."""
    arena = await find_arena(context, arena_id)
    now = context.games.clock.now()
    arena.check_open(now)
    if await context.arenas.enter(Entrant(arena.id, caller.user_id, caller.name, now)):
        log.info("%s entered arena %s", caller.user_id, arena.id)
    await context.live.touch(arena.id, [caller.user_id], now)
    entry = Pooled(
        user_id=caller.user_id,
        name=caller.name,
        rating=await player_rating(context, caller.user_id, arena.game_type),
        since=now,
        berserk=berserk and arena.berserk,
        last_table=await last_table(context, arena.id, caller.user_id),
    )
    if not await context.live.wait(arena.id, entry):
        log.debug("%s is at a table of arena %s: back in the pool after it", caller.user_id, arena.id)
    await context.notices.announce(arena.id)
    return arena


async def pause_arena(context: ArenaContext, caller: Identity, arena_id: str) -> None:
    """``caller`` stops being paired until they join again (a game under way goes on)."""
    await _step_away(context, caller, arena_id, PAUSED)


async def leave_arena(context: ArenaContext, caller: Identity, arena_id: str) -> None:
    """``caller`` stops playing in the arena; their points stay in the standings."""
    await _step_away(context, caller, arena_id, LEFT)


async def _step_away(context: ArenaContext, caller: Identity, arena_id: str, why: str) -> None:
    arena = await find_arena(context, arena_id)
    await context.live.step_away(arena.id, caller.user_id, why)
    log.info("%s %s arena %s", caller.user_id, why, arena.id)
    await context.notices.announce(arena.id)


async def player_rating(context: ArenaContext, user_id: str, game_type: str) -> int:
    for rating in await context.games.matches.ratings(user_id):
        if rating.game_type == game_type:
            return rating.rating
    return START_RATING


async def last_table(context: ArenaContext, arena_id: str, user_id: str) -> frozenset[str]:
    """The others at the player's last recorded game of the arena (none before one)."""
    own = await context.arenas.games(arena_id, user_id)
    if not own:
        return frozenset()
    last = own[-1].game_id
    return frozenset(g.user_id for g in await context.arenas.games(arena_id) if g.game_id == last) - {user_id}
