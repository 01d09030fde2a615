"""Login routes: guest login, logout, the list of login options, and ``/api/me``.

The OIDC login routes are in ``oidc_routes``; both set the session cookie here."""

from __future__ import annotations

from collections.abc import Mapping

from dependency_injector.wiring import Provide, inject
from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json, redirect

from application.identity.login import current_identity, guest_login, logout
from application.identity.oidc_login import IdentityProvider, logout_target
from application.ports import LoginSessions
from domain.errors import Forbidden
from entrypoints.config import Settings
from entrypoints.container import Container
from entrypoints.http.context import COOKIE_NAME, require_identity, session_id
from entrypoints.http.schemas import (
    GuestLoginSchema,
    LogoutSchema,
    MeSchema,
    ProvidersSchema,
    load,
    read_json,
)

bp = Blueprint("auth")
LOGOUT_CONFIRMATION = "/#/logout"  # the web UI's page that asks, then logs out with a POST
guest_schema = GuestLoginSchema()
logout_schema = LogoutSchema()
me_schema = MeSchema()
providers_schema = ProvidersSchema()


def set_session_cookie(response: HTTPResponse, value: str, settings: Settings) -> None:
    response.add_cookie(
        COOKIE_NAME,
        value,
        path="/",
        httponly=True,
        samesite="Lax",
        secure=settings.cookie_secure,
        max_age=int(settings.session_max_age_seconds),
    )


def _clear_session_cookie(response: HTTPResponse) -> None:
    response.delete_cookie(COOKIE_NAME, path="/")


@bp.post("/auth/guest")
@inject
async def login_as_guest(
    request: Request,
    settings: Settings = Provide[Container.settings],
    logins: LoginSessions = Provide[Container.logins],
) -> HTTPResponse:
    if not settings.guest_login:
        raise Forbidden("guest login is disabled on this server")
    body = load(guest_schema, read_json(request))
    await logout(logins, session_id(request))  # a login never keeps the previous session id
    new_session, identity = await guest_login(logins, body["name"])
    response = json(me_schema.dump(identity), status=201)
    set_session_cookie(response, new_session, settings)
    return response


@bp.post("/auth/logout")
@inject
async def logout_route(
    request: Request,
    logins: LoginSessions = Provide[Container.logins],
    identity_providers: Mapping[str, IdentityProvider] = Provide[Container.identity_providers],
) -> HTTPResponse:
    """End the session; the answer says where the browser goes next (an OIDC user's provider
    may ask for its own post-logout page). A POST, so the CSRF/Origin guard covers it."""
    session = session_id(request)
    target = logout_target(identity_providers, await current_identity(logins, session))
    await logout(logins, session)
    response = json(logout_schema.dump({"status": "logged_out", "redirect": target}))
    _clear_session_cookie(response)
    return response


@bp.get("/auth/logout")
async def logout_confirmation(request: Request) -> HTTPResponse:
    """A GET never logs out (any page could, with an image tag): it leads to the web UI's
    confirmation, whose button sends the POST."""
    return redirect(LOGOUT_CONFIRMATION, status=303)


@bp.get("/api/auth/providers")
@inject
async def providers(
    request: Request,
    settings: Settings = Provide[Container.settings],
    identity_providers: Mapping[str, IdentityProvider] = Provide[Container.identity_providers],
) -> HTTPResponse:
    guest = settings.guest_login
    entries = [
        {"name": name, "kind": "oidc", "login_url": f"/auth/{name}/login"} for name in identity_providers
    ]
    if guest:
        entries.append({"name": "guest", "kind": "guest", "login_url": "/auth/guest"})
    return json(providers_schema.dump({"providers": entries, "guest": guest}))


@bp.get("/api/me")
async def me(request: Request) -> HTTPResponse:
    return json(me_schema.dump(await require_identity(request)))
