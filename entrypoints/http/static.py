"""The browser UI: static files shipped inside the package, no build step.

``/`` is the single page; ``/web/...`` its stylesheet, ES modules and nothing else. The app routes
with the URL fragment (``#/game/<id>``), so no server-side fallback route is needed. Every answer is
revalidated (``no-cache``) so a new release is picked up at once, and a strict Content-Security-Policy
allows only this origin's own scripts, styles and sockets.
"""

from __future__ import annotations

from pathlib import Path

from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)

bp = Blueprint("static")
bp.static("/", str(WEB_DIR / "index.html"), name="index")
bp.static("/web", str(WEB_DIR), name="assets")


@bp.on_response
async def static_headers(request: Request, response: HTTPResponse) -> None:
    response.headers.setdefault("Cache-Control", "no-cache")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
