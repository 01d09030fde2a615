"""Lobby and game routes: game types, create, join, preview, snapshot, my games."""

from __future__ import annotations

from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.lobby import TableChoices, create_game, join_game, leave_game, list_game_types, preview
from application.queries import my_games, snapshot
from application.views import game_view
from entrypoints.http.context import client_address, games_of, identity, join_limiter_of, require_identity
from entrypoints.http.openapi import documented, errors
from entrypoints.http.schemas import (
    CreateGameSchema,
    GameTypeSchema,
    GameViewSchema,
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
game_view_schema = GameViewSchema()
TAGS = ("games",)


@bp.get("/api/game-types")
@documented("The game types this server offers", responses={200: game_types_schema}, tags=TAGS)
async def game_types(request: Request) -> HTTPResponse:
    return json(game_types_schema.dump(list_game_types(games_of(request.app))))


@bp.post("/api/games")
@documented(
    "Open a new table",
    body=CreateGameSchema,
    responses={201: GameViewSchema, **errors(400, 401, 409)},
    auth="required",
    tags=TAGS,
    description="The caller takes the first seat; the answer carries the join code to share.",
)
async def create(request: Request) -> HTTPResponse:
    user = await require_identity(request)
    body = load(create_schema, read_json(request))
    games = games_of(request.app)
    choices = TableChoices(body["public"], body["rated"], body["turn_time"])
    session = await create_game(games, user, body["game_type"], body["options"], choices)
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)), status=201)


@bp.post("/api/games/join")
@documented(
    "Take a free seat at a table by its join code",
    body=JoinGameSchema,
    responses={200: GameViewSchema, **errors(400, 401, 404, 409, 429)},
    auth="required",
    tags=TAGS,
)
async def join(request: Request) -> HTTPResponse:
    user = await require_identity(request)
    body = load(join_schema, read_json(request))
    games = games_of(request.app)
    limiter = join_limiter_of(request.app)
    session = await join_game(games, user, body["code"], client_address(request), limiter)
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)))


@bp.get("/api/games/preview")
@documented(
    "The public summary of the table behind a join code",
    query=PreviewQuerySchema,
    responses={200: LobbySchema, **errors(400, 404, 429)},
    tags=TAGS,
)
async def preview_route(request: Request) -> HTTPResponse:
    query = load(preview_query, {"code": request.args.get("code")} if "code" in request.args else {})
    summary = await preview(
        games_of(request.app), query["code"], client_address(request), join_limiter_of(request.app)
    )
    return json(lobby_schema.dump(summary))


@bp.get("/api/games/<game_id:str>")
@documented(
    "A game as the caller sees it",
    responses={200: GameViewSchema, **errors(404)},
    auth="optional",
    tags=TAGS,
    description="A seated player sees its own hand; anyone else gets the spectator's view.",
)
async def game_snapshot(request: Request, game_id: str) -> HTTPResponse:
    user = await identity(request)
    view = await snapshot(games_of(request.app), game_id, None if user is None else user.user_id)
    return json(game_view_schema.dump(view))


@bp.get("/api/me/games")
@documented(
    "The caller's live games, newest first",
    responses={200: lobbies_schema, **errors(401)},
    auth="required",
    tags=TAGS,
)
async def live_games(request: Request) -> HTTPResponse:
    user = await require_identity(request)
    return json(lobbies_schema.dump(await my_games(games_of(request.app), user.user_id)))


@bp.post("/api/games/<game_id:str>/leave")
@documented(
    "Leave a table before its match starts",
    responses={200: GameViewSchema, **errors(401, 403, 404, 409)},
    auth="required",
    tags=TAGS,
    description="Frees the caller's seat; the table's creator keeps the first seat. Leaving a table"
    " you do not sit at changes nothing.",
)
async def leave(request: Request, game_id: str) -> HTTPResponse:
    user = await require_identity(request)
    games = games_of(request.app)
    session = await leave_game(games, user, game_id)
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)))
