"""Does a hard computer player slow a web worker's tables? Issue 34's loop-lag comparison.

One ``tavolo serve`` worker on its embedded defaults hosts ``--tables`` tables (20), each a scripted
person against three computer players of one level (scopone scientifico: four seats). The person
plays the first legal move after a short pause and acknowledges every hand's summary. From outside,
the probe ``benchmarks/run.sh`` uses (``loadclient.probe``: a trivial GET every 50 ms on a kept-alive
connection) measures how long a request waits behind the worker's event loop. The run is done once
with ``normal`` computers and once with ``hard`` ones (their moves worked out in the worker's
thinking process, ``THINKING_PROCESSES``); the report gives both probes' p50/p99 and the difference.

    .venv/bin/python benchmarks/computer_lag.py [--tables 20] [--window 60] [--json OUT]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from loadclient import probe

from tests.integration.server import free_port

GAME_TYPE = "scopone_scientifico"
COOKIE = "tavolo_session"


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def person(base: str, ws: str, index: int, level: str, stop_at: float, counts: dict[str, int]) -> None:
    """One scripted person at a table against three computer players of ``level``, table after
    table until ``stop_at``."""
    rng = random.Random(index)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        login = await http.post("/auth/guest", json={"name": f"Persona {index}"})
        cookie = login.cookies[COOKIE]
        while time.perf_counter() < stop_at:
            created = await http.post("/api/games/computer", json={"game_type": GAME_TYPE, "level": level})
            game_id = created.json()["id"]
            headers = {"Cookie": f"{COOKIE}={cookie}"}
            async with connect(f"{ws}/ws/games/{game_id}", additional_headers=headers) as socket:
                acted = 0
                while time.perf_counter() < stop_at:
                    try:
                        frame = json.loads(await asyncio.wait_for(socket.recv(), 60))
                    except TimeoutError:
                        continue
                    if frame["type"] == "game_over":
                        counts["matches"] += 1
                        break
                    game = frame.get("game")
                    if frame["type"] != "state" or game is None or game["version"] <= acted:
                        continue
                    if game.get("phase") == "hand_end" and game["seat"] not in game.get("acknowledged", []):
                        acted = game["version"]
                        await socket.send(json.dumps({"action": "ack"}))
                    elif game.get("your_turn"):
                        acted = game["version"]
                        await asyncio.sleep(rng.uniform(0.3, 1.2))
                        await socket.send(json.dumps(dict(game["legal_moves"][0])))
                        counts["moves"] += 1


async def one_level(level: str, tables: int, warm: float, window: float) -> dict[str, Any]:
    port = free_port()
    env = {
        **os.environ,
        "APP_HOST": "127.0.0.1",
        "APP_PORT": str(port),
        "REDIS_URL": "",
        "DATABASE_URL": "memory://",
        "LOG_LEVEL": "WARNING",
        "WS_RATE_PER_SECOND": "10000",
        "WS_RATE_BURST": "10000",
    }
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed below
    server = subprocess.Popen(  # noqa: ASYNC220 - started once, not waited on
        [sys.executable, "-m", "entrypoints.cli", "serve"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(timeout=2) as http:
            for _ in range(100):
                try:
                    if (await http.get(f"{base}/api/health/live")).status_code == 200:
                        break
                except httpx.TransportError:
                    await asyncio.sleep(0.2)
        counts = {"moves": 0, "matches": 0}
        start = time.perf_counter()
        stop_at = start + warm + window
        people = [asyncio.create_task(person(base, ws, i, level, stop_at, counts)) for i in range(tables)]
        await asyncio.sleep(warm)
        samples: list[float] = []
        moves_before = counts["moves"]
        await probe(f"{base}/api/health/live", samples, stop_at)
        done = await asyncio.gather(*people, return_exceptions=True)
        failures = [repr(result) for result in done if isinstance(result, BaseException)]
        return {
            "level": level,
            "tables": tables,
            "window_s": window,
            "probes": len(samples),
            "probe_p50_ms": round(1000 * statistics.median(samples), 2),
            "probe_p99_ms": round(1000 * percentile(samples, 0.99), 2),
            "person_moves_in_window": counts["moves"] - moves_before,
            "failures": failures[:3],
        }
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        log.close()


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--warm", type=float, default=10.0)
    parser.add_argument("--window", type=float, default=60.0)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    rows = [await one_level(level, args.tables, args.warm, args.window) for level in ("normal", "hard")]
    for row in rows:
        print(json.dumps(row))
    print(f"hard - normal probe p99: {rows[1]['probe_p99_ms'] - rows[0]['probe_p99_ms']:.2f} ms")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
