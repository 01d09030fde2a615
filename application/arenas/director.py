"""Each running arena's pairing loop, in whichever worker holds the arena's lease.

Every worker runs one ``ArenaDirector``. Each round it looks at the arenas that
have started and are not closed (``ArenaRepository.unfinished``, and any arena
it hears of), and for each it tries to hold the arena's lease
(``Leases``, name ``arena:<id>``). The worker that holds it, and only that one:

- pauses the waiting players none of whose sockets was seen for
  ``ArenaContext.pause_after`` seconds;
- makes every table the pool allows (``domain.arenas.pairing.pair``: by points,
  then rating, never the same opponents twice in a row, partners by lot) and
  seats them with its lease's fencing token (``ArenaLive.seat``): a worker
  whose lease passed to another cannot seat anybody, and nobody is at two
  tables; then opens each table (rated, the arena's options and turn time, its
  berserk seats), under the seating's game id, so opening again is harmless;
- opens a table that was seated but never opened (its worker died in between),
  and lets go of a seating whose game is gone;
- once the arena is over and its last game scored, stores the final standings,
  worked out again from every recorded game, and lets the live state go.

A round runs every ``tick`` seconds and at once when an arena is announced (a
join, a game scored). If the lease holder dies, its lease lapses after
``LEASE_SECONDS`` and the next worker's round takes it: pairing resumes within
a few seconds.

The director also creates the operator's recurring arenas a day ahead, under
ids every worker works out alike, so each is created once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import uuid
from collections.abc import Sequence

from application.arenas.context import ArenaContext
from application.arenas.records import FinalStanding, Pooled, Seating
from application.finding import table_opening
from application.ports import StorageUnavailable
from domain import steps
from domain.arenas.arena import Arena, ArenaStatus
from domain.arenas.pairing import Waiting, pair
from domain.arenas.scoring import Sheet, sheet_of
from domain.arenas.standings import rank
from domain.live_game import Phase, Seat

log = logging.getLogger(__name__)

TICK_SECONDS = 0.5
LEASE_SECONDS = 3.0
REFRESH_SECONDS = 2.0  # how often the list of unfinished arenas is read again
OPEN_GRACE_SECONDS = 3.0  # a seating not opened this long after it was made is opened here
YOUNG_SECONDS = 60.0  # ... looked at for this long after that
GONE_SECONDS = (
    600.0  # a seating whose game is nowhere (or long recorded) this long after it was made is dropped
)
MIND_EVERY_SECONDS = 5.0  # how often the lease holder looks at the tables (and at once on taking the lease)
SCHEDULE_AHEAD_SECONDS = 24 * 3600.0
SCHEDULE_EVERY_SECONDS = 300.0


class ArenaDirector:
    def __init__(self, context: ArenaContext, holder: str | None = None, tick: float = TICK_SECONDS) -> None:
        self._context = context
        self._holder = holder or f"director-{uuid.uuid4().hex[:12]}"
        self._tick = tick
        self._rng = random.SystemRandom()  # partners by lot: not a match's seed, never reproducible
        self._arenas: dict[str, Arena] = {}
        self._read_at = float("-inf")
        self._scheduled_at = float("-inf")
        self._wake = asyncio.Event()
        self._tokens: dict[str, int] = {}  # the lease token each arena was last directed with here
        self._minded: dict[str, float] = {}  # when each arena's tables were last looked at here

    @property
    def holder(self) -> str:
        return self._holder

    async def run(self) -> None:
        """Rounds until cancelled; an announced arena starts one at once. An outage only postpones."""
        listening = asyncio.create_task(self._listen(), name="tavolo-arena-notices")
        try:
            while True:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self._tick)
                self._wake.clear()
                try:
                    await self.round()
                except StorageUnavailable as error:
                    log.warning("arena round postponed, storage unavailable: %s", error)
                except Exception:
                    log.exception("arena round failed; trying again")
        finally:
            listening.cancel()
            await asyncio.gather(listening, return_exceptions=True)
            await self.release_all()

    async def _listen(self) -> None:
        while True:
            try:
                async for arena_id in self._context.notices.listen():
                    if arena_id is None or arena_id not in self._arenas:
                        self._read_at = float("-inf")  # a new arena (or lost notices): read the list again
                    self._wake.set()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("arena notices interrupted (%s); listening again", error)
                await asyncio.sleep(1.0)

    async def round(self) -> None:
        now = self._context.games.clock.now()
        if now - self._scheduled_at >= SCHEDULE_EVERY_SECONDS:
            await self.schedule(now)
            self._scheduled_at = now
        if now - self._read_at >= REFRESH_SECONDS:
            self._arenas = {arena.id: arena for arena in await self._context.arenas.unfinished(now)}
            self._read_at = now
        for arena in list(self._arenas.values()):
            token = await self._context.leases.acquire(lease_name(arena.id), self._holder, LEASE_SECONDS)
            if token is None:
                continue
            if arena.status(now) is ArenaStatus.FINISHED:
                await self._close(arena, now)
            else:
                await self._direct(arena, token, now)

    async def release_all(self) -> None:
        """Let go of every lease this director may hold (it stops): another worker takes over at once."""
        for arena_id in list(self._arenas):
            try:
                await self._context.leases.release(lease_name(arena_id), self._holder)
            except Exception as error:  # it lapses on its own
                log.debug("could not release the lease of arena %s: %r", arena_id, error)

    async def schedule(self, now: float) -> None:
        """Create the operator's recurring arenas that start within a day (once each, on any worker)."""
        for recurring in self._context.schedule:
            for start in recurring.starts_between(now, now + SCHEDULE_AHEAD_SECONDS):
                arena = Arena(
                    id=recurring.arena_id(start),
                    name=recurring.name,
                    game_type=recurring.game_type,
                    starts_at=start,
                    minutes=recurring.minutes,
                    turn_seconds=recurring.turn_seconds,
                    options=dict(recurring.options),
                    public=True,
                    berserk=recurring.berserk,
                )
                if await self._context.arenas.create(arena):
                    log.info("scheduled arena %s created: %s at %s", arena.id, arena.name, start)

    # --- a running arena -------------------------------------------------------------------

    async def _direct(self, arena: Arena, token: int, now: float) -> None:
        await self._pause_the_absent(arena, now)
        made = await self._pair(arena, token, now)
        fresh_lease = self._tokens.get(arena.id) != token
        if fresh_lease or now - self._minded.get(arena.id, float("-inf")) >= MIND_EVERY_SECONDS:
            if fresh_lease:
                log.info("arena %s: pairing here (lease token %d)", arena.id, token)
            self._tokens[arena.id], self._minded[arena.id] = token, now
            await self._mind_the_tables(arena, now)
        if made:
            await self._context.notices.announce(arena.id)

    async def _pause_the_absent(self, arena: Arena, now: float) -> None:
        live = self._context.live
        waiting = await live.waiting(arena.id)
        if not waiting:
            return
        seen = await live.seen(arena.id)
        for entry in waiting:
            if now - seen.get(entry.user_id, entry.since) > self._context.pause_after:
                await live.step_away(arena.id, entry.user_id, "paused")
                log.info(
                    "arena %s: %s paused, no socket seen for %.0f s",
                    arena.id,
                    entry.user_id,
                    self._context.pause_after,
                )

    async def _pair(self, arena: Arena, token: int, now: float) -> int:
        live = self._context.live
        waiting = await live.waiting(arena.id)
        engine = self._context.games.registry.get(arena.game_type)
        if len(waiting) < engine.seats:
            return 0
        scores = await live.scores(arena.id)
        by_id = {entry.user_id: entry for entry in waiting}
        pool = [
            Waiting(
                e.user_id,
                scores[e.user_id].points if e.user_id in scores else 0,
                e.rating,
                e.since,
                e.last_table,
            )
            for e in waiting
        ]
        tables = pair(pool, engine.seats, random.Random(self._rng.random()))
        if not tables:
            return 0
        seatings = [seating(arena, [by_id[w.user_id] for w in table], now) for table in tables]
        if not await live.seat(arena.id, seatings, token):
            log.info("arena %s: seating refused (the pool changed, or the lease moved on)", arena.id)
            return 0
        for made in seatings:
            await self._open(arena, made)
        log.info(
            "arena %s: %d table(s) made, %d still waiting",
            arena.id,
            len(seatings),
            len(waiting) - sum(len(s.user_ids) for s in seatings),
        )
        return len(seatings)

    async def _open(self, arena: Arena, made: Seating) -> None:
        def layout(join_code: str) -> steps.NewTable:
            return steps.NewTable(
                id=made.game_id,
                game_type=arena.game_type,
                join_code=join_code,
                options=dict(arena.options),
                seats=tuple(
                    Seat(user_id, name) for user_id, name in zip(made.user_ids, made.names, strict=True)
                ),
                creator_id=made.user_ids[0],
                public=False,
                rated=True,
                turn_seconds=arena.turn_seconds,
                arena=arena.id,
                berserk=made.berserk,
            )

        await table_opening.open_new_table(self._context.games, made.game_id, layout, again=True)

    async def _mind_the_tables(self, arena: Arena, now: float) -> None:
        """Open a seating nobody opened (its worker died between seating and opening: only a young
        one can be); drop one whose game is gone (expired unplayed) or was recorded long ago."""
        for made in await self._context.live.seatings(arena.id):
            age = now - made.formed
            young = OPEN_GRACE_SECONDS <= age < OPEN_GRACE_SECONDS + YOUNG_SECONDS
            if not young and age < GONE_SECONDS:
                continue
            session = await self._context.games.store.get(made.game_id)
            if young:
                if session is None:
                    log.warning("arena %s: game %s had no table yet: opening it here", arena.id, made.game_id)
                    await self._open(arena, made)
            elif session is None or (session.phase == Phase.FINISHED and session.result_recorded):
                log.warning(
                    "arena %s: game %s is gone or long over; its players are free", arena.id, made.game_id
                )
                await self._context.live.unseat(arena.id, made.game_id)

    # --- an arena that is over ---------------------------------------------------------------

    async def _close(self, arena: Arena, now: float) -> None:
        """Once no game is left on, store the final standings (once) and let the live state go."""
        await self._mind_the_tables(arena, now)
        if await self._context.live.seatings(arena.id):
            return  # games that began before the end still count: wait for them
        standings = await final_standings(self._context, arena.id)
        if await self._context.arenas.finish(arena.id, standings):
            podium = ", ".join(f"{s.rank}. {s.user_id} ({s.points})" for s in standings[:3])
            log.info(
                "arena %s is over: %d player(s); %s", arena.id, len(standings), podium or "nobody played"
            )
        await self._context.live.forget(arena.id)
        self._arenas.pop(arena.id, None)
        await self._context.notices.announce(arena.id)
        await self._context.leases.release(lease_name(arena.id), self._holder)


