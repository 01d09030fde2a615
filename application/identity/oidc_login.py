"""OIDC login use cases: begin a login, finish it at the callback, and where logout leads.

A login is the authorization code flow with PKCE (S256). ``begin_login``
makes a fresh ``state``, ``nonce`` and PKCE verifier, keeps them in a
``LoginAttempt`` bound to the browser's login cookie, and returns the
provider's authorization URL. ``finish_login`` takes that attempt back (once:
a replayed or unknown ``state`` is refused), checks it belongs to this browser
and provider, lets the provider exchange the code and validate the ID token,
and starts a *new* login session (the previous one, if any, is deleted).

A user is the pair (provider, ``sub``): ``oidc:<provider>:<sub>``. Provider
names never contain ``:``, so two providers never share an account and no
guest id (``guest:<uuid>``) can collide with one.
"""

from __future__ import annotations

import hmac
import logging
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from application.identity.caller import Identity
from application.identity.login import MAX_NAME_LENGTH
from application.ports import LoginAttempt, LoginSessions, MatchRepository
from domain.errors import Unauthorized

log = logging.getLogger(__name__)

NAME_CLAIMS = ("name", "preferred_username", "email", "sub")


class LoginFailed(Unauthorized):
    """The OIDC login could not be completed; the browser may start a new one."""


class IdentityProvider(Protocol):
    """One configured OIDC provider, as the login use cases see it.

    * ``authorization_url`` is where to send the browser: the authorization
      endpoint with this ``state``, ``nonce`` and the S256 challenge of
      ``code_verifier`` (it may fetch and cache the discovery document).
    * ``identify`` exchanges ``code`` at the token endpoint, sending
      ``code_verifier``, then validates the ID token — signature against the
      provider's JWKS (refetched once on an unknown key id), ``iss`` exactly
      the configured issuer, ``aud`` containing the client id, ``exp``/``iat``
      and ``nonce`` — and returns its claims (``sub`` is a non-empty string).
      Any failure raises ``LoginFailed``; nothing secret is logged.
    """

    @property
    def name(self) -> str: ...

    @property
    def post_login_redirect(self) -> str: ...

    @property
    def post_logout_redirect(self) -> str: ...

    async def authorization_url(self, state: str, nonce: str, code_verifier: str) -> str: ...

    async def identify(self, code: str, code_verifier: str, nonce: str) -> Mapping[str, Any]: ...


def display_name(claims: Mapping[str, Any]) -> str:
    """The first usable of ``name``, ``preferred_username``, ``email`` and ``sub``,
    with whitespace collapsed, unprintable characters dropped and cut to fit."""
    for claim in NAME_CLAIMS:
        value = claims.get(claim)
        if isinstance(value, str):
            name = " ".join("".join(ch for ch in value if ch.isprintable()).split())[:MAX_NAME_LENGTH].strip()
            if name:
                return name
    return "player"


def oidc_identity(provider: str, claims: Mapping[str, Any]) -> Identity:
    sub = claims.get("sub")
    if not isinstance(sub, str) or not sub:
        raise LoginFailed("the identity provider did not say who you are")
    return Identity(user_id=f"oidc:{provider}:{sub}", name=display_name(claims), provider=provider)


def new_login_binding() -> str:
    """A fresh value for a browser's login cookie (256 random bits)."""
    return secrets.token_urlsafe(32)


async def begin_login(
    logins: LoginSessions,
    provider: IdentityProvider,
    binding: str,
    ttl_seconds: float,
    keep_guest: Identity | None = None,
) -> str:
    """A new login attempt for the browser holding ``binding``; returns the URL to send it to.
    ``keep_guest``: the guest who logs in, asking to keep their history and ratings."""
    attempt = LoginAttempt(
        state=secrets.token_urlsafe(32),
        nonce=secrets.token_urlsafe(32),
        code_verifier=secrets.token_urlsafe(64),  # 86 characters: within PKCE's 43..128
        provider=provider.name,
        binding=binding,
        guest_id=keep_guest.user_id if keep_guest is not None and keep_guest.is_guest else None,
    )
    url = await provider.authorization_url(attempt.state, attempt.nonce, attempt.code_verifier)
    await logins.begin_attempt(attempt, ttl_seconds)
    log.debug("login with %s started", provider.name)
    return url


@dataclass(frozen=True, slots=True)
class LoggedIn:
    """A finished login: the new session, who it is, and — when a guest asked to keep their
    history — how many matches moved (``None``: refused, the account was not new)."""

    session_id: str
    identity: Identity
    kept_guest: int | None = None
    guest_asked: bool = False


async def finish_login(
    logins: LoginSessions,
    provider: IdentityProvider,
    *,
    state: str | None,
    code: str | None,
    error: str | None,
    binding: str | None,
    previous_session: str | None,
    matches: MatchRepository | None = None,
) -> LoggedIn:
    """The callback: a new session and its identity, or ``LoginFailed``. When the guest who
    began the login asked to keep their history, it moves to the account (``matches.adopt``:
    only into an account with no history of its own)."""
    attempt = await logins.take_attempt(state) if state else None
    if attempt is None:
        raise LoginFailed("this login is unknown, expired or already finished; log in again")
    if (
        binding is None
        or not hmac.compare_digest(attempt.binding.encode(), binding.encode())
        or attempt.provider != provider.name
    ):
        log.info("a login callback for %s did not match the browser that started it", provider.name)
        raise LoginFailed("this login was started elsewhere; log in again")
    if error:
        raise LoginFailed("the identity provider did not let you log in")
    if not code:
        raise LoginFailed("the identity provider sent no authorization code")
    claims = await provider.identify(code, attempt.code_verifier, attempt.nonce)
    identity = oidc_identity(provider.name, claims)
    if previous_session:
        await logins.delete(previous_session)  # a login never keeps the previous session id
    session_id = await logins.create(identity)
    log.info("%s logged in with %s", identity.user_id, provider.name)
    if attempt.guest_id is None or matches is None:
        return LoggedIn(session_id, identity)
    moved = await matches.adopt(attempt.guest_id, identity.user_id, identity.name)
    if moved is None:
        log.info("%s kept no guest history: the account has its own already", identity.user_id)
    else:
        log.info("%s keeps %d match(es) played as %s", identity.user_id, moved, attempt.guest_id)
    return LoggedIn(session_id, identity, moved, guest_asked=True)


def logout_target(providers: Mapping[str, IdentityProvider], identity: Identity | None) -> str:
    """Where a browser goes after logging out: its provider's post-logout page, or ``/``."""
    provider = None if identity is None else providers.get(identity.provider)
    return "/" if provider is None else provider.post_logout_redirect
