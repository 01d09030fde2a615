"""Every kind of bad input gets an error with a stable code; the socket stays
open and the game is exactly as it was."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus

from application.playing.live_games import LiveGames
from domain.games.fishing import SCOPONE
from tests.integration.server import Guest, RunningServer, Socket, running_server, server_settings
from tests.unit.games.fishing.builders import position

# Seat 1 is on turn holding the 5 of denari; the table offers an equal-rank
# capture (05C) and a sum (02D + 03B): only the equal rank is legal.
HANDS = {0: "06D 06C", 1: "05D 09C", 2: "06S 06B", 3: "09S 09B"}
TABLE = "05C 02D 03B"


@dataclass
class Table:
    server: RunningServer
    guests: list[Guest]
    sockets: list[Socket]
    game_id: str
    code: str

    @property
    def games(self) -> LiveGames:
        games: LiveGames = self.server.games
        return games


async def seat_four(server: RunningServer) -> tuple[list[Guest], str, str]:
    guests = [await Guest.login(server, name) for name in ("Ada", "Bea", "Cid", "Dea")]
    created = (await guests[0].http.post("/api/games", json={"game_type": "scopone_scientifico"})).json()
    for guest in guests[1:]:
        await guest.http.post("/api/games/join", json={"code": created["join_code"]})
    return guests, created["id"], created["join_code"]


async def install(games: LiveGames, game_id: str, state: Any) -> None:
    session = await games.store.get(game_id)
    assert session is not None
    arranged = dataclasses.replace(session, state=SCOPONE.dump(state), version=session.version + 1)
    assert await games.commits.commit(arranged, session.version, ())


@pytest.fixture
async def table() -> AsyncIterator[Table]:
    async with running_server(server_settings()) as server:
        guests, game_id, code = await seat_four(server)
        await install(server.games, game_id, position(SCOPONE, HANDS, table=TABLE, turn=1))
        sockets = [await Socket.open(server, game_id, g.cookie) for g in guests]
        for s in sockets:
            assert (await s.receive())["type"] == "state"
        yield Table(server, guests, sockets, game_id, code)
        for s in sockets:
            await s.close()
        for g in guests:
            await g.close()


async def refused(table: Table, seat: int, raw: str, code: str) -> None:
    before = await table.games.store.get(table.game_id)
    socket = table.sockets[seat]
    await socket.conn.send(raw)
    error = await socket.receive()
    assert error["type"] == "error" and error["code"] == code, error
    assert isinstance(error["message"], str) and error["message"]
    await socket.send({"action": "state"})
    fresh = await socket.receive()
    assert fresh["type"] == "state" and fresh["game"]["version"] == before.version  # type: ignore[union-attr]
    assert await table.games.store.get(table.game_id) == before


@pytest.mark.parametrize(
    ("seat", "raw", "code"),
    [
        (1, "{not json", "invalid_action"),
        (1, "[1, 2]", "invalid_action"),
        (1, '{"card": "05D"}', "invalid_action"),
        (1, '{"action": "dance"}', "invalid_action"),
        (1, '{"action": "play", "card": "5D"}', "invalid_action"),
        (1, '{"action": "play", "card": "11D"}', "invalid_action"),
        (1, '{"action": "play", "card": "05X"}', "invalid_action"),
        (1, '{"action": "play", "card": "06D"}', "illegal_move"),
        (1, '{"action": "play", "card": "05D", "capture": ["02D", "03B"]}', "illegal_move"),
        (1, '{"action": "play", "card": "05D"}', "illegal_move"),
        (1, '{"action": "play", "card": "09C", "capture": ["05C"]}', "illegal_move"),
        (1, '{"action": "ack"}', "illegal_move"),
        (2, '{"action": "play", "card": "06S"}', "not_your_turn"),
    ],
    ids=[
        "malformed-json",
        "not-an-object",
        "no-action",
        "unknown-action",
        "short-card-code",
        "rank-out-of-range",
        "unknown-suit",
        "card-not-in-hand",
        "sum-when-equal-rank-is-mandatory",
        "missing-mandatory-capture",
        "capture-that-does-not-add-up",
        "ack-while-playing",
        "out-of-turn",
    ],
)
async def test_bad_input_is_refused_and_changes_nothing(table: Table, seat: int, raw: str, code: str) -> None:
    await refused(table, seat, raw, code)


async def test_the_refusal_never_names_a_card_of_another_hand(table: Table) -> None:
    await table.sockets[1].send({"action": "play", "card": "06D"})
    error = await table.sockets[1].receive()
    assert not any(card in error["message"] for card in ["06C", "06S", "06B", "09S", "09B"])


async def test_a_spectator_may_not_play(table: Table) -> None:
    spectator = await Socket.open(table.server, table.game_id)
    await spectator.receive()
    await spectator.send({"action": "play", "card": "05D", "capture": ["05C"]})
    assert (await spectator.receive())["code"] == "forbidden"
    await spectator.send({"action": "state"})
    assert (await spectator.receive())["game"]["spectator"] is True
    await spectator.close()


async def test_the_mandatory_capture_is_accepted_after_the_refusals(table: Table) -> None:
    await refused(table, 1, '{"action": "play", "card": "05D"}', "illegal_move")
    await table.sockets[1].send({"action": "play", "card": "05D", "capture": ["05C"]})
    frame = await table.sockets[1].until(lambda f: f["type"] == "state")
    assert sorted(frame["game"]["table"]) == ["02D", "03B"]


async def test_playing_during_the_hand_end_summary_is_refused(table: Table) -> None:
    session = await table.games.store.get(table.game_id)
    assert session is not None and session.state is not None
    state = SCOPONE.load(session.state)
    rng = random.Random(3)
    while SCOPONE.view(state, None)["phase"] != "hand_end":
        (deadline,) = SCOPONE.deadlines(state)
        state = SCOPONE.fire(state, deadline.token, deadline.due, rng).state
    await install(table.games, table.game_id, state)
    for socket in table.sockets:  # the installed state is a change like any other: announced
        await socket.until(lambda f: f["type"] == "state" and f["game"]["phase"] == "hand_end")
    await refused(table, 1, '{"action": "play", "card": "05D"}', "illegal_move")


async def test_joining_a_full_or_unknown_table_and_bad_options_get_clear_errors(table: Table) -> None:
    late = await Guest.login(table.server, "Eva")
    full = await late.http.post("/api/games/join", json={"code": table.code})
    assert full.status_code == 409 and full.json()["code"] == "game_full"
    unknown = await late.http.post("/api/games/join", json={"code": "ZZZZZZ"})
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"
    bad = await late.http.post(
        "/api/games", json={"game_type": "scopone_scientifico", "options": {"napola": 3}}
    )
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_options"
    malformed = await late.http.post(
        "/api/games", content=b"{oops", headers={"Content-Type": "application/json"}
    )
    assert malformed.status_code == 400 and malformed.json()["code"] == "invalid_action"
    anonymous = await httpx.AsyncClient(base_url=table.server.base_url).post("/api/games", json={})
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "unauthorized"
    await late.close()


async def test_an_unknown_game_is_refused_before_the_handshake(table: Table) -> None:
    with pytest.raises(InvalidStatus) as refused_handshake:
        await Socket.open(table.server, "00000000-0000-0000-0000-000000000000")
    assert refused_handshake.value.response.status_code == 404
