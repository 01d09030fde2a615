"""The edge's guards over a real server: Origin and CSRF checks, CORS, WebSocket limits, guessing."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from entrypoints.http.context import COOKIE_NAME
from tests.integration.server import Guest, RunningServer, Socket, running_server, server_settings

FOREIGN = "https://evil.example"
TRUSTED = "https://app.example.com"


async def new_game(guest: Guest) -> str:
    created = await guest.http.post("/api/games", json={"game_type": "scopa"})
    assert created.status_code == 201, created.text
    game_id: str = created.json()["id"]
    return game_id


async def open_socket(server: RunningServer, game_id: str, cookie: str, origin: str | None) -> Socket:
    headers = {"Cookie": f"{COOKIE_NAME}={cookie}"}
    if origin:
        headers["Origin"] = origin
    return Socket(await connect(f"{server.ws_url}/ws/games/{game_id}", additional_headers=headers))


async def close_code_after(socket: Socket) -> int | None:
    try:
        while True:
            await socket.receive(timeout=5)
    except ConnectionClosed:
        return socket.conn.close_code


# --- Origin checks on the WebSocket handshake ---------------------------------------------------


async def test_a_cross_origin_websocket_handshake_is_refused_before_it_happens() -> None:
    async with running_server() as server:
        guest = await Guest.login(server, "Anna")
        game_id = await new_game(guest)

        with pytest.raises(InvalidStatus) as refused:
            await open_socket(server, game_id, guest.cookie, origin=FOREIGN)

        assert refused.value.response.status_code == 403
        assert json.loads(refused.value.response.body or b"{}")["code"] == "forbidden"
        await guest.close()


async def test_same_origin_trusted_origin_and_originless_handshakes_are_accepted() -> None:
    async with running_server(server_settings(cors_allow_origins=(TRUSTED,))) as server:
        guest = await Guest.login(server, "Anna")
        game_id = await new_game(guest)
        for origin in (server.base_url, TRUSTED, None):
            socket = await open_socket(server, game_id, guest.cookie, origin=origin)
            assert (await socket.receive())["game"]["seat"] == 0, origin
            await socket.close()
        await guest.close()


async def test_a_wildcard_cors_policy_does_not_let_foreign_pages_open_sockets() -> None:
    async with running_server(server_settings(cors_allow_origins=("*",))) as server:
        guest = await Guest.login(server, "Anna")
        game_id = await new_game(guest)

        with pytest.raises(InvalidStatus) as refused:
            await open_socket(server, game_id, guest.cookie, origin=FOREIGN)

        assert refused.value.response.status_code == 403
        await guest.close()


# --- CSRF on state-changing requests ----------------------------------------------------------


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("text/plain", '{"game_type": "scopa"}'),
        ("application/x-www-form-urlencoded", "game_type=scopa"),
        ("multipart/form-data; boundary=x", "--x--"),
    ],
)
async def test_a_cross_site_form_post_is_refused(content_type: str, body: str) -> None:
    async with running_server() as server:
        guest = await Guest.login(server, "Anna")
        for origin in (FOREIGN, None, server.base_url):  # the content type alone is enough to refuse
            headers = {"Content-Type": content_type} | ({"Origin": origin} if origin else {})
            refused = await guest.http.post("/api/games", content=body, headers=headers)
            assert refused.status_code == 403 and refused.json()["code"] == "forbidden", origin
        assert (await guest.http.get("/api/me/games")).json() == []  # nothing was created
        await guest.close()


async def test_a_json_post_from_a_foreign_origin_is_refused_and_from_our_own_accepted() -> None:
    async with running_server(server_settings(cors_allow_origins=(TRUSTED,))) as server:
        guest = await Guest.login(server, "Anna")
        body = {"game_type": "scopa"}

        foreign = await guest.http.post("/api/games", json=body, headers={"Origin": FOREIGN})
        cross_site = await guest.http.post("/api/games", json=body, headers={"Sec-Fetch-Site": "cross-site"})
        own = await guest.http.post("/api/games", json=body, headers={"Origin": server.base_url})
        trusted = await guest.http.post("/api/games", json=body, headers={"Origin": TRUSTED})

        assert foreign.status_code == 403 and foreign.json()["code"] == "forbidden"
        assert cross_site.status_code == 403
        assert own.status_code == 201 and trusted.status_code == 201
        await guest.close()


async def test_a_body_without_a_content_type_is_refused_but_a_bodyless_logout_is_fine() -> None:
    async with running_server() as server:
        guest = await Guest.login(server, "Anna")
        refused = await guest.http.post("/api/games/join", content=b'{"code": "ABCDEF"}')
        assert refused.status_code == 403

        out = await guest.http.post("/auth/logout")

        assert out.status_code == 200 and out.json()["status"] == "logged_out"
        await guest.close()


# --- CORS -----------------------------------------------------------------------------------------


def preflight_headers(origin: str, method: str = "POST") -> dict[str, str]:
    return {
        "Origin": origin,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": "content-type, x-requested-with",
    }


async def test_a_preflight_from_a_disallowed_origin_gets_no_cors_headers() -> None:
    for settings in (server_settings(), server_settings(cors_allow_origins=(TRUSTED,))):
        async with running_server(settings) as server, httpx.AsyncClient(base_url=server.base_url) as http:
            refused = await http.options("/api/games", headers=preflight_headers(FOREIGN))

            assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
            assert not [name for name in refused.headers if name.startswith("access-control-")]


async def test_a_preflight_from_a_trusted_origin_is_answered_with_the_policy() -> None:
    settings = server_settings(
        cors_allow_origins=(TRUSTED,),
        cors_allow_methods=("GET", "POST"),
        cors_allow_headers=("x-requested-with",),
        cors_allow_credentials=True,
        cors_max_age=120,
    )
    async with running_server(settings) as server, httpx.AsyncClient(base_url=server.base_url) as http:
        answer = await http.options("/api/games", headers=preflight_headers(TRUSTED))
        wrong_method = await http.options("/api/games", headers=preflight_headers(TRUSTED, "DELETE"))

        assert answer.status_code == 204
        assert answer.headers["access-control-allow-origin"] == TRUSTED
        assert answer.headers["access-control-allow-credentials"] == "true"
        assert answer.headers["access-control-allow-methods"] == "GET, POST"
        assert answer.headers["access-control-allow-headers"] == "content-type, x-requested-with"
        assert answer.headers["access-control-max-age"] == "120"
        assert wrong_method.status_code == 403


async def test_responses_to_allowed_origins_carry_cors_headers_and_others_do_not() -> None:
    settings = server_settings(
        cors_allow_origins=(TRUSTED,),
        cors_allow_origin_regex=r"https://tavolo-[a-z0-9-]+\.vercel\.app",
        cors_allow_credentials=True,
        cors_expose_headers=("X-Total",),
    )
    async with running_server(settings) as server, httpx.AsyncClient(base_url=server.base_url) as http:
        for origin in (TRUSTED, "https://tavolo-pr-7.vercel.app"):
            allowed = await http.get("/api/health", headers={"Origin": origin})
            assert allowed.headers["access-control-allow-origin"] == origin
            assert allowed.headers["access-control-allow-credentials"] == "true"
            assert allowed.headers["access-control-expose-headers"] == "X-Total"
            assert "origin" in allowed.headers["vary"].lower()
        for origin in (FOREIGN, "https://tavolo-pr-7.vercel.app.evil.example"):  # the regex must fullmatch
            other = await http.get("/api/health", headers={"Origin": origin})
            assert other.status_code == 200 and "access-control-allow-origin" not in other.headers


async def test_a_wildcard_policy_answers_star_and_never_reflects_the_origin_with_credentials() -> None:
    settings = server_settings(cors_allow_origins=("*",), cors_allow_credentials=True)
    async with running_server(settings) as server, httpx.AsyncClient(base_url=server.base_url) as http:
        answer = await http.get("/api/health", headers={"Origin": FOREIGN})
        preflight = await http.options("/api/health", headers=preflight_headers(FOREIGN, "GET"))

        for response in (answer, preflight):
            assert response.headers["access-control-allow-origin"] == "*"
            assert "access-control-allow-credentials" not in response.headers


# --- WebSocket frame size and message rate ---------------------------------------------------------


async def test_an_oversize_frame_closes_the_socket_with_1009() -> None:
    async with running_server(server_settings(ws_max_message_bytes=4096)) as server:
        guest = await Guest.login(server, "Anna")
        socket = await Socket.open(server, await new_game(guest), guest.cookie)
        await socket.receive()
        await socket.conn.send(json.dumps({"action": "sync", "padding": "x" * 5000}))

        assert await close_code_after(socket) == 1009
        await guest.close()


async def test_a_message_flood_closes_the_socket_with_1008() -> None:
    async with running_server(server_settings(ws_rate_per_second=5, ws_rate_burst=10)) as server:
        guest = await Guest.login(server, "Anna")
        socket = await Socket.open(server, await new_game(guest), guest.cookie)
        await socket.receive()
        for _ in range(30):
            await socket.send({"action": "sync"})

        assert await close_code_after(socket) == 1008
        await guest.close()


async def test_messages_within_the_budget_are_all_answered() -> None:
    async with running_server(server_settings(ws_rate_per_second=20, ws_rate_burst=40)) as server:
        guest = await Guest.login(server, "Anna")
        socket = await Socket.open(server, await new_game(guest), guest.cookie)
        await socket.receive()
        for _ in range(10):
            await socket.send({"action": "sync"})
            await asyncio.sleep(0.01)

        answers = [await socket.receive() for _ in range(10)]

        assert all(frame["type"] == "state" for frame in answers)
        await socket.close()
        await guest.close()


# --- join-code guessing and login routes -------------------------------------------------------------


async def test_join_code_guessing_is_limited_with_429() -> None:
    settings = server_settings(join_code_max_failures=3)
    async with running_server(settings) as server:
        host, guesser = await Guest.login(server, "Anna"), await Guest.login(server, "Mallory")
        code = (await host.http.post("/api/games", json={"game_type": "scopa"})).json()["join_code"]
        for _ in range(3):
            assert (await guesser.http.post("/api/games/join", json={"code": "ZZZZZZ"})).status_code == 404

        limited = await guesser.http.post("/api/games/join", json={"code": code})

        assert limited.status_code == 429 and limited.json()["code"] == "too_many_requests"
        # the address is limited too (every client here is 127.0.0.1), previews included
        assert (await host.http.get("/api/games/preview", params={"code": code})).status_code == 429
        await host.close()
        await guesser.close()


async def test_the_provider_agnostic_login_is_not_found_without_providers() -> None:
    async with running_server() as server, httpx.AsyncClient(base_url=server.base_url) as http:
        response = await http.get("/auth/login")

        assert response.status_code == 404 and response.json()["code"] == "not_found"
