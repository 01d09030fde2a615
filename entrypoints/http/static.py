"""The browser UI: static files shipped inside the package, no build step."""

from __future__ import annotations

from pathlib import Path

from sanic import Blueprint

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

bp = Blueprint("static")
bp.static("/", str(WEB_DIR / "index.html"), name="index")
bp.static("/web", str(WEB_DIR), name="assets")