def lease_name(arena_id: str) -> str:
    return f"arena:{arena_id}"


def seating(arena: Arena, players: Sequence[Pooled], now: float) -> Seating:
    return Seating(
        arena_id=arena.id,
        game_id=uuid.uuid4().hex,
        user_ids=tuple(p.user_id for p in players),
        names=tuple(p.name for p in players),
        berserk=tuple(index for index, p in enumerate(players) if p.berserk and arena.berserk),
        formed=now,
    )


async def final_standings(context: ArenaContext, arena_id: str) -> list[FinalStanding]:
    """Every entrant's place, worked out from the arena's recorded games (a player who left
    without a game is not ranked)."""
    entrants = await context.arenas.entrants(arena_id)
    away = await context.live.away(arena_id)
    games = await context.arenas.games(arena_id)
    sheets: dict[str, Sheet] = {}
    for entrant in entrants:
        own = [g.scored() for g in games if g.user_id == entrant.user_id]
        if own or away.get(entrant.user_id) != "left":
            sheets[entrant.user_id] = sheet_of(own)
    names = {e.user_id: e.name for e in entrants}
    return [
        FinalStanding(
            rank=standing.rank,
            user_id=standing.user_id,
            name=names[standing.user_id],
            points=standing.sheet.points,
            games=standing.sheet.games,
            wins=standing.sheet.wins,
            performance=standing.sheet.performance,
        )
        for standing in rank(sheets, [e.user_id for e in entrants])
    ]
