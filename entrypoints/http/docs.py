"""``/api/openapi.json`` and the interactive viewer at ``/api/docs``.

Swagger UI's files come from the ``swagger-ui-bundle`` package and are served
by the app itself, so the viewer works without any CDN (offline, behind a
strict Content-Security-Policy: no inline script).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dependency_injector.wiring import Provide, inject
from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, html, json, text
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]

from application.playing.live_games import LiveGames
from entrypoints.container import Container
from entrypoints.http.context import AnySanic
from entrypoints.http.openapi import DOCS_BLUEPRINT, build_openapi

OPENAPI_URL = "/api/openapi.json"
DOCS_URL = "/api/docs"
ASSETS_URL = "/api/docs/assets"

bp = Blueprint(DOCS_BLUEPRINT)
bp.static(ASSETS_URL, str(Path(str(swagger_ui_path))), name="swagger_assets")

PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>tavolo API</title>
  <link rel="stylesheet" href="{ASSETS_URL}/swagger-ui.css">
  <link rel="icon" type="image/png" href="{ASSETS_URL}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="{ASSETS_URL}/swagger-ui-bundle.js"></script>
  <script src="{ASSETS_URL}/swagger-ui-standalone-preset.js"></script>
  <script src="{DOCS_URL}/init.js"></script>
</body>
</html>
"""

INIT_SCRIPT = f"""window.addEventListener("load", function () {{
  window.ui = SwaggerUIBundle({{
    url: "{OPENAPI_URL}",
    dom_id: "#swagger-ui",
    deepLinking: true,
    withCredentials: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout"
  }});
}});
"""


def openapi_document(app: AnySanic, games: LiveGames) -> dict[str, Any]:
    """Built once per app, on first use (every route is registered by then)."""
    document: dict[str, Any] | None = getattr(app.ctx, "openapi_document", None)
    if document is None:
        document = build_openapi(app, games)
        app.ctx.openapi_document = document
    return document


@bp.get(OPENAPI_URL)
@inject
async def openapi(request: Request, games: LiveGames = Provide[Container.games]) -> HTTPResponse:
    return json(openapi_document(request.app, games))


@bp.get(DOCS_URL)
async def swagger_ui(request: Request) -> HTTPResponse:
    return html(PAGE)


@bp.get(f"{DOCS_URL}/init.js")
async def swagger_init(request: Request) -> HTTPResponse:
    return text(INIT_SCRIPT, content_type="text/javascript; charset=utf-8")
