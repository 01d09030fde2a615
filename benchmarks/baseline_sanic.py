"""The physical limit of the stack: a bare Sanic WebSocket fan-out server.

It speaks just enough of tavolo's protocol for the same load client to drive it:
``POST /games`` creates a game (``{"id": ...}``), ``/ws/games/<id>?seat=N`` opens a
seat's socket, and every message received on any of a game's sockets bumps the
game's version and sends each of its four sockets a ``state`` frame padded to the
product's typical state size. No rules, no storage, no views: only the I/O.

``GET /health`` is the liveness probe; ``GET /lag`` reports this process's own
event-loop lag (a 10 ms ticker), which the product does not have: it exists only
here, to calibrate the external probe the benchmark uses for every server.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import time

from sanic import Request, Sanic, Websocket
from sanic.response import HTTPResponse
from sanic.response import json as json_response

TICK = 0.01


class Table:
    __slots__ = ("sockets", "turn", "version")

    def __init__(self) -> None:
        self.version = 1
        self.turn = 0
        self.sockets: dict[int, Websocket] = {}


def create_app(pad_bytes: int) -> Sanic:
    app = Sanic("tavolo_baseline", configure_logging=False)
    app.config.WEBSOCKET_MAX_SIZE = 64 * 1024
    app.config.KEEP_ALIVE_TIMEOUT = 30
    tables: dict[str, Table] = {}
    ids = itertools.count(1)
    pad = "x" * pad_bytes
    lags: list[float] = []

    def frame(table: Table, seat: int) -> str:
        game = {"version": table.version, "turn": table.turn, "seat": seat, "phase": "playing"}
        if seat == table.turn:
            game["your_turn"] = True
            game["legal_moves"] = [{"action": "play", "card": "01D"}]
        game["pad"] = pad
        return json.dumps({"type": "state", "game": game}, separators=(",", ":"))

    @app.get("/health")
    async def health(request: Request) -> HTTPResponse:
        return json_response({"status": "ok"})

    @app.get("/lag")
    async def lag(request: Request) -> HTTPResponse:
        samples = sorted(lags)
        lags.clear()
        if not samples:
            return json_response({"count": 0})
        pick = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]  # noqa: E731
        return json_response({"count": len(samples), "p50": pick(0.5), "p99": pick(0.99), "max": samples[-1]})

    @app.post("/games")
    async def create(request: Request) -> HTTPResponse:
        game_id = f"g{next(ids)}"
        tables[game_id] = Table()
        return json_response({"id": game_id})

    @app.websocket("/ws/games/<game_id:str>")
    async def socket(request: Request, ws: Websocket, game_id: str) -> None:
        table = tables.get(game_id)
        if table is None:
            await ws.close(code=4404)
            return
        seat = int(request.args.get("seat", "0"))
        table.sockets[seat] = ws
        await ws.send(frame(table, seat))
        try:
            async for _raw in ws:
                table.version += 1
                table.turn = (table.turn + 1) % 4
                await asyncio.gather(
                    *(other.send(frame(table, s)) for s, other in list(table.sockets.items())),
                    return_exceptions=True,
                )
        finally:
            if table.sockets.get(seat) is ws:
                del table.sockets[seat]

    @app.after_server_start
    async def start_ticker(app: Sanic) -> None:
        async def ticker() -> None:
            while True:
                before = time.perf_counter()
                await asyncio.sleep(TICK)
                lags.append(max(0.0, time.perf_counter() - before - TICK))
                if len(lags) > 100_000:
                    del lags[:50_000]

        app.ctx.ticker = asyncio.create_task(ticker())

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8090)
    parser.add_argument("--pad-bytes", type=int, default=1500)
    args = parser.parse_args()
    app = create_app(args.pad_bytes)
    app.run(host=args.host, port=args.port, single_process=True, access_log=False, motd=False)


if __name__ == "__main__":
    main()
