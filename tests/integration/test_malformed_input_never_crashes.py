"""Malformed input that used to escape as a crash: a closed socket with no error frame, or a 500.

Each is now a 4xx with a JSON body, or an ``error`` frame after which the socket and the game go on;
and a failure nobody foresaw while handling a message is an ``internal`` error frame, not a
closed socket.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

import application.playing.play
import entrypoints.http.ws
from entrypoints.config import Settings
from tests.conftest import service_unavailable
from tests.integration.server import Guest, RunningServer, Socket, running_server, server_settings

UNICODE_DIGIT_CARDS = [
    "\u00b2\u00b3D",
    "\u0660\u0667D",
    "\uff10\uff17D",
]  # superscript, Arabic-Indic, fullwidth
SEATS = {
    "scopone_scientifico": 4,
    "scopa": 2,
    "scopa_a_quattro": 4,
    "briscola": 2,
    "briscola_a_quattro": 4,
    "briscola_chiamata": 5,
}
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")
CARD_CODE = re.compile(r"(?<![0-9A-Za-z])(0[1-9]|10)[DCSB](?![0-9A-Za-z])")


async def seated_match(server: RunningServer, game_type: str, options: dict[str, Any] | None = None) -> Match:
    """Every seat taken (the match started), each player with an open socket past its first state."""
    guests = [await Guest.login(server, name) for name in NAMES[: SEATS[game_type]]]
    created = await guests[0].http.post("/api/games", json={"game_type": game_type, "options": options or {}})
    game_id = created.json()["id"]
    for guest in guests[1:]:
        joined = await guest.http.post("/api/games/join", json={"code": created.json()["join_code"]})
        assert joined.status_code == 200, joined.text
    sockets = [await Socket.open(server, game_id, g.cookie) for g in guests]
    for socket in sockets:
        assert (await socket.receive())["type"] == "state"
    return Match(game_id, guests, sockets)


@dataclass
class Match:
    game_id: str
    guests: list[Guest]
    sockets: list[Socket]

    async def on_turn(self) -> tuple[Socket, dict[str, Any]]:
        """The socket of the seat to act (on turn, or yet to acknowledge the hand) and its view."""
        for guest, socket in zip(self.guests, self.sockets, strict=True):
            game = (await guest.http.get(f"/api/games/{self.game_id}")).json()
            if game.get("your_turn") or (
                game["phase"] == "hand_end" and game["seat"] not in game.get("acknowledged", [])
            ):
                return socket, game
        raise AssertionError("nobody is to act")

    async def close(self) -> None:
        for socket in self.sockets:
            await socket.close()
        for guest in self.guests:
            await guest.close()


def a_legal_move(game: dict[str, Any]) -> dict[str, Any]:
    """The first legal move: every entry is a complete action (an ack at a hand's end too)."""
    return dict(game["legal_moves"][0])


async def answer_to(socket: Socket, message: dict[str, Any], version: int) -> dict[str, Any]:
    """The frame that answers ``message``: an error, or a state at ``version`` or later (older
    states are broadcasts this socket had not read yet)."""
    await socket.send(message)
    return await socket.until(
        lambda f: f["type"] == "error" or (f["type"] == "state" and f["game"]["version"] >= version)
    )


@pytest.mark.parametrize("game_type", list(SEATS))
async def test_a_card_code_of_unicode_digits_is_an_invalid_action_and_the_game_goes_on(
    game_type: str,
) -> None:
    async with running_server(server_settings(ws_rate_per_second=1000.0, ws_rate_burst=1000)) as server:
        match = await seated_match(server, game_type)
        socket, game = await match.on_turn()
        messages: list[dict[str, Any]] = [
            {"action": action, "card": code} for code in UNICODE_DIGIT_CARDS for action in ("play", "call")
        ]
        if "scop" in game_type:  # only the fishing games read a capture list
            messages += [
                {"action": "play", "card": game["hand"][0], "capture": [code]} for code in UNICODE_DIGIT_CARDS
            ]
        for message in messages:
            answer = await answer_to(socket, message, game["version"])
            assert answer["type"] == "error" and answer["code"] == "invalid_action", (message, answer)

        moved = await answer_to(socket, a_legal_move(game), game["version"] + 1)
        assert moved["type"] == "state", moved
        await match.close()


# --- REST bodies ---------------------------------------------------------------------------------

DEEP_ARRAY = b"[" * 100_000 + b"]" * 100_000
DEEP_OBJECT = b'{"name": ' + b'{"a": ' * 5_000 + b"1" + b"}" * 5_001


@pytest.mark.parametrize("body", [DEEP_ARRAY, DEEP_OBJECT], ids=["array", "object"])
async def test_a_deeply_nested_json_body_is_a_400_with_a_json_error_on_every_route_that_reads_one(
    body: bytes,
) -> None:
    async with running_server(server_settings()) as server:
        anna = await Guest.login(server, "Anna")
        created = (await anna.http.post("/api/games", json={"game_type": "scopa"})).json()
        headers = {"Content-Type": "application/json"}
        for path in ("/auth/guest", "/api/games", "/api/games/join", f"/api/games/{created['id']}/bots"):
            response = await anna.http.post(path, content=body, headers=headers)
            assert response.status_code == 400, (path, response.status_code, response.text[:200])
            error = response.json()
            assert error["code"] == "invalid_action" and error["message"], path
        assert (await anna.http.get("/api/me")).status_code == 200  # still logged in, nothing broke
        await anna.close()


# --- the history cursor on every database ----------------------------------------------------------

ADMIN_DSN = os.environ.get("TAVOLO_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


@asynccontextmanager
async def database_url(kind: str) -> AsyncIterator[str]:
    """A fresh, migrated database of ``kind``, removed afterwards."""
    if kind == "memory":
        yield "memory://"
        return
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="tavolo-test-") as folder:
            yield f"sqlite:///{folder}/matches.sqlite3"
        return
    asyncpg = pytest.importorskip("asyncpg")
    from adapters.postgres.matches import PostgresMatchRepository

    try:
        admin = await asyncpg.connect(ADMIN_DSN, timeout=5)
    except (OSError, asyncpg.PostgresError) as error:
        service_unavailable("PostgreSQL", f"{ADMIN_DSN}: {error!r}")
        raise
    name = f"tavolo_test_{uuid.uuid4().hex}"
    try:
        # Identifiers cannot be bound; the name is ours: a fixed prefix and hex digits.
        await admin.execute(f'CREATE DATABASE "{name}"')
        dsn = urlunsplit(urlsplit(ADMIN_DSN)._replace(path="/" + name))
        repository = PostgresMatchRepository(dsn, min_size=1, max_size=2)
        await repository.open()
        try:
            await repository.migrate()
        finally:
            await repository.close()
        yield dsn
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


def cursor_of(text: str) -> str:
    import base64

    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgres"])
async def test_a_history_cursor_holding_a_nul_or_control_character_is_a_400(kind: str) -> None:
    async with database_url(kind) as url:
        settings: Settings = server_settings(database_url=url)
        async with running_server(settings) as server:
            anna = await Guest.login(server, "Anna")
            for text in ("1700000000.0|abc\x00def", "1700000000.0|\x00", "1.5|a\x1fb", "1.5|line\nbreak"):
                response = await anna.http.get("/api/me/matches", params={"cursor": cursor_of(text)})
                assert response.status_code == 400, (text, response.status_code, response.text)
                assert response.json()["code"] == "invalid_action"
            fine = await anna.http.get("/api/me/matches", params={"cursor": cursor_of(f"1.5|{uuid.uuid4()}")})
            assert fine.status_code == 200 and fine.json()["matches"] == []
            await anna.close()


# --- the WebSocket edge is total ---------------------------------------------------------------------


async def test_an_unforeseen_failure_is_an_internal_error_frame_logged_without_values_and_the_socket_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    real_act = application.playing.play.act
    held = " ".join(["07D", "of another hand,", "and a session", "cookie"])  # not on the raising line

    async def act(platform: Any, game_id: str, user_id: str | None, message: Any) -> Any:
        if message["action"] == "explode":
            raise KeyError(held)
        return await real_act(platform, game_id, user_id, message)

    monkeypatch.setattr(entrypoints.http.ws, "act", act)
    caplog.set_level(logging.INFO)
    async with running_server(server_settings()) as server:
        match = await seated_match(server, "scopa")
        socket, game = await match.on_turn()

        answer = await answer_to(socket, {"action": "explode"}, game["version"])
        assert answer == {"type": "error", "code": "internal", "message": answer["message"]}
        assert answer["message"] and not CARD_CODE.search(answer["message"])

        moved = await answer_to(socket, a_legal_move(game), game["version"] + 1)
        assert moved["type"] == "state", moved
        await match.close()

    logged = [r for r in caplog.records if "unexpected KeyError" in r.getMessage()]
    assert len(logged) == 1 and logged[0].levelno == logging.ERROR
    text = logged[0].getMessage()
    assert "Traceback" in text and "in act" in text, "the traceback says where it happened"
    assert not CARD_CODE.search(text) and "cookie" not in text, "but not what the exception held"


async def test_a_repeated_acknowledgement_is_answered_with_the_current_state() -> None:
    async with running_server(server_settings(ws_rate_per_second=1000.0, ws_rate_burst=1000)) as server:
        match = await seated_match(server, "scopa", {"target_score": 21})
        socket, game = await match.on_turn()
        while game["phase"] != "hand_end":
            answer = await answer_to(socket, a_legal_move(game), game["version"] + 1)
            assert answer["type"] == "state", answer
            socket, game = await match.on_turn()
        acked = await answer_to(socket, {"action": "ack"}, game["version"] + 1)
        assert acked["type"] == "state", acked
        again = await answer_to(socket, {"action": "ack"}, acked["game"]["version"])
        assert again["type"] == "state" and again["game"]["version"] == acked["game"]["version"]
        await match.close()
