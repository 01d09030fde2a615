"""A dropped WebSocket comes back on its own and resyncs: a move made meanwhile shows up."""

from __future__ import annotations

import json
import re

from playwright.async_api import Browser, WebSocketRoute, expect

from tests.browser.pages import create_table, open_guest, wait_for_turn
from tests.browser.scripted import guests, join
from tests.integration.players import first_legal_move
from tests.integration.server import RunningServer, Socket


async def test_the_table_reconnects_and_resyncs_after_the_socket_drops(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    connections: list[WebSocketRoute] = []
    sent: list[list[dict[str, object]]] = []

    async def record(ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()
        messages: list[dict[str, object]] = []
        connections.append(ws)
        sent.append(messages)

        def forward(message: str | bytes) -> None:
            messages.append(json.loads(message))
            upstream.send(message)

        ws.on_message(forward)

    await anna.page.route_web_socket(re.compile(r"/ws/games/"), record)
    code = await create_table(anna, "scopa")
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]
    bruno_socket = await Socket.open(server, game_id, bruno.cookie)
    bruno_turn = await bruno_socket.until(lambda f: f["type"] == "state" and f["game"].get("your_turn"))
    await expect(anna.table).to_have_attribute("data-phase", "playing")
    assert len(connections) == 1

    await connections[0].close()
    await bruno_socket.send(first_legal_move(bruno_turn["game"]))  # while Anna is away
    await wait_for_turn(anna)
    assert len(connections) >= 2
    assert {"action": "state"} in sent[-1]
    await expect(anna.by("announcer")).to_contain_text("Bruno played")  # the resync said what changed
    await expect(anna.by("move-log-entry").last).to_contain_text(
        "not connected"
    )  # and the log says it missed it
    await expect(anna.by("connection")).to_be_hidden()

    await bruno_socket.close()
    await bruno.close()
    assert not anna.errors, anna.errors
