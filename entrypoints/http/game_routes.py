"""Lobby and game routes: game types, create (alone or against the computer), the open tables,
join (by code or by the table's link), preview, snapshot, my games, leave, rematch."""

from __future__ import annotations

from dependency_injector.wiring import Provide, inject
from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.finding.lobby import (
    TableChoices,
    create_game,
    join_game,
    leave_game,
    list_game_types,
    preview,
    take_seat,
)
from application.finding.open_tables import open_tables
from application.operations.rate_limit import FailureLimiter
from application.playing.live_games import LiveGames
from application.playing.play_computer import play_computer
from application.playing.queries import my_games, snapshot
from application.playing.rematch import ask_rematch
from application.playing.views import game_view
from entrypoints.container import Container
from entrypoints.http.context import client_address, identity, require_identity
from entrypoints.http.matches import query_args
from entrypoints.http.openapi import documented, errors
from entrypoints.http.schemas import (
    CreateGameSchema,
    GameTypeSchema,
    GameViewSchema,
    JoinGameSchema,
    LobbySchema,
    OpenTablesQuerySchema,
    PlayComputerSchema,
    PreviewQuerySchema,
    TakeSeatSchema,
    load,
    read_json,
)

bp = Blueprint("games")
create_schema = CreateGameSchema()
computer_schema = PlayComputerSchema()
join_schema = JoinGameSchema()
take_seat_schema = TakeSeatSchema()
open_query = OpenTablesQuerySchema()
preview_query = PreviewQuerySchema()
game_types_schema = GameTypeSchema(many=True)
lobbies_schema = LobbySchema(many=True)
lobby_schema = LobbySchema()
game_view_schema = GameViewSchema()
TAGS = ("games",)


@bp.get("/api/game-types")
@documented("The game types this server offers", responses={200: game_types_schema}, tags=TAGS)
@inject
async def game_types(request: Request, games: LiveGames = Provide[Container.games]) -> HTTPResponse:
    return json(game_types_schema.dump(list_game_types(games)))


@bp.post("/api/games")
@documented(
    "Open a new table",
    body=CreateGameSchema,
    responses={201: GameViewSchema, **errors(400, 401, 409)},
    auth="required",
    tags=TAGS,
    description="The caller takes the first seat; the answer carries the join code to share.",
)
@inject
async def create(request: Request, games: LiveGames = Provide[Container.games]) -> HTTPResponse:
    user = await require_identity(request)
    body = load(create_schema, read_json(request))
    choices = TableChoices(body["public"], body["rated"], body["turn_time"])
    game_type = body["game_type"] or games.registry.default_game_type
    session = await create_game(games, user, game_type, body["options"], choices)
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)), status=201)


@bp.post("/api/games/computer")
@documented(
    "Play the computer: a table with computer players in every other seat, its match started",
    body=PlayComputerSchema,
    responses={201: GameViewSchema, **errors(400, 401)},
    auth="required",
    tags=TAGS,
    description="The caller takes the first seat. The table is private and casual (a table with a"
    " computer player never moves ratings).",
)
@inject
async def against_the_computer(request: Request, games: LiveGames = Provide[Container.games]) -> HTTPResponse:
    user = await require_identity(request)
    body = load(computer_schema, read_json(request))
    game_type = body["game_type"] or games.registry.default_game_type
    session = await play_computer(games, user, game_type, body["level"], body["options"], body["turn_time"])
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)), status=201)


@bp.get("/api/games/open")
@documented(
    "The public tables waiting for players, oldest first",
    query=OpenTablesQuerySchema,
    responses={200: lobbies_schema, **errors(400)},
    tags=TAGS,
    description="Each with its game type, options, seats taken and by whom, and whether it is rated."
    " The lobby socket (`/ws/lobby`) sends this list again whenever it changes.",
)
@inject
async def open_tables_route(request: Request, games: LiveGames = Provide[Container.games]) -> HTTPResponse:
    query = load(open_query, query_args(request))
    return json(lobbies_schema.dump(await open_tables(games, query.get("game_type"))))


