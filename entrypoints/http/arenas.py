"""The arena routes: list, create, show, join, pause and leave an arena, its standings, its
recorded games, and the caller's arenas. They translate HTTP to ``application.arenas`` and back;
live standings and "your table is ready" go over the lobby socket (``entrypoints.http.lobby_ws``)."""

from __future__ import annotations

from dependency_injector.wiring import Provide, inject
from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.arenas.context import ArenaContext
from application.arenas.entry import ArenaRequest, create_arena, join_arena, leave_arena, pause_arena
from application.arenas.reading import (
    arena_games,
    arena_standings,
    arena_summary,
    arena_view,
    listed_arenas,
    my_arenas,
)
from entrypoints.container import Container
from entrypoints.http.arena_schemas import (
    ArenaGamesSchema,
    ArenaSchema,
    ArenasSchema,
    ArenaViewSchema,
    CreateArenaSchema,
    JoinArenaSchema,
    MyArenasSchema,
    StandingsSchema,
)
from entrypoints.http.context import identity, require_identity
from entrypoints.http.openapi import documented, errors
from entrypoints.http.schemas import load, read_json

bp = Blueprint("arenas")
TAGS = ("arenas",)
create_schema, join_schema = CreateArenaSchema(), JoinArenaSchema()
arena_schema, view_schema, arenas_schema = ArenaSchema(), ArenaViewSchema(), ArenasSchema()
standings_schema, games_schema, mine_schema = StandingsSchema(), ArenaGamesSchema(), MyArenasSchema()


@bp.get("/api/arenas")
@documented(
    "The public arenas running or about to, soonest first",
    responses={200: ArenasSchema},
    tags=TAGS,
)
@inject
async def list_route(request: Request, arenas: ArenaContext = Provide[Container.arenas]) -> HTTPResponse:
    return json(arenas_schema.dump({"arenas": await listed_arenas(arenas)}))


@bp.post("/api/arenas")
@documented(
    "Create an arena: one game type for 10 to 120 minutes, now or at a set time",
    body=CreateArenaSchema,
    responses={201: ArenaSchema, **errors(400, 401, 403)},
    auth="required",
    tags=TAGS,
    description="A logged-in player only: a guest gets 403. `invalid_arena` (400): a duration out of range,"
    " a start in the past, an empty name. Arenas are rated and no computer player sits in one.",
)
@inject
async def create_route(request: Request, arenas: ArenaContext = Provide[Container.arenas]) -> HTTPResponse:
    user = await require_identity(request)
    body = load(create_schema, read_json(request))
    asked = ArenaRequest(
        name=body["name"],
        game_type=body["game_type"],
        minutes=body["minutes"],
        starts_at=body["starts_at"],
        turn_seconds=body["turn_time"],
        options=body["options"],
        public=body["public"],
        berserk=body["berserk"],
    )
    arena = await create_arena(arenas, user, asked)
    return json(arena_schema.dump(arena_summary(arenas, arena, arenas.games.clock.now())), status=201)


@bp.get("/api/arenas/<arena_id:str>")
@documented(
    "An arena: its clock, standings, games in progress, your own line and, once over, its podium",
    responses={200: ArenaViewSchema, **errors(404)},
    tags=TAGS,
)
@inject
async def show_route(
    request: Request, arena_id: str, arenas: ArenaContext = Provide[Container.arenas]
) -> HTTPResponse:
    user = await identity(request)
    return json(view_schema.dump(await arena_view(arenas, arena_id, user.user_id if user else None)))


@bp.post("/api/arenas/<arena_id:str>/join")
@documented(
    "Join an arena, or come back to it after a pause: you wait for a table",
    body=JoinArenaSchema,
    responses={200: ArenaViewSchema, **errors(400, 401, 404, 409)},
    auth="required",
    tags=TAGS,
    description="`arena_finished` (409) once it is over. Before its start you wait for the start.",
)
@inject
async def join_route(
    request: Request, arena_id: str, arenas: ArenaContext = Provide[Container.arenas]
) -> HTTPResponse:
    user = await require_identity(request)
    body = load(join_schema, read_json(request))
    await join_arena(arenas, user, arena_id, body["berserk"])
    return json(view_schema.dump(await arena_view(arenas, arena_id, user.user_id)))


@bp.post("/api/arenas/<arena_id:str>/pause")
@documented(
    "Pause: stop being paired until you join again (a game under way goes on)",
    responses={200: ArenaViewSchema, **errors(401, 404)},
    auth="required",
    tags=TAGS,
)
@inject
async def pause_route(
    request: Request, arena_id: str, arenas: ArenaContext = Provide[Container.arenas]
) -> HTTPResponse:
    user = await require_identity(request)
    await pause_arena(arenas, user, arena_id)
    return json(view_schema.dump(await arena_view(arenas, arena_id, user.user_id)))


@bp.post("/api/arenas/<arena_id:str>/leave")
@documented(
    "Leave an arena: no more tables for you in it; your points stay",
    responses={200: ArenaViewSchema, **errors(401, 404)},
    auth="required",
    tags=TAGS,
)
@inject
async def leave_route(
    request: Request, arena_id: str, arenas: ArenaContext = Provide[Container.arenas]
) -> HTTPResponse:
    user = await require_identity(request)
    await leave_arena(arenas, user, arena_id)
    return json(view_schema.dump(await arena_view(arenas, arena_id, user.user_id)))


@bp.get("/api/arenas/<arena_id:str>/standings")
@documented(
    "An arena's standings: points, ties broken by performance",
    responses={200: StandingsSchema, **errors(404)},
    tags=TAGS,
    description="Live while it runs; once it is over, the final standings, worked out again from its games.",
)
@inject
async def standings_route(
    request: Request, arena_id: str, arenas: ArenaContext = Provide[Container.arenas]
) -> HTTPResponse:
    return json(standings_schema.dump(await arena_standings(arenas, arena_id)))


@bp.get("/api/arenas/<arena_id:str>/games")
@documented(
    "An arena's recorded games, by start: each player's outcome and whether they went berserk",
    responses={200: ArenaGamesSchema, **errors(404)},
    tags=TAGS,
)
@inject
async def games_route(
    request: Request, arena_id: str, arenas: ArenaContext = Provide[Container.arenas]
) -> HTTPResponse:
    return json(games_schema.dump({"games": await arena_games(arenas, arena_id)}))


@bp.get("/api/me/arenas")
@documented(
    "The arenas the caller played, latest first, with their final place",
    responses={200: MyArenasSchema, **errors(401)},
    auth="required",
    tags=TAGS,
)
@inject
async def mine_route(request: Request, arenas: ArenaContext = Provide[Container.arenas]) -> HTTPResponse:
    user = await require_identity(request)
    return json(mine_schema.dump({"arenas": await my_arenas(arenas, user.user_id)}))
