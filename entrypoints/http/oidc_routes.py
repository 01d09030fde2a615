"""OIDC login routes: ``/auth/login``, ``/auth/<provider>/login`` and ``/auth/<provider>/callback``.

The login route sets the ``tavolo_login`` cookie (HttpOnly, SameSite=Lax, path
``/auth``): a random value the login attempt is bound to, so a callback only
completes in the browser that started it. The callback answers with a new
session cookie and sends the browser to the provider's post-login page.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping

from dependency_injector.wiring import Provide, inject
from sanic import Blueprint
from sanic.request import Request
from sanic.response import HTTPResponse, redirect

from application.identity.oidc_login import IdentityProvider, begin_login, finish_login, new_login_binding
from application.playing.live_games import Archive
from application.ports import LoginSessions
from domain.errors import NotFound
from entrypoints.config import Settings
from entrypoints.container import Container
from entrypoints.http.auth import set_session_cookie
from entrypoints.http.context import LOGIN_COOKIE_NAME, identity, session_id
from entrypoints.http.openapi import Reply, documented, errors

log = logging.getLogger(__name__)

bp = Blueprint("oidc")
LOGIN_COOKIE_PATH = "/auth"
_BINDING = re.compile(r"[A-Za-z0-9_-]{43,128}")
MAX_CALLBACK_PARAMETER = 4096
TAGS = ("auth",)


def _provider(providers: Mapping[str, IdentityProvider], name: str) -> IdentityProvider:
    found = providers.get(name)
    if found is None:
        raise NotFound(f"no identity provider is called {name!r}")
    return found


def _binding(request: Request) -> str | None:
    value = request.cookies.get(LOGIN_COOKIE_NAME)
    return value if isinstance(value, str) and _BINDING.fullmatch(value) else None


def _argument(request: Request, name: str) -> str | None:
    value = request.args.get(name)
    return value if isinstance(value, str) and 0 < len(value) <= MAX_CALLBACK_PARAMETER else None


def _with_query(url: str, pair: str) -> str:
    """``url`` with ``pair`` added to its query, before any fragment."""
    base, hash_, fragment = url.partition("#")
    return f"{base}{'&' if '?' in base else '?'}{pair}{hash_}{fragment}"


def _no_store(response: HTTPResponse) -> HTTPResponse:
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/auth/login")
@documented(
    "Log in with the first configured identity provider",
    responses={
        302: Reply("Redirects to `/auth/<provider>/login`.", headers={"Location": "The login route."}),
        **errors(404),
    },
    tags=TAGS,
)
@inject
async def login_with_the_first_provider(
    request: Request, providers: Mapping[str, IdentityProvider] = Provide[Container.identity_providers]
) -> HTTPResponse:
    if not providers:
        raise NotFound("no identity provider is configured on this server")
    return redirect(f"/auth/{next(iter(providers))}/login")


@bp.get("/auth/<provider:str>/login")
@documented(
    "Start a login at an OIDC provider",
    responses={
        302: Reply(
            "Redirects to the provider's authorization page (code flow with PKCE S256).",
            headers={"Location": "The provider's authorization URL.", "Set-Cookie": "The login cookie."},
        ),
        **errors(401, 404),
    },
    tags=TAGS,
    description="With `keep=guest`, a guest who signs in asks to keep their guest history and ratings"
    " on the account: they move once the login finishes, but only into an account with no history"
    " of its own (one way, never merged into an existing account).",
)
@inject
async def login(
    request: Request,
    provider: str,
    providers: Mapping[str, IdentityProvider] = Provide[Container.identity_providers],
    settings: Settings = Provide[Container.settings],
    logins: LoginSessions = Provide[Container.logins],
) -> HTTPResponse:
    found = _provider(providers, provider)
    binding = _binding(request) or new_login_binding()  # several tabs of one browser share it
    guest = await identity(request) if request.args.get("keep") == "guest" else None
    url = await begin_login(logins, found, binding, settings.oidc_login_timeout_seconds, guest)
    response = _no_store(redirect(url))
    response.add_cookie(
        LOGIN_COOKIE_NAME,
        binding,
        path=LOGIN_COOKIE_PATH,
        httponly=True,
        samesite="Lax",
        secure=settings.cookie_secure,
        max_age=int(settings.oidc_login_timeout_seconds),
    )
    return response


@bp.get("/auth/<provider:str>/callback")
@documented(
    "Finish a login: the provider redirects the browser here",
    responses={
        302: Reply(
            "Logged in; a new session cookie is set and the browser goes to the post-login page.",
            headers={"Location": "The post-login page.", "Set-Cookie": "The session cookie."},
        ),
        **errors(401, 404),
    },
    tags=TAGS,
    description="Refused (401) when the state is unknown, used or from another browser, or the ID token "
    "is not valid for this login. When a guest asked to keep their history, the post-login page gets"
    " `guest_history=kept` (moved) or `guest_history=refused` (the account had a history already).",
)
@inject
async def callback(
    request: Request,
    provider: str,
    providers: Mapping[str, IdentityProvider] = Provide[Container.identity_providers],
    settings: Settings = Provide[Container.settings],
    logins: LoginSessions = Provide[Container.logins],
    archive: Archive = Provide[Container.archive],
) -> HTTPResponse:
    found = _provider(providers, provider)
    logged_in = await finish_login(
        logins,
        found,
        state=_argument(request, "state"),
        code=_argument(request, "code"),
        error=_argument(request, "error"),
        binding=_binding(request),
        previous_session=session_id(request),
        matches=archive.matches,
    )
    target = found.post_login_redirect
    if logged_in.guest_asked:
        kept = "kept" if logged_in.kept_guest is not None else "refused"
        target = _with_query(target, f"guest_history={kept}")
    response = _no_store(redirect(target))
    set_session_cookie(response, logged_in.session_id, settings)
    response.delete_cookie(LOGIN_COOKIE_NAME, path=LOGIN_COOKIE_PATH)
    return response
