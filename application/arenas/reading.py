"""What anyone may read of an arena: its facts and clock, its standings (live while it runs, final
once stored), its games in progress, the caller's own place and streak, the podium, and every
recorded game (what a recomputation of the standings starts from)."""

from __future__ import annotations

from dataclasses import dataclass

from application.arenas.context import ArenaContext
from application.arenas.entry import find_arena
from application.arenas.records import FinalStanding, LiveScore
from domain.arenas.arena import Arena, ArenaStatus
from domain.arenas.standings import PODIUM, rank
from domain.engine import JSON

NOBODY = LiveScore("", 0, None, 0, False)
STANDINGS_SHOWN = 50
"""How many of the standings the arena page and its frames carry (the standings route has all)."""


def arena_summary(context: ArenaContext, arena: Arena, now: float) -> JSON:
    """An arena's facts, its status at ``now`` and the seconds to its start (upcoming) or end."""
    engine = context.games.registry.get(arena.game_type)
    return {
        "id": arena.id,
        "name": arena.name,
        "game_type": arena.game_type,
        "game_name": engine.name,
        "starts_at": arena.starts_at,
        "ends_at": arena.ends_at,
        "minutes": arena.minutes,
        "turn_time": arena.turn_seconds,
        "options": dict(arena.options),
        "public": arena.public,
        "berserk": arena.berserk,
        "status": arena.status(now).value,
        "seconds_left": round(arena.seconds_left(now), 1),
        "server_time": now,
    }


async def listed_arenas(context: ArenaContext, limit: int = 50) -> list[JSON]:
    now = context.games.clock.now()
    return [arena_summary(context, arena, now) for arena in await context.arenas.listed(now, limit)]


def final_row(s: FinalStanding) -> JSON:
    """A final standing as the standings show it."""
    return {
        "rank": s.rank,
        "user_id": s.user_id,
        "name": s.name,
        "points": s.points,
        "games": s.games,
        "wins": s.wins,
        "performance": s.performance,
        "on_fire": False,
        "status": "done",
    }


async def standings(context: ArenaContext, arena: Arena) -> list[JSON]:
    """Every player's place. Once the final standings are stored they are the answer; before, the
    live scores of the entrants, each with what they are doing now."""
    final = await context.arenas.final(arena.id)
    if final is not None:
        return [final_row(s) for s in final]
    live = context.live
    entrants = await context.arenas.entrants(arena.id)
    scores, away = await live.scores(arena.id), await live.away(arena.id)
    pool = await live.waiting(arena.id)
    waiting = {entry.user_id for entry in pool}
    seatings = await live.seatings(arena.id)
    playing = {user_id for seating in seatings for user_id in seating.user_ids}
    berserk = {entry.user_id for entry in pool if entry.berserk} | {
        seating.user_ids[seat] for seating in seatings for seat in seating.berserk
    }

    def doing(user_id: str) -> str:
        if user_id in playing:
            return "playing"
        if user_id in waiting:
            return "waiting"
        return away.get(user_id, "idle")

    names = {e.user_id: e.name for e in entrants}
    cards = {
        e.user_id: scores.get(e.user_id, NOBODY)
        for e in entrants
        if e.user_id in scores or away.get(e.user_id) != "left"
    }
    return [
        {
            "rank": s.rank,
            "user_id": s.user_id,
            "name": names[s.user_id],
            "points": s.sheet.points,
            "games": s.sheet.games,
            "performance": s.sheet.performance,
            "on_fire": s.sheet.on_fire,
            "status": doing(s.user_id),
            "away": away.get(s.user_id),
            "berserk": s.user_id in berserk,
        }
        for s in rank(cards, [e.user_id for e in entrants])
    ]


async def tables(context: ArenaContext, arena: Arena) -> list[JSON]:
    """The games in progress (anyone may watch them)."""
    return [
        {"game_id": s.game_id, "players": list(s.names), "berserk": list(s.berserk), "since": s.formed}
        for s in await context.live.seatings(arena.id)
    ]


