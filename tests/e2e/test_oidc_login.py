"""OIDC login end to end: a real provider on loopback, the server in-process, httpx as the browser."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack, asynccontextmanager
from dataclasses import dataclass

import httpx
import pytest

from entrypoints.config import OidcProviderSettings
from entrypoints.http.context import COOKIE_NAME, LOGIN_COOKIE_NAME
from tests.e2e.oidc_provider import MockProvider, grant, log_in, mock_provider, query, s256, start_login
from tests.integration.players import play_until_game_over
from tests.integration.server import RunningServer, Socket, free_port, running_server, server_settings


@dataclass
class Deployment:
    server: RunningServer
    providers: dict[str, MockProvider]


@pytest.fixture
def two_providers() -> Iterator[dict[str, MockProvider]]:
    with ExitStack() as stack:
        yield {"alpha": stack.enter_context(mock_provider()), "beta": stack.enter_context(mock_provider())}


@asynccontextmanager
async def deployment(providers: dict[str, MockProvider], **overrides: object) -> AsyncIterator[Deployment]:
    port = free_port()
    settings = server_settings(
        oidc_providers=tuple(
            OidcProviderSettings(
                name=name,
                issuer=provider.issuer,
                client_id=f"tavolo-{name}",
                client_secret=f"{name}-secret",  # the mock supports confidential clients only
                redirect_uri=f"http://127.0.0.1:{port}/auth/{name}/callback",
                post_login_redirect="/#lobby",
                post_logout_redirect=f"/bye-{name}",
            )
            for name, provider in providers.items()
        ),
        **overrides,
    )
    async with running_server(settings, port=port) as server:
        yield Deployment(server, providers)


async def me(server: RunningServer, cookie: str) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: cookie}) as http:
        return await http.get("/api/me")


async def test_a_user_logs_in_at_the_provider_plays_with_the_cookie_and_logs_out(
    two_providers: dict[str, MockProvider],
) -> None:
    alpha = two_providers["alpha"]
    await alpha.set_user("alice", {"name": "Alice Rossi", "email": "alice@example.com"})
    async with deployment(two_providers, auth_guest=False) as setup, httpx.AsyncClient() as browser:
        server = setup.server
        trip = await log_in(browser, server, "alpha", "alice")

        assert trip.callback.status_code == 302 and trip.callback.headers["location"] == "/#lobby"
        set_cookie = trip.callback.headers["set-cookie"].lower()
        assert "httponly" in set_cookie and "samesite=lax" in set_cookie
        cookie = trip.callback.cookies[COOKIE_NAME]
        whoami = await me(server, cookie)
        assert whoami.status_code == 200
        assert whoami.json() == {"user_id": "oidc:alpha:alice", "name": "Alice Rossi", "provider": "alpha"}

        # The authorization request carried state, nonce and an S256 challenge of the verifier
        # the server later sent to the token endpoint (the mock does not check it: we do).
        asked = query(trip.authorize_url)
        assert asked["code_challenge_method"] == "S256" and asked["nonce"] and asked["state"]
        assert asked["scope"].split() == ["openid", "profile", "email"]
        [token_request] = alpha.token_requests
        assert token_request["grant_type"] == "authorization_code"
        assert 43 <= len(token_request["code_verifier"]) <= 128
        assert s256(token_request["code_verifier"]) == asked["code_challenge"]
        assert token_request["redirect_uri"] == f"{server.base_url}/auth/alpha/callback"

        # The cookie works for REST and for the WebSocket.
        async with httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: cookie}) as http:
            created = await http.post("/api/games", json={"game_type": "scopa"})
            assert created.status_code == 201, created.text
        socket = await Socket.open(server, created.json()["id"], cookie)
        view = (await socket.receive())["game"]
        assert view["seat"] == 0 and view["players"][0]["name"] == "Alice Rossi"
        await socket.close()

        # Logging out ends the session on the server: the old cookie is worthless everywhere.
        browser.cookies.set(COOKIE_NAME, cookie)
        out = await browser.post(f"{server.base_url}/auth/logout")
        assert out.status_code == 200 and out.json() == {"status": "logged_out", "redirect": "/bye-alpha"}
        refused = await me(server, cookie)
        assert refused.status_code == 401 and refused.json()["code"] == "unauthorized"
        stale = await Socket.open(server, created.json()["id"], cookie)
        assert (await stale.receive())["game"]["seat"] is None
        await stale.close()


async def test_the_same_sub_at_another_provider_is_another_account(
    two_providers: dict[str, MockProvider],
) -> None:
    async with deployment(two_providers) as setup:
        server = setup.server
        async with httpx.AsyncClient() as first, httpx.AsyncClient() as second:
            at_alpha = await log_in(first, server, "alpha", "alice")
            at_beta = await log_in(second, server, "beta", "alice")
            alpha_me = (await me(server, at_alpha.callback.cookies[COOKIE_NAME])).json()
            assert at_beta.callback.status_code == 302, at_beta.callback.text
            beta_me = (await me(server, at_beta.callback.cookies[COOKIE_NAME])).json()

        assert alpha_me["user_id"] == "oidc:alpha:alice" and beta_me["user_id"] == "oidc:beta:alice"
        assert beta_me["name"] == "alice"  # no name claims: the mock's email claim is the sub
        async with httpx.AsyncClient(base_url=server.base_url) as http:
            listed = (await http.get("/api/auth/providers")).json()
            first_provider = await http.get("/auth/login")
        assert listed == {
            "providers": [
                {"name": "alpha", "kind": "oidc", "login_url": "/auth/alpha/login"},
                {"name": "beta", "kind": "oidc", "login_url": "/auth/beta/login"},
            ],
            "guest": False,
        }
        assert first_provider.status_code == 302 and first_provider.headers["location"] == "/auth/alpha/login"


async def test_a_wrong_state_is_refused(two_providers: dict[str, MockProvider]) -> None:
    async with deployment(two_providers) as setup, httpx.AsyncClient() as browser:
        authorize_url = await start_login(browser, setup.server, "alpha")
        callback_url = await grant(browser, authorize_url, "mallory")
        forged = callback_url.replace(f"state={query(callback_url)['state']}", "state=forged-state")

        refused = await browser.get(forged)

        assert refused.status_code == 401 and refused.json()["code"] == "unauthorized"
        assert COOKIE_NAME not in refused.cookies


async def test_a_replayed_callback_is_refused(two_providers: dict[str, MockProvider]) -> None:
    async with deployment(two_providers) as setup, httpx.AsyncClient() as browser:
        trip = await log_in(browser, setup.server, "alpha", "alice")
        assert trip.callback.status_code == 302

        replayed = await browser.get(trip.callback_url)

        assert replayed.status_code == 401 and COOKIE_NAME not in replayed.cookies


async def test_a_replayed_authorization_code_is_refused_even_with_a_fresh_state(
    two_providers: dict[str, MockProvider],
) -> None:
    async with deployment(two_providers) as setup, httpx.AsyncClient() as browser:
        used = await log_in(browser, setup.server, "alpha", "alice")
        assert used.callback.status_code == 302
        fresh_state = query(await start_login(browser, setup.server, "alpha"))["state"]
        old_code = query(used.callback_url)["code"]

        replayed = await browser.get(
            f"{setup.server.base_url}/auth/alpha/callback", params={"code": old_code, "state": fresh_state}
        )

        assert replayed.status_code == 401 and COOKIE_NAME not in replayed.cookies


async def test_a_callback_opened_in_another_browser_is_refused(
    two_providers: dict[str, MockProvider],
) -> None:
    async with deployment(two_providers) as setup:
        async with httpx.AsyncClient() as victim, httpx.AsyncClient() as attacker:
            authorize_url = await start_login(attacker, setup.server, "alpha")
            callback_url = await grant(attacker, authorize_url, "mallory")

            refused = await victim.get(callback_url)  # the attacker's login link, in the victim's browser

        assert refused.status_code == 401 and COOKIE_NAME not in refused.cookies


async def test_a_callback_at_another_provider_is_refused(two_providers: dict[str, MockProvider]) -> None:
    async with deployment(two_providers) as setup, httpx.AsyncClient() as browser:
        callback_url = await grant(browser, await start_login(browser, setup.server, "alpha"), "alice")

        refused = await browser.get(callback_url.replace("/auth/alpha/callback", "/auth/beta/callback"))

        assert refused.status_code == 401


async def test_the_session_cookie_from_before_login_is_dead_after_login(
    two_providers: dict[str, MockProvider],
) -> None:
    async with deployment(two_providers, auth_guest=True) as setup, httpx.AsyncClient() as browser:
        server = setup.server
        guest = await browser.post(f"{server.base_url}/auth/guest", json={"name": "Ospite"})
        before = guest.cookies[COOKIE_NAME]
        assert (await me(server, before)).status_code == 200

        trip = await log_in(browser, server, "alpha", "alice")
        after = trip.callback.cookies[COOKIE_NAME]

        assert after != before
        assert (await me(server, before)).status_code == 401
        assert (await me(server, after)).json()["user_id"] == "oidc:alpha:alice"
        assert LOGIN_COOKIE_NAME not in browser.cookies  # the login cookie is cleared once used


async def test_an_unknown_provider_is_not_found(two_providers: dict[str, MockProvider]) -> None:
    async with deployment(two_providers) as setup, httpx.AsyncClient(base_url=setup.server.base_url) as http:
        for path in ("/auth/gamma/login", "/auth/gamma/callback?state=x&code=y"):
            response = await http.get(path)
            assert response.status_code == 404 and response.json()["code"] == "not_found"


async def test_a_login_logs_no_code_state_nonce_verifier_or_session_id_at_info(
    two_providers: dict[str, MockProvider], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with deployment(two_providers) as setup, httpx.AsyncClient() as browser:
        trip = await log_in(browser, setup.server, "alpha", "alice")
        await browser.get(f"{setup.server.base_url}/auth/alpha/callback", params={"state": "x", "code": "y"})

    asked, answered = query(trip.authorize_url), query(trip.callback_url)
    verifier = two_providers["alpha"].token_requests[0]["code_verifier"]
    secrets = [answered["code"], asked["state"], asked["nonce"], verifier, trip.callback.cookies[COOKIE_NAME]]
    # werkzeug is the provider, httpx the browser (the server's own httpx lines name only the
    # discovery, JWKS and token endpoint URLs, which carry no secret).
    ours = [r for r in caplog.records if r.levelno >= logging.INFO and r.name not in ("werkzeug", "httpx")]
    assert any("logged in" in record.getMessage() for record in ours)
    for record in ours:
        text = record.getMessage()
        assert not any(secret in text for secret in secrets), f"{record.name}: {text!r}"


async def play_a_rated_scopa(server: RunningServer, first: str, second: str) -> None:
    """Two logged-in players (by their session cookies) play a scopa to one point."""
    async with httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: first}) as http:
        table = (
            await http.post("/api/games", json={"game_type": "scopa", "options": {"target_score": 1}})
        ).json()
    async with httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: second}) as http:
        assert (await http.post("/api/games/join", json={"code": table["join_code"]})).status_code == 200
    sockets = [await Socket.open(server, table["id"], cookie) for cookie in (first, second)]
    await asyncio.gather(*(play_until_game_over(socket) for socket in sockets))
    for socket in sockets:
        await socket.close()
    async with httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: first}) as http:
        for _ in range(100):  # the result is recorded a moment after the last move
            if (await http.get("/api/me/matches")).json()["matches"]:
                return
            await asyncio.sleep(0.05)
    raise AssertionError("the match was never recorded")


async def test_a_guest_signs_in_and_keeps_their_history_and_rating_only_on_a_new_account(
    two_providers: dict[str, MockProvider],
) -> None:
    settings = {"auth_guest": True, "ws_rate_per_second": 1000.0, "ws_rate_burst": 1000}
    async with deployment(two_providers, **settings) as setup:
        server = setup.server
        async with (
            httpx.AsyncClient(base_url=server.base_url) as guest,
            httpx.AsyncClient(base_url=server.base_url) as rival,
        ):
            ospite = (await guest.post("/auth/guest", json={"name": "Ospite"})).json()
            await rival.post("/auth/guest", json={"name": "Rivale"})
            await play_a_rated_scopa(server, guest.cookies[COOKIE_NAME], rival.cookies[COOKIE_NAME])
            before = (await guest.get("/api/me/ratings")).json()["ratings"]
            assert [r["game_type"] for r in before] == ["scopa"]

            # The guest signs in at alpha asking to keep the games: a new account takes them.
            start = await guest.get("/auth/alpha/login", params={"keep": "guest"})
            callback_url = await grant(guest, start.headers["location"], "gina")
            callback = await guest.get(callback_url)
            assert (
                callback.status_code == 302 and callback.headers["location"] == "/?guest_history=kept#lobby"
            )
            whoami = (await guest.get("/api/me")).json()
            assert whoami["user_id"] == "oidc:alpha:gina"
            history = (await guest.get("/api/me/matches")).json()["matches"]
            assert len(history) == 1 and {p["user_id"] for p in history[0]["players"]} >= {"oidc:alpha:gina"}
            after = (await guest.get("/api/me/ratings")).json()["ratings"]
            assert [(r["rating"], r["matches"]) for r in after] == [
                (r["rating"], r["matches"]) for r in before
            ]
            board = (await guest.get("/api/leaderboard", params={"game_type": "scopa"})).json()
            assert ospite["user_id"] not in {e["user_id"] for e in board["entries"]}

            # Another guest's games never merge into an account that has a history of its own.
            await guest.post("/auth/logout")
            await guest.post("/auth/guest", json={"name": "Ospite due"})
            await play_a_rated_scopa(server, guest.cookies[COOKIE_NAME], rival.cookies[COOKIE_NAME])
            start = await guest.get("/auth/alpha/login", params={"keep": "guest"})
            callback = await guest.get(await grant(guest, start.headers["location"], "gina"))
            assert callback.headers["location"] == "/?guest_history=refused#lobby"
            assert len((await guest.get("/api/me/matches")).json()["matches"]) == 1, "nothing merged"
