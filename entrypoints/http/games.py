"""Lobby and game routes: game types, create, join, preview, snapshot, my games."""

from __future__ import annotations

from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.lobby import create_game, join_game, list_game_types, preview
from application.queries import my_games, snapshot
from application.views import game_view
from entrypoints.http.context import identity, platform_of, require_identity
from entrypoints.http.schemas import (
    CreateGameSchema,
    GameTypeSchema,
    JoinGameSchema,
    LobbySchema,
    PreviewQuerySchema,
    load,
    read_json,
)

bp = Blueprint("games")
create_schema = CreateGameSchema()
join_schema = JoinGameSchema()
preview_query = PreviewQuerySchema()
game_types_schema = GameTypeSchema(many=True)
lobbies_schema = LobbySchema(many=True)
lobby_schema = LobbySchema()


@bp.get("/api/game-types")
async def game_types(request: Request) -> HTTPResponse:
    return json(game_types_schema.dump(list_game_types(platform_of(request.app))))


@bp.post("/api/games")
async def create(request: Request) -> HTTPResponse:
    user = await require_identity(request)
    body = load(create_schema, read_json(request))
    platform = platform_of(request.app)
    session = await create_game(platform, user, body["game_type"], body["options"])
    return json(game_view(platform.registry, session, user.user_id), status=201)


@bp.post("/api/games/join")
async def join(request: Request) -> HTTPResponse:
    user = await require_identity(request)
    body = load(join_schema, read_json(request))
    platform = platform_of(request.app)
    session = await join_game(platform, user, body["code"])
    return json(game_view(platform.registry, session, user.user_id))


@bp.get("/api/games/preview")
async def preview_route(request: Request) -> HTTPResponse:
    query = load(preview_query, {"code": request.args.get("code")} if "code" in request.args else {})
    return json(lobby_schema.dump(await preview(platform_of(request.app), query["code"])))


@bp.get("/api/games/<game_id:str>")
async def game_snapshot(request: Request, game_id: str) -> HTTPResponse:
    user = await identity(request)
    view = await snapshot(platform_of(request.app), game_id, None if user is None else user.user_id)
    return json(view)


@bp.get("/api/me/games")
async def live_games(request: Request) -> HTTPResponse:
    user = await require_identity(request)
    return json(lobbies_schema.dump(await my_games(platform_of(request.app), user.user_id)))
