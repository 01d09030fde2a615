"""Two server processes share one Redis: players on both see every change, and
when one process is SIGKILLed mid-match the survivor finishes it by timeouts."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import httpx

from tests.contract.redis_factories import redis_url
from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.integration.players import first_legal_move
from tests.integration.server import Guest, RunningServer, Socket

TURN_TIMEOUT = 0.15


def as_running(server: ServerProcess) -> RunningServer:
    return RunningServer(server.base_url, server.ws_url, None)


def cards_in_hands(game: dict[str, Any]) -> int:
    return int(sum(game["hand_counts"]))


async def play_moves(socket: Socket, until: asyncio.Event) -> None:
    """Play on turn (and ack summaries) until ``until`` is set."""
    acted = 0
    while not until.is_set():
        try:
            frame = await socket.receive(timeout=0.5)
        except TimeoutError:
            continue
        game = frame.get("game")
        if frame["type"] != "state" or game is None or game["version"] <= acted:
            continue
        if game["phase"] == "hand_end" and game["seat"] not in game["acknowledged"]:
            acted = game["version"]
            await socket.send({"action": "ack"})
        elif game.get("your_turn"):
            acted = game["version"]
            await socket.send(first_legal_move(game))


async def test_two_processes_serve_one_match_and_the_survivor_finishes_it(redis_prefix: str) -> None:
    env = {
        "REDIS_URL": redis_url(),
        "REDIS_KEY_PREFIX": redis_prefix,
        "DATABASE_URL": "memory://",
        "TURN_TIMEOUT_SECONDS": str(TURN_TIMEOUT),
        "HAND_ACK_TIMEOUT_SECONDS": "0.2",
        "DEADLINE_HEARTBEAT_MS": "200",
        "LOGGING_CONFIG": "",
    }
    async with tavolo_serve(env) as first, tavolo_serve(env) as second:
        one, two = as_running(first), as_running(second)
        guests = [await Guest.login(one, name) for name in ("Ada", "Bice", "Ciro", "Dina")]
        async with httpx.AsyncClient(base_url=second.base_url, cookies=guests[0].http.cookies) as via_two:
            me = await via_two.get("/api/me")
            assert me.status_code == 200 and me.json()["user_id"] == guests[0].user_id  # login shared

        created = (
            await guests[0].http.post(
                "/api/games",
                json={"game_type": "scopone_scientifico", "options": {"target_score": 11, "napola": False}},
            )
        ).json()
        sockets = [
            await Socket.open(one if seat < 2 else two, created["id"], guest.cookie)
            for seat, guest in enumerate(guests)
        ]
        for seat, guest in enumerate(guests[1:], start=1):
            joiner = (
                guest.http
                if seat < 2
                else httpx.AsyncClient(base_url=second.base_url, cookies=guest.http.cookies)
            )
            assert (
                await joiner.post("/api/games/join", json={"code": created["join_code"]})
            ).status_code == 200

        stop = asyncio.Event()
        players = [asyncio.create_task(play_moves(s, stop)) for s in sockets]
        while max((f["game"]["version"] for f in sockets[3].frames if f["type"] == "state"), default=0) < 30:  # noqa: ASYNC110
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.gather(*players)
        await asyncio.sleep(TURN_TIMEOUT)  # a move still in flight lands before "current" is read
        current = (await guests[0].http.get(f"/api/games/{created['id']}")).json()["version"]
        for s in sockets:  # every player, on either process, reaches the latest state by push alone
            if not any(f["type"] == "state" and f["game"]["version"] >= current for f in s.frames):
                await s.until(lambda f: f["type"] == "state" and f["game"]["version"] >= current, timeout=10)
        seen = [[f["game"]["version"] for f in s.frames if f["type"] == "state"] for s in sockets]
        for versions in seen:
            # in order; a version may come twice only as the answer to a message that changed
            # nothing (a second ack sent before the first one's state arrived)
            assert versions == sorted(versions), "states arrive in order"
            assert versions[-1] >= current

        assert (await guests[3].http.get(f"{second.base_url}/api/games/{created['id']}")).json()[
            "status"
        ] == "playing"
        first.kill()
        watcher = sockets[3]
        over = await watcher.until(lambda f: f["type"] == "game_over", timeout=240)
        assert over["winner"] in {"A", "B"}

        states = [f["game"] for f in watcher.frames if f["type"] == "state"]
        survivor_moves = 0
        for previous, game in itertools.pairwise(states):
            if game["version"] <= current or game["version"] != previous["version"] + 1:
                continue
            if (
                game["phase"] == previous["phase"] == "playing"
                and game["hand_number"] == previous["hand_number"]
            ):
                # One version, one card: a deadline that fired twice in effect would play two.
                assert cards_in_hands(game) == cards_in_hands(previous) - 1
                fired_at = game["turn_deadline"] - TURN_TIMEOUT
                assert fired_at >= previous["turn_deadline"] - 1e-6, "a turn deadline fired early"
                survivor_moves += 1
        assert survivor_moves >= 5, "the survivor played the rest of the match by timeouts"

        for s in sockets[2:]:
            await s.close()
        for g in guests:
            await g.close()
