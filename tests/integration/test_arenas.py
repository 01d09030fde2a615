"""Arenas through the HTTP API and the lobby socket of a real in-process server: who may create
one, what bad input gets, and two players paired, playing and scoring, followed live."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from application.arenas.ports import ArenaRepository
from application.identity.caller import Identity
from application.ports import LoginSessions
from domain.arenas.arena import Arena
from entrypoints.http.context import COOKIE_NAME
from tests.integration.lobby import LobbySocket
from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, RunningServer, Socket, running_server, server_settings


@pytest.fixture
async def server() -> AsyncIterator[RunningServer]:
    async with running_server(server_settings(arena_shortest_minutes=3)) as running:
        yield running


async def member(server: RunningServer, name: str) -> Guest:
    """A logged-in player with an account (not a guest): their session made as a login makes it."""
    identity = Identity(f"oidc:test:{name.lower()}", name, provider="test")
    logins: LoginSessions = await server.app.ctx.container.logins()
    session = await logins.create(identity)
    http = httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: session})
    return Guest(name, http, session, identity.user_id)


async def until_arena(lobby: LobbySocket, holds: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The next ``arena`` frame's view for which ``holds(view)``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        frame = await lobby.until("arena", max(0.01, end - loop.time()))
        if holds(frame["arena"]):
            view: dict[str, Any] = frame["arena"]
            return view


ARENA = {"name": "Arena della prova", "game_type": "briscola", "minutes": 3}


async def test_a_guest_may_not_create_an_arena_and_bad_ones_are_refused_with_their_code(
    server: RunningServer,
) -> None:
    guest = await Guest.login(server, "Ugo")
    anna = await member(server, "Anna")
    try:
        refused = await guest.http.post("/api/arenas", json=ARENA)
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
        for wrong, code in (
            ({"minutes": 121}, "invalid_arena"),
            ({"minutes": 2}, "invalid_arena"),
            ({"starts_at": 1_000_000.0}, "invalid_arena"),
            ({"name": ""}, "invalid_action"),
            ({"game_type": "tombola"}, "invalid_action"),
            ({"options": {"nope": 1}}, "invalid_options"),
        ):
            answer = await anna.http.post("/api/arenas", json={**ARENA, **wrong})
            assert answer.status_code == 400, (wrong, answer.text)
            assert answer.json()["code"] == code, (wrong, answer.json())
        assert (await guest.http.get("/api/arenas/nope")).json()["code"] == "not_found"
        over = Arena("over", "Finita", "briscola", starts_at=1_000_000.0, minutes=10, turn_seconds=30.0)
        arenas: ArenaRepository = await server.app.ctx.container.arena_store()
        await arenas.create(over)
        late = await guest.http.post("/api/arenas/over/join", json={})
        assert late.status_code == 409 and late.json()["code"] == "arena_finished"
    finally:
        await guest.close()
        await anna.close()


async def test_two_players_join_get_paired_play_and_see_the_standings_move(server: RunningServer) -> None:
    anna = await member(server, "Anna")
    bruno = await Guest.login(server, "Bruno")
    lobbies: list[LobbySocket] = []
    try:
        created = await anna.http.post("/api/arenas", json={**ARENA, "turn_time": 15})
        assert created.status_code == 201, created.text
        arena = created.json()
        assert arena["status"] == "running" and arena["turn_time"] == 15.0
        listed = (await bruno.http.get("/api/arenas")).json()["arenas"]
        assert [a["id"] for a in listed] == [arena["id"]]

        for player in (anna, bruno):
            lobby = await LobbySocket.open(server.ws_url, player.cookie)
            lobbies.append(lobby)
            await lobby.send({"action": "arena", "arena_id": arena["id"]})
            first = await lobby.until("arena")
            assert first["arena"]["id"] == arena["id"] and not first["arena"]["you"]["joined"]
            joined = await player.http.post(
                f"/api/arenas/{arena['id']}/join", json={"berserk": player is bruno}
            )
            assert joined.status_code == 200, joined.text

        tables = [await lobby.until("arena_table") for lobby in lobbies]
        game_id = tables[0]["game_id"]
        assert tables[1]["game_id"] == game_id
        sockets = [await Socket.open(server, game_id, player.cookie) for player in (anna, bruno)]
        try:
            overs = await asyncio.gather(*(play_until_game_over(s) for s in sockets))
        finally:
            for s in sockets:
                await s.close()
        assert overs[0]["rated"], "an arena game is rated"

        moved = await until_arena(lobbies[0], lambda view: sum(r["games"] for r in view["standings"]) == 2)
        assert moved["you"]["points"] in (0, 1, 2, 3), (
            "the lobby socket shows the points as the game is scored"
        )
        view = (await anna.http.get(f"/api/arenas/{arena['id']}")).json()
        rows = {row["name"]: row for row in view["standings"]}
        assert {row["games"] for row in rows.values()} == {1}
        assert sum(row["points"] for row in rows.values()) in (2, 3), "a win (2, +1 berserk) or a draw (1+1)"
        assert view["you"]["joined"] and view["you"]["status"] in ("waiting", "playing")
        assert {name: row["berserk"] for name, row in rows.items()} == {"Anna": False, "Bruno": True}
        assert not view["you"]["berserk"], "Anna's games are not berserk"
        games = (await anna.http.get(f"/api/arenas/{arena['id']}/games")).json()["games"]
        assert [g["game_id"] for g in games] == [game_id]
        berserk = {p["user_id"]: p["berserk"] for p in games[0]["players"]}
        assert berserk == {anna.user_id: False, bruno.user_id: True}

        paused = await bruno.http.post(f"/api/arenas/{arena['id']}/pause")
        assert paused.json()["you"]["status"] == "paused"
        mine = (await anna.http.get("/api/me/arenas")).json()["arenas"]
        assert [m["arena"]["id"] for m in mine] == [arena["id"]] and mine[0]["standing"] is None
    finally:
        for lobby in lobbies:
            await lobby.close()
        await anna.close()
        await bruno.close()
