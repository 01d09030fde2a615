"""Suggestions over a real WebSocket, worked out by the server's own thinking processes: a person on
turn against the computer gets a ``suggestion`` frame with one of their legal moves on their socket
alone, everyone's state frame says ``suggested``, and the person still plays by their own move. Off
turn, to a spectator and at a table of people the answer is an error frame, and the socket goes on."""

from __future__ import annotations

from typing import Any

from entrypoints.http.frame_schemas import SuggestionFrameSchema
from tests.integration.server import Guest, Socket, running_server, server_settings

SLOW_COMPUTER = 1.5
"""Seconds the computer player waits before its move: the person's socket asks meanwhile."""


def state_at(version: int) -> Any:
    return lambda frame: frame["type"] == "state" and frame["game"]["version"] >= version


async def seen_or_next(socket: Socket, predicate: Any) -> dict[str, Any]:
    """The first frame received so far that satisfies ``predicate``, else the next one that does (the
    server sends a state frame and a suggestion frame in either order)."""
    for frame in socket.frames:
        if predicate(frame):
            return frame
    return await socket.until(predicate)


async def my_turn(socket: Socket) -> dict[str, Any]:
    frame = await socket.until(lambda f: f["type"] == "state" and f["game"].get("your_turn"), timeout=15)
    game: dict[str, Any] = frame["game"]
    return game


async def test_on_turn_against_the_computer_a_legal_move_is_suggested_to_the_persons_socket_alone() -> None:
    settings = server_settings(bot_move_delay_seconds=SLOW_COMPUTER)
    async with running_server(settings) as server:
        anna = await Guest.login(server, "Anna")
        created = await anna.http.post("/api/games/computer", json={"game_type": "briscola", "level": "easy"})
        assert created.status_code == 201, created.text
        game_id = created.json()["id"]
        mine = await Socket.open(server, game_id, anna.cookie)
        watcher = await Socket.open(server, game_id)
        game = await my_turn(mine)
        assert game["suggestions"] is True

        await mine.send({"action": "suggest"})
        suggestion = await mine.until(lambda f: f["type"] in {"suggestion", "error"}, timeout=15)
        marked = await seen_or_next(mine, state_at(game["version"] + 1))

        assert suggestion["type"] == "suggestion", suggestion
        assert SuggestionFrameSchema().validate(suggestion) == {}
        assert suggestion["version"] == game["version"] + 1
        assert suggestion["action"] in game["legal_moves"]
        assert marked["events"] == [{"kind": "suggested", "seat": game["seat"]}]
        assert marked["game"]["hand"] == game["hand"] and marked["game"]["your_turn"]
        seen = await seen_or_next(watcher, state_at(game["version"] + 1))
        assert seen["events"] == [{"kind": "suggested", "seat": game["seat"]}]

        await watcher.send({"action": "suggest"})
        refused = await watcher.until(lambda f: f["type"] == "error")
        assert refused["code"] == "forbidden"

        await mine.send(suggestion["action"])
        played = await mine.until(state_at(game["version"] + 2))
        assert played["events"][0]["kind"] == "play" and played["events"][0]["seat"] == game["seat"]
        while played["game"].get("your_turn"):  # she took the trick and leads the next: play it too
            await mine.send(played["game"]["legal_moves"][0])
            played = await mine.until(state_at(played["game"]["version"] + 1))
        await mine.send({"action": "suggest"})  # while the computer player thinks about its card
        off_turn = await mine.until(lambda f: f["type"] == "error")
        assert off_turn["code"] == "not_your_turn"
        await mine.send({"action": "state"})  # the socket goes on
        snapshot = await mine.until(lambda f: f["type"] == "state")
        assert snapshot["game"]["version"] >= played["game"]["version"]
        assert [f for f in watcher.frames if f["type"] == "suggestion"] == []
        for socket in (mine, watcher):
            await socket.close()
        await anna.close()


async def test_at_a_rated_table_of_people_suggestions_are_refused_and_not_offered() -> None:
    async with running_server(server_settings()) as server:
        anna, bruno = await Guest.login(server, "Anna"), await Guest.login(server, "Bruno")
        created = await anna.http.post("/api/games", json={"game_type": "scopa", "rated": True})
        assert created.status_code == 201, created.text
        game_id, code = created.json()["id"], created.json()["join_code"]
        joined = await bruno.http.post("/api/games/join", json={"code": code})
        assert joined.status_code == 200, joined.text
        sockets = [await Socket.open(server, game_id, guest.cookie) for guest in (anna, bruno)]
        states = [await socket.until(lambda f: f["type"] == "state") for socket in sockets]
        assert all(state["game"]["suggestions"] is False for state in states)
        assert all(state["game"]["rated"] is True for state in states)
        on_turn = next(s for s, state in zip(sockets, states, strict=True) if state["game"].get("your_turn"))

        await on_turn.send({"action": "suggest"})
        refused = await on_turn.until(lambda f: f["type"] == "error")

        assert refused["code"] == "suggestions_unavailable"
        await on_turn.send({"action": "state"})
        again = await on_turn.until(lambda f: f["type"] == "state")
        assert again["game"]["version"] == states[0]["game"]["version"], "nothing was marked"
        for socket in sockets:
            await socket.close()
        await anna.close()
        await bruno.close()
