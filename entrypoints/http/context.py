"""Per-request access to what the server runs on, and to the caller's identity.

The app's ``ctx`` is filled once the container's resources are open (before the
server starts serving; see ``entrypoints.http.app``): the handlers read it here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sanic import Sanic
from sanic.request import Request

from application.finding.open_tables import LobbyFeed
from application.finding.quick_match import Matchmaker
from application.identity.caller import Identity
from application.identity.login import current_identity
from application.identity.oidc_login import IdentityProvider
from application.operations.admission import Admission
from application.operations.rate_limit import FailureLimiter
from application.playing.attendance import Attendance
from application.playing.hub import GameHub
from application.playing.live_games import Archive, LiveGames
from application.ports import LoginSessions
from domain.errors import Unauthorized
from entrypoints.config import Settings

COOKIE_NAME = "tavolo_session"
LOGIN_COOKIE_NAME = "tavolo_login"  # binds an OIDC login under way to the browser that started it
AnySanic = Sanic[Any, Any]


def games_of(app: AnySanic) -> LiveGames:
    games: LiveGames = app.ctx.games
    return games


def records_of(app: AnySanic) -> Archive:
    records: Archive = app.ctx.records
    return records


def logins_of(app: AnySanic) -> LoginSessions:
    logins: LoginSessions = app.ctx.logins
    return logins


def hub_of(app: AnySanic) -> GameHub:
    hub: GameHub = app.ctx.hub
    return hub


def lobby_feed_of(app: AnySanic) -> LobbyFeed:
    feed: LobbyFeed = app.ctx.lobby_feed
    return feed


def matchmaker_of(app: AnySanic) -> Matchmaker:
    matchmaker: Matchmaker = app.ctx.matchmaker
    return matchmaker


def attendance_of(app: AnySanic) -> Attendance:
    attendance: Attendance = app.ctx.attendance
    return attendance


def admission_of(app: AnySanic) -> Admission:
    admission: Admission = app.ctx.admission
    return admission


def join_limiter_of(app: AnySanic) -> FailureLimiter:
    limiter: FailureLimiter = app.ctx.container.join_limiter()
    return limiter


def settings_of(app: AnySanic) -> Settings:
    settings: Settings = app.ctx.settings
    return settings


def identity_providers_of(app: AnySanic) -> Mapping[str, IdentityProvider]:
    """The configured OIDC providers by name, in configuration order (the container's singleton)."""
    found: Mapping[str, IdentityProvider] = app.ctx.container.identity_providers()
    return found


def client_address(request: Request) -> str | None:
    """The caller's address: from trusted proxy headers when Sanic is told to read them, else the peer."""
    return request.client_ip or None


def session_id(request: Request) -> str | None:
    value = request.cookies.get(COOKIE_NAME)
    return value if isinstance(value, str) and value else None


async def identity(request: Request) -> Identity | None:
    return await current_identity(logins_of(request.app), session_id(request))


async def require_identity(request: Request) -> Identity:
    found = await identity(request)
    if found is None:
        raise Unauthorized("log in first")
    return found
