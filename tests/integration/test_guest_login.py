"""Guest login, the session cookie, logout, and the public endpoints."""

from __future__ import annotations

import httpx

from entrypoints.http.context import COOKIE_NAME
from tests.integration.server import Guest, Socket, running_server, server_settings


async def test_a_guest_login_sets_an_httponly_samesite_lax_cookie_that_authenticates() -> None:
    async with running_server() as server, httpx.AsyncClient(base_url=server.base_url) as http:
        response = await http.post("/auth/guest", json={"name": "  Anna   Maria "})
        assert response.status_code == 201
        assert response.json()["name"] == "Anna Maria"
        assert response.json()["user_id"].startswith("guest:")
        header = response.headers["set-cookie"].lower()
        assert f"{COOKIE_NAME}=" in header and "httponly" in header and "samesite=lax" in header
        me = await http.get("/api/me")
        assert me.status_code == 200 and me.json()["user_id"] == response.json()["user_id"]


async def test_two_guests_with_the_same_name_are_different_users() -> None:
    async with running_server() as server:
        first, second = await Guest.login(server, "Anna"), await Guest.login(server, "Anna")
        assert first.user_id != second.user_id
        await first.close()
        await second.close()


async def test_after_logout_the_old_cookie_no_longer_works() -> None:
    async with running_server() as server:
        guest = await Guest.login(server, "Bruno")
        out = await guest.http.post("/auth/logout")
        assert out.status_code == 200 and out.json() == {"status": "logged_out", "redirect": "/"}
        async with httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: guest.cookie}) as old:
            refused = await old.get("/api/me")
            assert refused.status_code == 401 and refused.json()["code"] == "unauthorized"
        await guest.close()


async def test_a_get_of_logout_only_leads_to_the_confirmation_and_the_session_goes_on() -> None:
    async with running_server() as server:
        guest = await Guest.login(server, "Carla")
        response = await guest.http.get("/auth/logout")
        assert response.status_code == 303 and response.headers["location"] == "/#/logout"
        assert "set-cookie" not in response.headers
        async with httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: guest.cookie}) as same:
            assert (await same.get("/api/me")).status_code == 200
        await guest.close()


async def test_a_logout_from_a_foreign_page_is_refused_and_the_session_goes_on() -> None:
    async with running_server() as server:
        guest = await Guest.login(server, "Dora")
        foreign = await guest.http.post("/auth/logout", headers={"Origin": "https://evil.example"})
        cross_site = await guest.http.post("/auth/logout", headers={"Sec-Fetch-Site": "cross-site"})
        form = await guest.http.post("/auth/logout", data={"x": "1"})  # what a plain HTML form sends

        for refused in (foreign, cross_site, form):
            assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
        assert (await guest.http.get("/api/me")).status_code == 200
        await guest.close()


async def test_a_second_login_replaces_the_previous_session() -> None:
    async with running_server() as server:
        guest = await Guest.login(server, "Dario")
        again = await guest.http.post("/auth/guest", json={"name": "Dario"})
        assert again.cookies[COOKIE_NAME] != guest.cookie
        async with httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: guest.cookie}) as old:
            assert (await old.get("/api/me")).status_code == 401
        await guest.close()


async def test_bad_guest_names_are_refused() -> None:
    async with running_server() as server, httpx.AsyncClient(base_url=server.base_url) as http:
        for body in ({"name": ""}, {"name": "   "}, {"name": 7}, {}, {"name": "x" * 100}):
            response = await http.post("/auth/guest", json=body)
            assert response.status_code == 400 and response.json()["code"] == "invalid_action", body


async def test_guest_login_can_be_turned_off() -> None:
    async with (
        running_server(server_settings(auth_guest=False)) as server,
        httpx.AsyncClient(base_url=server.base_url) as http,
    ):
        response = await http.post("/auth/guest", json={"name": "Ezio"})
        assert response.status_code == 403
        assert (await http.get("/api/auth/providers")).json() == {"providers": [], "guest": False}


async def test_public_endpoints_answer_without_login() -> None:
    async with running_server() as server, httpx.AsyncClient(base_url=server.base_url) as http:
        assert (await http.get("/api/health")).json() == {"status": "ok"}
        providers = (await http.get("/api/auth/providers")).json()
        assert providers["guest"] is True and providers["providers"][0]["login_url"] == "/auth/guest"
        types = {t["id"] for t in (await http.get("/api/game-types")).json()}
        assert "scopone_scientifico" in types
        assert (await http.get("/api/me/games")).status_code == 401
        missing = await http.get("/api/nothing-here")
        assert missing.status_code == 404 and missing.json()["code"] == "not_found"
        assert (await http.get("/")).status_code == 200


async def test_the_websocket_knows_the_player_by_the_session_cookie() -> None:
    async with running_server() as server:
        guest = await Guest.login(server, "Fabio")
        created = (await guest.http.post("/api/games", json={"game_type": "scopa"})).json()
        socket = await Socket.open(server, created["id"], guest.cookie)
        view = (await socket.receive())["game"]
        assert view["seat"] == 0 and view["join_code"] == created["join_code"] and view["seats_open"] == 1
        other = await Guest.login(server, "Gaia")
        await other.http.post("/api/games/join", json={"code": created["join_code"]})
        started = await socket.until(lambda f: f["type"] == "state" and f["game"]["seats_open"] == 0)
        assert len(started["game"]["hand"]) == 3
        await socket.close()
        await guest.close()
        await other.close()
