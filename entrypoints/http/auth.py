"""Login routes: guest login, logout, the list of login options, and ``/api/me``."""

from __future__ import annotations

from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, json, redirect

from application.auth import guest_login, logout
from domain.errors import Forbidden
from entrypoints.http.context import COOKIE_NAME, platform_of, require_identity, session_id, settings_of
from entrypoints.http.schemas import GuestLoginSchema, MeSchema, ProvidersSchema, load, read_json

bp = Blueprint("auth")
guest_schema = GuestLoginSchema()
me_schema = MeSchema()
providers_schema = ProvidersSchema()


def _set_session_cookie(request: Request, response: HTTPResponse, value: str) -> None:
    settings = settings_of(request.app)
    response.add_cookie(
        COOKIE_NAME,
        value,
        path="/",
        httponly=True,
        samesite="Lax",
        secure=settings.session_cookie_secure,
        max_age=int(settings.session_max_age_seconds),
    )


def _clear_session_cookie(response: HTTPResponse) -> None:
    response.delete_cookie(COOKIE_NAME, path="/")


@bp.post("/auth/guest")
async def login_as_guest(request: Request) -> HTTPResponse:
    if not settings_of(request.app).auth_guest:
        raise Forbidden("guest login is disabled on this server")
    body = load(guest_schema, read_json(request))
    platform = platform_of(request.app)
    await logout(platform, session_id(request))  # a login never keeps the previous session id
    new_session, identity = await guest_login(platform, body["name"])
    response = json(me_schema.dump(identity), status=201)
    _set_session_cookie(request, response, new_session)
    return response


@bp.route("/auth/logout", methods=["GET", "POST"])
async def logout_route(request: Request) -> HTTPResponse:
    await logout(platform_of(request.app), session_id(request))
    response = redirect("/") if request.method == "GET" else json({"status": "logged_out"})
    _clear_session_cookie(response)
    return response


@bp.get("/api/auth/providers")
async def providers(request: Request) -> HTTPResponse:
    guest = settings_of(request.app).auth_guest
    entries = [{"name": "guest", "kind": "guest", "login_url": "/auth/guest"}] if guest else []
    return json(providers_schema.dump({"providers": entries, "guest": guest}))


@bp.get("/api/me")
async def me(request: Request) -> HTTPResponse:
    return json(me_schema.dump(await require_identity(request)))