async def arena_view(context: ArenaContext, arena_id: str, user_id: str | None) -> JSON:
    """The arena page: facts and clock, standings, tables, the caller's own line, the podium.

    The shared part may be up to ``VIEW_FRESH_FOR_SECONDS`` old (``recent_view``); the caller's own
    status and table are read now, so an answer to a join or a pause shows it done."""
    arena = await find_arena(context, arena_id)
    shared = await recent_view(context, arena)
    if user_id is None:
        return with_your_line(shared, None, None)
    seating = await context.live.seating_of(arena.id, user_id)
    away = (await context.live.away(arena.id)).get(user_id)
    joined = user_id in shared.rows or any(
        e.user_id == user_id for e in await context.arenas.entrants(arena.id)
    )
    status = "playing" if seating else away or ("waiting" if joined else None)
    if shared.view["status"] == ArenaStatus.FINISHED.value and joined:
        status = shared.rows[user_id]["status"] if user_id in shared.rows else status
    return with_your_line(shared, user_id, seating.game_id if seating else None, status, joined, away)


async def recent_view(context: ArenaContext, arena: Arena) -> SharedView:
    """The arena's shared view, worked out at most once every ``VIEW_FRESH_FOR_SECONDS`` here."""
    shared: SharedView = await context.views.get(arena.id, lambda: shared_view(context, arena))
    return shared


@dataclass(frozen=True)
class SharedView:
    """What every reader of the arena sees alike (``view``, its standings cut to the first
    ``STANDINGS_SHOWN``), and every player's row, for each reader's own line."""

    view: JSON
    rows: dict[str, JSON]


async def shared_view(context: ArenaContext, arena: Arena) -> SharedView:
    now = context.games.clock.now()
    view = arena_summary(context, arena, now)
    ranked = await standings(context, arena)
    view["standings"] = ranked[:STANDINGS_SHOWN]
    view["players"] = len(ranked)
    view["tables"] = await tables(context, arena) if arena.status(now) is not ArenaStatus.UPCOMING else []
    finished = view["status"] == ArenaStatus.FINISHED.value
    view["podium"] = [row for row in ranked if row["rank"] <= PODIUM and row["games"] > 0] if finished else []
    return SharedView(view, {row["user_id"]: row for row in ranked})


def with_your_line(
    shared: SharedView,
    user_id: str | None,
    game_id: str | None,
    status: str | None = None,
    joined: bool | None = None,
    away: str | None = None,
) -> JSON:
    """The shared view with ``you``: the reader's place, points, streak, status, current game and
    away mark (``paused``/``left``: also while a game of theirs goes on); ``status``, ``joined`` and
    ``away``, when given, as read just now rather than with the standings."""
    mine = shared.rows.get(user_id or "")
    return {
        **shared.view,
        "you": {
            "joined": (mine is not None) if joined is None else joined,
            "status": status if status is not None else (mine["status"] if mine else None),
            "rank": mine["rank"] if mine else None,
            "points": mine["points"] if mine else 0,
            "on_fire": bool(mine and mine["on_fire"]),
            "game_id": game_id,
            "away": away if away is not None else (mine.get("away") if mine else None),
            "berserk": bool(mine and mine.get("berserk")),
        },
    }


async def arena_games(context: ArenaContext, arena_id: str) -> list[JSON]:
    """Every recorded game of the arena, by start: who played, each one's outcome and berserk."""
    arena = await find_arena(context, arena_id)
    by_game: dict[str, JSON] = {}
    for game in await context.arenas.games(arena.id):
        entry = by_game.setdefault(
            game.game_id,
            {
                "game_id": game.game_id,
                "started_at": game.started_at,
                "finished_at": game.finished_at,
                "players": [],
            },
        )
        entry["players"].append(
            {
                "user_id": game.user_id,
                "outcome": game.outcome.value,
                "berserk": game.berserk,
                "opponent_rating": game.opponent_rating,
            }
        )
    return list(by_game.values())


async def arena_standings(context: ArenaContext, arena_id: str) -> JSON:
    arena = await find_arena(context, arena_id)
    return {
        "status": arena.status(context.games.clock.now()).value,
        "standings": await standings(context, arena),
    }


async def my_arenas(context: ArenaContext, user_id: str, limit: int = 50) -> list[JSON]:
    """The arenas a player entered, latest first, each with their final place once it is stored."""
    now = context.games.clock.now()
    return [
        {
            "arena": arena_summary(context, entry.arena, now),
            "standing": None if entry.standing is None else final_row(entry.standing),
        }
        for entry in await context.arenas.arenas_of(user_id, limit)
    ]
