"""Seating and removing computer players in a lobby."""

from __future__ import annotations

from dependency_injector.wiring import Provide, inject
from marshmallow import Schema, fields, validate
from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.playing.computer_players import add_bot, remove_bot
from application.playing.live_games import LiveGames
from application.playing.views import game_view
from domain.bots.levels import LEVELS
from entrypoints.container import Container
from entrypoints.http.context import require_identity
from entrypoints.http.json_fields import JsonInteger
from entrypoints.http.openapi import documented, errors
from entrypoints.http.schemas import GameViewSchema, load, read_json

bp = Blueprint("bots")
TAGS = ("games",)


class AddBotSchema(Schema):
    level = fields.String(
        load_default="normal",
        validate=validate.OneOf(LEVELS),
        metadata={"description": "easy plays a random legal move; normal plays sensibly"},
    )
    seat = JsonInteger(
        validate=validate.Range(min=0, max=9),
        metadata={"description": "the chair to seat it in; the first free one when left out"},
    )


add_bot_schema = AddBotSchema()
game_view_schema = GameViewSchema()


@bp.post("/api/games/<game_id:str>/bots")
@documented(
    "Seat a computer player",
    body=AddBotSchema,
    responses={201: GameViewSchema, **errors(400, 401, 403, 404, 409)},
    auth="required",
    tags=TAGS,
    description="Only the table's creator, before the match starts, in a chosen free seat or the first"
    " free one; the last seat taken starts the match. A table with a computer player is casual.",
)
@inject
async def seat_bot(
    request: Request, game_id: str, games: LiveGames = Provide[Container.games]
) -> HTTPResponse:
    user = await require_identity(request)
    body = load(add_bot_schema, read_json(request))
    session = await add_bot(games, user, game_id, body["level"], body.get("seat"))
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)), status=201)


@bp.delete("/api/games/<game_id:str>/bots/<seat:int>")
@documented(
    "Remove a computer player from a seat",
    responses={200: GameViewSchema, **errors(400, 401, 403, 404, 409)},
    auth="required",
    tags=TAGS,
    description="Only the table's creator, before the match starts; 404 when no computer player sits there.",
)
@inject
async def unseat_bot(
    request: Request, game_id: str, seat: int, games: LiveGames = Provide[Container.games]
) -> HTTPResponse:
    user = await require_identity(request)
    session = await remove_bot(games, user, game_id, seat)
    return json(game_view_schema.dump(game_view(games.registry, session, user.user_id)))
