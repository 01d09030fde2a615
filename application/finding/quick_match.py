"""Quick match: "play now" puts a player in the pool; tables are made from it as players come.

Each process runs one ``Matchmaker``. A lobby connection that seeks joins the
shared ``MatchPool`` (``domain.matchmaking.Seeker``, with the player's rating
in that game type, in the queue of its game type and chosen match length:
only seekers of one queue share a table, which gets those options) and stays
there while the connection is open: this process
renews its seekers' leases, and takes them out when their connections close
(the seekers of a process that dies lapse on their own). Whenever someone
seeks, and every ``TICK_SECONDS`` (windows widen as people wait), the
matchmaker asks ``domain.matchmaking.find_group`` for a table and claims that
group in the pool — a claim is atomic, so of two processes that chose the
same players only one gets them and nobody is paired twice. The table is
opened under the group's id, full, its match started (rated unless computer
players fill it), and each member's connection is told where to go.

Should the claiming process die before the table is open, the group is still
every member's assignment in the pool: the process holding a member's
connection opens it (idempotently, under that id) once ``OPEN_GRACE_SECONDS``
have passed, so nobody is stranded.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Mapping
from typing import Any, Protocol

from application.finding import table_opening
from application.identity.caller import Identity
from application.playing.computer_players import computer_player
from application.playing.live_games import LiveGames
from application.ports import MatchPool, StorageUnavailable
from domain import steps
from domain.bots.levels import QUICK_MATCH_LEVEL
from domain.elo import START_RATING
from domain.engine import validate_options
from domain.errors import InvalidAction
from domain.live_game import LiveGame, Phase, Seat
from domain.matchmaking import Group, Seeker, find_group, seek_options

log = logging.getLogger(__name__)

LEASE_SECONDS = 6.0  # a seeker of a process that died leaves the pool this soon
TICK_SECONDS = 1.0
GROUP_TTL_SECONDS = 300.0
OPEN_GRACE_SECONDS = 3.0
MAX_COMPUTERS_AFTER = 600.0
MAX_CLAIM_ATTEMPTS = 8


class Waiting(Protocol):
    """A connection waiting in the pool: told when it is in, then the table it was seated at."""

    async def waiting(self, seeker: Seeker) -> None: ...

    async def matched(self, session: LiveGame) -> None: ...


class Matchmaker:
    def __init__(self, games: LiveGames, pool: MatchPool, tick_seconds: float = TICK_SECONDS) -> None:
        self._games = games
        self._pool = pool
        self._tick = tick_seconds
        self._local: dict[str, Waiting] = {}  # this process's seekers' connections, by user id
        self._since_renewal = 0.0

    @property
    def waiting_here(self) -> int:
        return len(self._local)

    async def seek(
        self,
        player: Identity,
        game_type: str,
        computers_after: float | None,
        connection: Waiting,
        raw_options: Mapping[str, Any] | None = None,
    ) -> Seeker | None:
        """Put ``player`` in the pool for ``game_type`` (computer players may fill the table
        after ``computers_after`` seconds, ``None``: never; ``raw_options``: the match length
        chosen, ``domain.matchmaking.seek_options``), tell ``connection`` it waits, and try to
        make a table at once. A player already seated by an earlier quick match that is still
        on is told so instead (``None``)."""
        if game_type not in self._games.registry:
            raise InvalidAction(f"unknown game type: {game_type!r}")
        options = seek_options(self._games.registry.get(game_type).option_specs, raw_options)
        if computers_after is not None and not (0 <= computers_after <= MAX_COMPUTERS_AFTER):
            raise InvalidAction(f"computer players may fill a table after 0 to {MAX_COMPUTERS_AFTER:g} s")
        if await self._seated_already(player.user_id, connection):
            return None
        seeker = Seeker(
            user_id=player.user_id,
            name=player.name,
            game_type=game_type,
            rating=await self._rating(player.user_id, game_type),
            since=self._games.clock.now(),
            computers_after=computers_after,
            options=options,
        )
        self._local[player.user_id] = connection
        await self._pool.join(seeker, LEASE_SECONDS)
        log.info("%s seeks a table in %s (rating %d)", player.user_id, seeker.queue, seeker.rating)
        await connection.waiting(seeker)
        await self.pair(seeker.queue)
        return seeker

    async def cancel(self, user_id: str, connection: Waiting) -> bool:
        """``connection`` stops waiting (its socket closed, or the player cancelled); ``True``
        if its player was still in the pool."""
        if self._local.get(user_id) is not connection:
            return False
        del self._local[user_id]
        left = await self._pool.leave(user_id)
        if left:
            log.info("%s left the quick-match pool", user_id)
        return left

    async def pair(self, queue: str) -> int:
        """Make every table the seekers of ``queue`` (a game type and options) can make now;
        how many were made."""
        made = 0
        for _ in range(MAX_CLAIM_ATTEMPTS):
            seekers = await self._pool.waiting(queue)
            if not seekers:
                return made
            seats = self._games.registry.get(seekers[0].game_type).seats
            group = find_group(seekers, seats, self._games.clock.now(), str(uuid.uuid4()))
            if group is None:
                return made
            if not await self._pool.claim(group, GROUP_TTL_SECONDS):
                continue  # another process took some of them: look again
            made += 1
            log.info(
                "quick match: %d player(s) and %d computer(s) for %s",
                len(group.members),
                group.computers,
                queue,
            )
            await self._open(group)
        return made

    async def tick(self) -> None:
        """One round: renew this process's seekers, make what tables the pool allows now, and
        make sure every group of this process's seekers has its table."""
        self._since_renewal += self._tick
        if self._local and self._since_renewal >= LEASE_SECONDS / 3:
            self._since_renewal = 0.0
            await self._pool.renew(list(self._local), LEASE_SECONDS)
        for queue in await self._pool.queues():
            await self.pair(queue)
        if not self._local:
            return
        assigned = await self._pool.assignments(list(self._local))
        for group in {group.id: group for group in assigned.values()}.values():
            session = await self._games.store.get(group.id)
            if session is None and self._games.clock.now() - group.formed >= OPEN_GRACE_SECONDS:
                log.warning("quick match %s had no table yet: opening it here", group.id)
                session = await self._open(group)
            elif session is not None:
                await self._tell(group, session)

    async def run(self) -> None:
        """Tick until cancelled; an outage only postpones the next round."""
        while True:
            await asyncio.sleep(self._tick)
            try:
                await self.tick()
            except StorageUnavailable as error:
                log.warning("quick match postponed, storage unavailable: %s", error)
            except Exception:
                log.exception("quick match round failed; trying again")

    async def _open(self, group: Group) -> LiveGame:
        engine = self._games.registry.get(group.game_type)
        people = [Seat(member.user_id, member.name) for member in group.members]
        computers = [computer_player(QUICK_MATCH_LEVEL)(chair) for chair in range(len(people), engine.seats)]
        seats: tuple[Seat | None, ...] = (*people, *computers)
        options = validate_options(engine.option_specs, dict(group.options))

        def layout(join_code: str) -> steps.NewTable:
            return steps.NewTable(
                id=group.id,
                game_type=group.game_type,
                join_code=join_code,
                options=options,
                seats=seats,
                creator_id=people[0].user_id,
                public=False,
                rated=group.computers == 0,
            )

        session = await table_opening.open_new_table(self._games, group.id, layout, again=True)
        await self._tell(group, session)
        return session

    async def _tell(self, group: Group, session: LiveGame) -> None:
        for user_id in group.user_ids:
            connection = self._local.pop(user_id, None)
            if connection is None:
                continue
            try:
                await connection.matched(session)
            except Exception as error:  # its socket closed: the table goes on without it
                log.debug("could not tell %s of its table: %r", user_id, error)

    async def _seated_already(self, user_id: str, connection: Waiting) -> bool:
        group = (await self._pool.assignments([user_id])).get(user_id)
        if group is None:
            return False
        session = await self._games.store.get(group.id)
        if session is None or session.phase == Phase.FINISHED or session.seat_of(user_id) is None:
            return False
        await connection.matched(session)
        return True

    async def _rating(self, user_id: str, game_type: str) -> int:
        for rating in await self._games.matches.ratings(user_id):
            if rating.game_type == game_type:
                return rating.rating
        return START_RATING