@bp.post("/api/games/join")
@documented(
    "Take a free seat at a table by its join code",
    body=JoinGameSchema,
    responses={200: GameViewSchema, **errors(400, 401, 404, 409, 429)},
    auth="required",
    tags=TAGS,
)
@inject
async def join(
    request: Request,
    games: LiveGames = Provide[Container.games],
    limiter: FailureLimiter = Provide[Container.join_limiter],
) -> HTTPResponse:
    user = await require_identity(request)
    body = load(join_schema, read_json(request))
    session = await join_game(games, user, body["code"], client_address(request), limiter)
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)))


@bp.post("/api/games/<game_id:str>/join")
@documented(
    "Take a free seat at a table from its link",
    body=TakeSeatSchema,
    responses={200: GameViewSchema, **errors(400, 401, 403, 404, 409, 429)},
    auth="required",
    tags=TAGS,
    description="Any free seat of a public table; a private table needs its join code (the invitation"
    " link carries it). The last seat taken starts the match; sitting down twice changes nothing.",
)
@inject
async def join_by_link(
    request: Request,
    game_id: str,
    games: LiveGames = Provide[Container.games],
    limiter: FailureLimiter = Provide[Container.join_limiter],
) -> HTTPResponse:
    user = await require_identity(request)
    body = load(take_seat_schema, read_json(request))
    session = await take_seat(
        games, user, game_id, body.get("code"), body.get("seat"), client_address(request), limiter
    )
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)))


@bp.get("/api/games/preview")
@documented(
    "The public summary of the table behind a join code",
    query=PreviewQuerySchema,
    responses={200: LobbySchema, **errors(400, 404, 429)},
    tags=TAGS,
)
@inject
async def preview_route(
    request: Request,
    games: LiveGames = Provide[Container.games],
    limiter: FailureLimiter = Provide[Container.join_limiter],
) -> HTTPResponse:
    query = load(preview_query, {"code": request.args.get("code")} if "code" in request.args else {})
    summary = await preview(games, query["code"], client_address(request), limiter)
    return json(lobby_schema.dump(summary))


@bp.get("/api/games/<game_id:str>")
@documented(
    "A game as the caller sees it",
    responses={200: GameViewSchema, **errors(404)},
    auth="optional",
    tags=TAGS,
    description="A seated player sees its own hand; anyone else gets the spectator's view.",
)
@inject
async def game_snapshot(
    request: Request, game_id: str, games: LiveGames = Provide[Container.games]
) -> HTTPResponse:
    user = await identity(request)
    view = await snapshot(games, game_id, None if user is None else user.user_id)
    return json(game_view_schema.dump(view))


@bp.get("/api/me/games")
@documented(
    "The caller's live games, newest first",
    responses={200: lobbies_schema, **errors(401)},
    auth="required",
    tags=TAGS,
)
@inject
async def live_games(request: Request, games: LiveGames = Provide[Container.games]) -> HTTPResponse:
    user = await require_identity(request)
    return json(lobbies_schema.dump(await my_games(games, user.user_id)))


@bp.post("/api/games/<game_id:str>/leave")
@documented(
    "Leave a table: before its match the seat frees, during it a computer player takes it over",
    responses={200: GameViewSchema, **errors(401, 404)},
    auth="required",
    tags=TAGS,
    description="A creator who leaves a waiting table hands it to the next person at it. A computer"
    " player who takes a seat over makes the match casual; everyone sees it in the move log"
    " (`handed_over`). Leaving a table you do not sit at, or a finished match, changes nothing.",
)
@inject
async def leave(request: Request, game_id: str, games: LiveGames = Provide[Container.games]) -> HTTPResponse:
    user = await require_identity(request)
    session = await leave_game(games, user, game_id)
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)))


@bp.post("/api/games/<game_id:str>/rematch")
@documented(
    "Ask for a rematch of a finished match",
    responses={200: GameViewSchema, **errors(401, 403, 404, 409)},
    auth="required",
    tags=TAGS,
    description="Once every person at the table has asked (computer players agree at once), a new"
    " table with the same game, options and settings starts, everyone one seat on; the finished"
    " table's `rematch.next_game` names it. Asking again changes nothing. The WebSocket action"
    ' `{"action": "rematch"}` does the same.',
)
@inject
async def rematch(
    request: Request, game_id: str, games: LiveGames = Provide[Container.games]
) -> HTTPResponse:
    user = await require_identity(request)
    session = await ask_rematch(games, user, game_id)
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)))
