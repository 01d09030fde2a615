"""A dropped WebSocket comes back on its own and resyncs; a move made before a socket opens waits for it."""

from __future__ import annotations

import asyncio
import json
import re

from playwright.async_api import Browser, WebSocketRoute, expect

from tests.browser.pages import create_table, open_guest, play_a_card, wait_for_turn
from tests.browser.screens import switch_language
from tests.browser.scripted import guests, join, playing
from tests.browser.table_life import game_id_of
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


async def test_a_move_made_as_the_table_is_redrawn_waits_for_its_socket(
    browser: Browser, server: RunningServer
) -> None:
    """Switching the language draws the table anew with a socket of its own; a card clicked before
    that socket has opened (here its handshake takes 1.5 s) is played once it opens, not refused."""
    anna = await open_guest(browser, server, "Anna")
    opened = 0

    async def slow_after_the_first(ws: WebSocketRoute) -> None:
        nonlocal opened
        opened += 1
        if opened > 1:
            await asyncio.sleep(1.5)
        ws.connect_to_server()

    await anna.page.route_web_socket(re.compile(r"/ws/games/"), slow_after_the_first)
    code = await create_table(anna, "briscola")
    (bruno,) = await guests(server, ["Bruno"])
    await join(bruno, code)
    async with playing(server, game_id_of(anna), [bruno]):
        await wait_for_turn(anna)
        version = await anna.version()
        await switch_language(anna, "it")
        await play_a_card(anna)
        assert await anna.wait_for_version_after(version)  # her turn: only her move moves the game on
        await expect(anna.by("error")).to_be_hidden()
        assert opened == 2
    assert not anna.errors, anna.errors
