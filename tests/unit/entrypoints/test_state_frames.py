"""A state frame carries the server's clock as the frame is sent, so a client whose own clock is
off can count down to the view's deadlines, which the same clock set."""

from __future__ import annotations

from typing import Any, cast

import orjson
from sanic import Websocket

from adapters.memory.clock import FakeClock
from entrypoints.http.frames import state_frame
from entrypoints.http.ws import SocketSubscriber


class RecordingSocket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, data: str) -> None:
        self.sent.append(orjson.loads(data))


def test_a_state_frame_holds_the_view_its_events_and_the_servers_time() -> None:
    view = {"phase": "playing", "version": 3}
    events = [{"kind": "play", "seat": 1}]
    frame = state_frame(view, events, 1_700_000_012.25)
    assert frame == {"type": "state", "game": view, "events": events, "server_time": 1_700_000_012.25}


async def test_each_state_frame_is_stamped_with_the_clock_the_deadlines_are_set_by_when_it_is_sent() -> None:
    clock, socket = FakeClock(), RecordingSocket()
    subscriber = SocketSubscriber(cast(Websocket, socket), "u1", clock)
    view = {"phase": "playing", "version": 1, "turn_deadline": clock.now() + 30.0}
    await subscriber.show(view, [], None)
    clock.advance(12.5)
    over = {"scores": {"A": 11, "B": 4}, "winner": "A", "hands": [], "rated": True}
    await subscriber.show({**view, "version": 2}, [], over)

    states = [frame for frame in socket.sent if frame["type"] == "state"]
    start = FakeClock.DEFAULT_START
    assert [frame["server_time"] for frame in states] == [start, start + 12.5]
    assert states[1]["game"]["turn_deadline"] - states[1]["server_time"] == 17.5
    assert "server_time" not in socket.sent[-1], "only state frames are stamped"
