"""``GET /api/health``: the process is up and serving."""

from __future__ import annotations

from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json

from entrypoints.http.openapi import documented
from entrypoints.http.schemas import HealthSchema

bp = Blueprint("health")
health_schema = HealthSchema()


@bp.get("/api/health")
@documented("Whether the process is up", responses={200: HealthSchema}, tags=("health",))
async def health(request: Request) -> HTTPResponse:
    return json(health_schema.dump({"status": "ok"}))
