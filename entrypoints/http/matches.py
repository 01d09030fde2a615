"""Finished matches: the caller's history and ratings, and the leaderboards."""

from __future__ import annotations

from typing import Any

from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.statistics import leaderboard, match_history, my_ratings
from entrypoints.http.context import identity, platform_of, require_identity
from entrypoints.http.schemas import HistoryQuerySchema, LeaderboardQuerySchema, load

bp = Blueprint("matches")
history_query = HistoryQuerySchema()
leaderboard_query = LeaderboardQuerySchema()


def query_args(request: Request) -> dict[str, Any]:
    """Single-valued query parameters (the last one wins when repeated)."""
    return {key: values[-1] for key, values in request.args.items()}


@bp.get("/api/me/matches")
async def history(request: Request) -> HTTPResponse:
    user = await require_identity(request)
    query = load(history_query, query_args(request))
    page = await match_history(
        platform_of(request.app), user.user_id, query["limit"], query.get("cursor"), query.get("game_type")
    )
    return json(page)


@bp.get("/api/me/ratings")
async def ratings(request: Request) -> HTTPResponse:
    user = await require_identity(request)
    return json({"ratings": await my_ratings(platform_of(request.app), user.user_id)})


@bp.get("/api/leaderboard")
async def leaderboard_route(request: Request) -> HTTPResponse:
    query = load(leaderboard_query, query_args(request))
    user = await identity(request)
    board = await leaderboard(
        platform_of(request.app),
        query["game_type"],
        query["page"],
        query["limit"],
        None if user is None else user.user_id,
        query["focus"] == "me",
    )
    return json(board)
