"""The browser UI: static files shipped inside the package, no build step.

``/`` is the single page; ``/web/...`` its stylesheet, ES modules and nothing else; ``/games/<name>/...``
each game package's own web folder (its table modules, their styles). The app routes
with the URL fragment (``#/game/<id>``), so no server-side fallback route is needed. Every answer is
revalidated (``no-cache``) so a new release is picked up at once, and a strict Content-Security-Policy
allows only this origin's own scripts, styles and sockets.
"""

from __future__ import annotations

from pathlib import Path

from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse

from domain.registry import EngineRegistry

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)

bp = Blueprint("static")
bp.static("/", str(WEB_DIR / "index.html"), name="index")
bp.static("/web", str(WEB_DIR), name="assets")


async def static_headers(request: Request, response: HTTPResponse) -> None:
    response.headers.setdefault("Cache-Control", "no-cache")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)


bp.on_response(static_headers)  # type: ignore[no-untyped-call]


def game_assets(registry: EngineRegistry) -> Blueprint:
    """Each hosted game package's web folder under ``/games/<package name>/``."""
    assets = Blueprint("game_assets")
    for package in registry.packages:
        assets.static(f"/games/{package.name}", str(package.web), name=f"game_{package.name}")
    assets.on_response(static_headers)  # type: ignore[no-untyped-call]
    return assets
