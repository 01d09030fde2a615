"""The caller: its address, its session cookie and its identity.

Everything else a handler uses it receives from the container by ``@inject``
(``Provide[Container.x]``; see ``entrypoints.http.app`` for the wiring).
"""

from __future__ import annotations

from typing import Any

from dependency_injector.wiring import Provide, inject
from sanic import Sanic
from sanic.request import Request

from application.identity.caller import Identity
from application.identity.login import current_identity
from application.ports import LoginSessions
from domain.errors import Unauthorized
from entrypoints.container import Container

COOKIE_NAME = "tavolo_session"
LOGIN_COOKIE_NAME = "tavolo_login"  # binds an OIDC login under way to the browser that started it
AnySanic = Sanic[Any, Any]


def client_address(request: Request) -> str | None:
    """The caller's address: from trusted proxy headers when Sanic is told to read them, else the peer."""
    return request.client_ip or None


def session_id(request: Request) -> str | None:
    value = request.cookies.get(COOKIE_NAME)
    return value if isinstance(value, str) and value else None


@inject
async def identity(request: Request, logins: LoginSessions = Provide[Container.logins]) -> Identity | None:
    return await current_identity(logins, session_id(request))


async def require_identity(request: Request) -> Identity:
    found = await identity(request)
    if found is None:
        raise Unauthorized("log in first")
    return found
