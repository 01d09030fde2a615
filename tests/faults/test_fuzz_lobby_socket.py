"""Property-based fuzzing of the lobby's WebSocket (issue 19).

One real in-process server; a logged-in guest's lobby socket and an anonymous one receive
hypothesis-drawn messages — seeks for real and unknown game types with every kind of wait
(numbers, strings, NaN, huge, negative, nested garbage), cancels, list requests, unknown actions,
invalid JSON and binary frames — one at a time. Checked on every message: it is answered by a
frame the lobby protocol knows (``open_tables``, ``seeking``, ``seek_cancelled``, ``matched``)
or an ``error`` with a stable code, never ``internal``; afterwards both sockets still answer.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from entrypoints.errors import HTTP_STATUS
from tests.faults.figures import report
from tests.faults.test_fuzz_websocket import fit, garbage, overlong, private_loop, raw_texts
from tests.integration.lobby import LobbySocket
from tests.integration.server import Guest, running_server, server_settings

FRAMES = {"open_tables", "seeking", "seek_cancelled", "matched", "error"}
STABLE_CODES = frozenset(HTTP_STATUS) - {"internal"}
GAME_TYPES = ["briscola", "scopa", "scopone_scientifico", "briscola_chiamata", "poker", "", "BRISCOLA"]
EXAMPLES = max(10, settings().max_examples // 10)  # 10 by default, a tenth of a larger profile's

waits = st.one_of(
    st.none(),
    st.integers(-5, 700),
    st.sampled_from([0, 0.5, 15, 30, 60, 600, 601, 10**30, float("nan"), float("inf"), True, "30"]),
    garbage,
)
seeks = st.fixed_dictionaries(
    {"action": st.just("seek"), "game_type": st.sampled_from(GAME_TYPES)},
    optional={"computers_after": waits},
) | st.fixed_dictionaries(
    {"action": st.just("seek")}, optional={"game_type": garbage, "computers_after": waits}
)
messages = st.one_of(
    seeks,
    seeks,
    st.just({"action": "cancel"}),
    st.just({"action": "tables"}),
    st.fixed_dictionaries({"action": st.sampled_from(["join", "play", "state"]) | overlong | garbage}),
)
frames = st.one_of(
    messages.map(lambda message: ("text", fit(json.dumps(message)))),
    raw_texts.map(lambda text: ("text", fit(text))),
    st.binary(max_size=100).map(lambda data: ("binary", data)),
)


async def answer(lobby: LobbySocket, counted: Counter[str]) -> dict[str, Any]:
    """The frame answering the message just sent (a ``matched`` may follow a ``seeking``)."""
    frame: dict[str, Any] = json.loads(await asyncio.wait_for(lobby.conn.recv(), 10))
    counted[frame["type"] if frame["type"] != "error" else f"error:{frame['code']}"] += 1
    return frame


def test_fuzzed_lobby_messages_are_always_answered_and_never_end_a_socket() -> None:
    counted: Counter[str] = Counter()
    failures: list[Exception] = []
    with private_loop() as loop:
        server_cm = running_server(server_settings(ws_rate_per_second=1e6, ws_rate_burst=1_000_000))
        server = loop.run_until_complete(server_cm.__aenter__())
        guest = loop.run_until_complete(Guest.login(server, "Anna"))
        lobbies = [
            loop.run_until_complete(LobbySocket.open(server.ws_url, guest.cookie)),
            loop.run_until_complete(LobbySocket.open(server.ws_url)),
        ]
        for lobby in lobbies:
            loop.run_until_complete(lobby.until("open_tables"))

        async def one(lobby: LobbySocket, kind: str, body: Any) -> None:
            await lobby.conn.send(body)  # text or binary, as drawn
            frame = await answer(lobby, counted)
            assert frame["type"] in FRAMES, frame
            if frame["type"] == "error":
                assert frame["code"] in STABLE_CODES, frame
            # whatever it was, the socket answers a plain request afterwards
            await lobby.send({"action": "tables"})
            while (await answer(lobby, counted))["type"] != "open_tables":
                pass

        @given(batch=st.lists(st.tuples(st.integers(0, 1), frames), min_size=16, max_size=16))
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        def batches(batch: list[tuple[int, tuple[str, Any]]]) -> None:
            if failures:
                return
            try:
                for which, (kind, body) in batch:
                    loop.run_until_complete(one(lobbies[which], kind, body))
            except Exception as failure:  # kept from hypothesis: the sockets' state has moved on
                failures.append(failure)

        try:
            batches()
        finally:
            report(
                "fuzz lobby socket",
                messages=sum(counted.values()),
                internal_errors=counted["error:internal"],
                frames=" ".join(f"{kind}={n}" for kind, n in sorted(counted.items())),
            )
            for lobby in lobbies:
                loop.run_until_complete(lobby.close())
            loop.run_until_complete(guest.close())
            loop.run_until_complete(server_cm.__aexit__(None, None, None))
    if failures:
        raise failures[0]
    assert counted["error:internal"] == 0
