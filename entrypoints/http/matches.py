"""Finished matches: the caller's history and ratings, the leaderboards, and each match's record
and replay."""

from __future__ import annotations

from typing import Any

from dependency_injector.wiring import Provide, inject
from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.playing.live_games import Archive
from application.results.match_records import match_record, match_replay
from application.results.statistics import leaderboard, match_history, my_ratings
from entrypoints.container import Container
from entrypoints.http.context import identity, require_identity
from entrypoints.http.match_schemas import (
    HistoryQuerySchema,
    HistorySchema,
    LeaderboardQuerySchema,
    LeaderboardSchema,
    MatchRecordSchema,
    MatchReplaySchema,
    RatingsSchema,
)
from entrypoints.http.openapi import documented, errors
from entrypoints.http.schemas import load

bp = Blueprint("matches")
history_query = HistoryQuerySchema()
leaderboard_query = LeaderboardQuerySchema()
history_schema = HistorySchema()
ratings_schema = RatingsSchema()
leaderboard_schema = LeaderboardSchema()
TAGS = ("matches",)


def query_args(request: Request) -> dict[str, Any]:
    """Single-valued query parameters (the last one wins when repeated). An empty one is kept, for
    its schema to judge: ``?game_type=`` names no game type, it does not leave the choice out."""
    return {key: values[-1] for key, values in request.get_args(keep_blank_values=True).items()}


@bp.get("/api/me/matches")
@documented(
    "The caller's finished matches, newest first",
    query=HistoryQuerySchema,
    responses={200: HistorySchema, **errors(400, 401)},
    auth="required",
    tags=TAGS,
    description="Pass `next_cursor` of a page as `cursor` to get the next one.",
)
@inject
async def history(request: Request, archive: Archive = Provide[Container.archive]) -> HTTPResponse:
    user = await require_identity(request)
    query = load(history_query, query_args(request))
    page = await match_history(
        archive, user.user_id, query["limit"], query.get("cursor"), query.get("game_type")
    )
    return json(history_schema.dump(page))


@bp.get("/api/me/ratings")
@documented(
    "The caller's Elo rating in each game type played",
    responses={200: RatingsSchema, **errors(401)},
    auth="required",
    tags=TAGS,
)
@inject
async def ratings(request: Request, archive: Archive = Provide[Container.archive]) -> HTTPResponse:
    user = await require_identity(request)
    return json(ratings_schema.dump({"ratings": await my_ratings(archive, user.user_id)}))


@bp.get("/api/leaderboard")
@documented(
    "One page of a game type's players by rating",
    query=LeaderboardQuerySchema,
    responses={200: LeaderboardSchema, **errors(400)},
    auth="optional",
    tags=TAGS,
    description="With `focus=me`, the page holding the caller's own rank.",
)
@inject
async def leaderboard_route(request: Request, archive: Archive = Provide[Container.archive]) -> HTTPResponse:
    query = load(leaderboard_query, query_args(request))
    user = await identity(request)
    board = await leaderboard(
        archive,
        query["game_type"] or archive.registry.default_game_type,
        query["page"],
        query["limit"],
        None if user is None else user.user_id,
        query["focus"] == "me",
        query["include_bots"],
    )
    return json(leaderboard_schema.dump(board))


@bp.get("/api/matches/<match_id:str>/record")
@documented(
    "A finished match's record: every step, the revealed seed and salt, the result",
    responses={200: MatchRecordSchema, **errors(404)},
    tags=TAGS,
    description=(
        "Public once the match is over. `404` with code `not_found` for an unknown or unfinished"
        " match, `no_record` for one played before records were kept. Check it with `tavolo verify`."
    ),
)
@inject
async def record_route(
    request: Request, match_id: str, archive: Archive = Provide[Container.archive]
) -> HTTPResponse:
    return json(await match_record(archive, match_id))


@bp.get("/api/matches/<match_id:str>/replay")
@documented(
    "A finished match's record, checked and laid out step by step for the replay viewer",
    responses={200: MatchReplaySchema, **errors(404)},
    tags=TAGS,
    description="Each frame holds the position after its step with every hand face up.",
)
@inject
async def replay_route(
    request: Request, match_id: str, archive: Archive = Provide[Container.archive]
) -> HTTPResponse:
    return json(await match_replay(archive, match_id))
