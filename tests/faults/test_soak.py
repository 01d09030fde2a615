"""A soak: scripted players over two workers while everything underneath them fails (issue 35).

``tavolo serve --workers 2`` on a private Redis (append-only, every write synced) and a private
PostgreSQL. Pairs of scripted guests play briscola matches to one point, a few at a time; each
player reconnects whenever its socket drops and answers every turn at once. Meanwhile a random
worker is SIGKILLed every few seconds (the server starts another), Redis is restarted once with
its data, and PostgreSQL is stopped once for ``SOAK_POSTGRES_DOWN_SECONDS`` (30 s), before the first
kill: that worker starts again while the database is away, and must serve all the same.

Then, for every match:

- it finished (a player was shown its end, or the table says so);
- its result is in each player's history exactly once;
- no frame either player received named a card of the other's hand at that version, nor the
  match's secret seed;
- its record (``GET /api/matches/{id}/record``) verifies (``domain.verification``);

and the server is back to its two workers.

CI runs it with ``TAVOLO_SOAK_MATCHES`` at its default (8), four at a time
(``TAVOLO_SOAK_AT_ONCE``). ``TAVOLO_SOAK_MATCHES=500 TAVOLO_SOAK_AT_ONCE=20`` is the run whose
figures ``benchmarks/RESULTS.md`` and the fault figures report.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import httpx
import pytest
import pytest_asyncio

from domain.verification import check_record
from entrypoints.game_packages import installed_registry
from entrypoints.http.context import COOKIE_NAME
from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.figures import report
from tests.faults.matches import running, server_env, tavolo_migrate, wait_for, wait_recorded
from tests.faults.services import PostgresServer, RedisServer
from tests.integration.players import first_legal_move
from tests.integration.server import Socket

pytestmark = pytest.mark.asyncio(loop_scope="module")

MATCHES = int(os.environ.get("TAVOLO_SOAK_MATCHES", "8"))
POSTGRES_DOWN_SECONDS = float(os.environ.get("TAVOLO_SOAK_POSTGRES_DOWN_SECONDS", "30"))
AT_ONCE = int(os.environ.get("TAVOLO_SOAK_AT_ONCE", "4"))  # matches under way at a time
THINKING = (0.05, 0.3)  # seconds a player takes over a move: a match lasts several seconds
KILL_EVERY = 3.0  # seconds between two worker kills, the first one second in
REDIS_RESTART_AT = 4.5  # seconds into the soak
POSTGRES_STOP_AT = 0.5  # before the first kill: its worker starts again without PostgreSQL
TURN_TIMEOUT = 2.0
WORKERS = 2
RETRY_PAUSE = 0.2
MATCH_TIMEOUT = 120.0 + POSTGRES_DOWN_SECONDS
RECORD_TIMEOUT = 90.0
# Keys whose cards are public history (a card played may be in a hand again after a new deal)
# or choices: not searched for the other seat's cards.
PUBLIC_KEYS = frozenset({"legal_moves", "last_trick", "last_play", "last_hand", "deals"})


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def serving(
    redis_server: RedisServer, postgres: PostgresServer, logging_config: str
) -> AsyncIterator[ServerProcess]:
    admin = await asyncpg.connect(postgres.dsn(), timeout=10)
    try:
        await admin.execute('CREATE DATABASE "tavolo"')
    finally:
        await admin.close()
    env = server_env(
        logging_config,
        REDIS_URL=redis_server.url,
        DATABASE_URL=postgres.dsn("tavolo"),
        TURN_TIMEOUT_SECONDS=str(TURN_TIMEOUT),
    )
    await tavolo_migrate(env)
    async with tavolo_serve(env, ("--workers", str(WORKERS))) as server:
        yield server


@dataclass
class Figures:
    kills: int = 0
    kills_skipped: int = 0  # a kill was due while a worker killed before was not back yet
    redis_restarted: float | None = None  # seconds into the soak
    postgres_stopped: float | None = None
    reconnects: int = 0
    retried_requests: int = 0
    server_errors: list[str] = field(default_factory=list)


class Client:
    """A guest's HTTP client that retries through outages: a request that cannot be answered
    now (no connection, a worker killed mid-request, 503 ``unavailable``) is sent again."""

    def __init__(self, server: ServerProcess, figures: Figures) -> None:
        self.http = httpx.AsyncClient(
            base_url=server.base_url, timeout=10, limits=httpx.Limits(max_keepalive_connections=0)
        )
        self.figures = figures
        self.cookie = ""
        self.user_id = ""

    async def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """The first answer below 500 (the caller looks at it); an outage is waited out."""
        while True:
            try:
                response = await self.http.request(method, path, **kwargs)
            except httpx.TransportError:
                response = None
            if response is not None and response.status_code < 500:
                return response
            if response is not None and response.status_code != 503:
                self.figures.server_errors.append(f"{method} {path} {response.status_code}")
            self.figures.retried_requests += 1
            await asyncio.sleep(RETRY_PAUSE)

    async def login(self, name: str) -> None:
        response = await self.request("POST", "/auth/guest", json={"name": name})
        assert response.status_code == 201, response.text
        self.cookie = response.cookies[COOKIE_NAME]
        self.user_id = str(response.json()["user_id"])

    async def close(self) -> None:
        await self.http.aclose()


class Player:
    """A scripted player of one match: plays the first legal move on every turn, acknowledges every
    deal's summary, and opens a new socket whenever its socket drops, until the match is over."""

    def __init__(self, server: ServerProcess, client: Client, game_id: str, figures: Figures) -> None:
        self.server = server
        self.client = client
        self.game_id = game_id
        self.figures = figures
        self.views: dict[int, dict[str, Any]] = {}  # every state shown, by version
        self.texts: list[str] = []  # every frame as received
        self.finished = False
        self.pace = random.Random(game_id)

    async def play(self) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + MATCH_TIMEOUT
        opened = 0
        while not self.finished and loop.time() < end:
            try:
                socket = await Socket.open(running(self.server), self.game_id, self.client.cookie)
            except Exception:  # the worker is gone, or Redis is: try again
                await asyncio.sleep(RETRY_PAUSE)
                continue
            opened += 1
            try:
                await self._play_on(socket, end)
            except Exception:  # the socket dropped: open another
                pass
            finally:
                with contextlib.suppress(Exception):
                    await socket.close()
            if not self.finished:
                await asyncio.sleep(RETRY_PAUSE)
        self.figures.reconnects += max(0, opened - 1)

    async def _play_on(self, socket: Socket, end: float) -> None:
        loop = asyncio.get_running_loop()
        acted = 0
        acked: set[Any] = set()
        await socket.send({"action": "state"})
        while loop.time() < end:
            frame = await socket.receive(timeout=max(0.1, min(TURN_TIMEOUT * 3, end - loop.time())))
            self.texts.append(json.dumps(frame))
            if frame["type"] == "game_over":
                self.finished = True
                return
            if frame["type"] != "state":
                continue
            game = frame["game"]
            self.views[int(game["version"])] = game
            if game.get("phase") == "finished":
                self.finished = True
                return
            if game["version"] <= acted:
                continue
            if game.get("phase") == "hand_end" and game["seat"] not in game.get("acknowledged", []):
                if game.get("hand_number") not in acked:
                    acked.add(game.get("hand_number"))
                    acted = game["version"]
                    await socket.send({"action": "ack"})
            elif game.get("your_turn"):
                acted = game["version"]
                await asyncio.sleep(self.pace.uniform(*THINKING))
                await socket.send(first_legal_move(game))


@dataclass
class Match:
    game_id: str
    players: tuple[Player, Player]


async def one_match(server: ServerProcess, number: int, figures: Figures) -> Match:
    host, guest = Client(server, figures), Client(server, figures)
    await host.login(f"Soak {number} A")
    await guest.login(f"Soak {number} B")
    created = await host.request(
        "POST", "/api/games", json={"game_type": "briscola", "options": {"target_score": 1}}
    )
    assert created.status_code == 201, created.text
    game_id, code = str(created.json()["id"]), str(created.json()["join_code"])
    # a join sent again after its answer was lost with a worker is accepted again: it changes nothing
    joined = await guest.request("POST", "/api/games/join", json={"code": code})
    assert joined.status_code == 200, joined.text
    players = (Player(server, host, game_id, figures), Player(server, guest, game_id, figures))
    await asyncio.gather(*(player.play() for player in players))
    return Match(game_id, players)


async def chaos(
    server: ServerProcess,
    redis_server: RedisServer,
    postgres: PostgresServer,
    figures: Figures,
    done: asyncio.Event,
) -> None:
    """Kill a random worker every ``KILL_EVERY`` seconds until ``done``; restart Redis once (with
    its data); stop PostgreSQL once for ``POSTGRES_DOWN_SECONDS``."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    pick = random.Random(35)
    postgres_back_at: float | None = None
    next_kill = start + 1.0
    while not done.is_set() or postgres_back_at is None or loop.time() < postgres_back_at:
        now = loop.time()
        if figures.postgres_stopped is None and now - start >= POSTGRES_STOP_AT:
            await asyncio.to_thread(postgres.stop, "immediate")
            figures.postgres_stopped, postgres_back_at = now - start, now + POSTGRES_DOWN_SECONDS
        if postgres_back_at is not None and now >= postgres_back_at and not postgres.running():
            await asyncio.to_thread(postgres.start)
        if figures.redis_restarted is None and now - start >= REDIS_RESTART_AT:
            await asyncio.to_thread(redis_server.stop, signal.SIGKILL)
            await asyncio.to_thread(redis_server.start)
            figures.redis_restarted = now - start
        if now >= next_kill and not done.is_set():
            workers = sorted(server.worker_pids())
            if len(workers) == WORKERS:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pick.choice(workers), signal.SIGKILL)
                    figures.kills += 1
            else:
                figures.kills_skipped += 1
            next_kill = now + KILL_EVERY
        await asyncio.sleep(0.1)
    if not postgres.running():
        await asyncio.to_thread(postgres.start)


def leaks(match: Match) -> list[str]:
    """Cards of the other hand a player's state named at the same version."""
    found = []
    for mine, theirs in (match.players, match.players[::-1]):
        for version, game in mine.views.items():
            other = theirs.views.get(version)
            if other is None:
                continue
            hidden = set(other.get("hand", []))
            shown = json.dumps({k: v for k, v in game.items() if k not in PUBLIC_KEYS})
            seen = sorted(card for card in hidden if f'"{card}"' in shown)
            if seen:
                found.append(f"{match.game_id} v{version}: {seen}")
    return found


async def test_matches_survive_killed_workers_a_redis_restart_and_a_postgres_outage(
    serving: ServerProcess, redis_server: RedisServer, postgres: PostgresServer
) -> None:
    figures = Figures()
    done = asyncio.Event()
    troubles = asyncio.create_task(chaos(serving, redis_server, postgres, figures, done))
    slots = asyncio.Semaphore(AT_ONCE)

    async def in_turn(number: int) -> Match:
        async with slots:
            return await one_match(serving, number, figures)

    loop = asyncio.get_running_loop()
    began = loop.time()
    try:
        matches = await asyncio.gather(*(in_turn(number) for number in range(MATCHES)))
        played_for = loop.time() - began
        kills_while_playing = figures.kills
    finally:
        done.set()
        await troubles
    back_to_full_size = await wait_for(lambda: len(serving.worker_pids()) == WORKERS, 15)

    unfinished = [m.game_id for m in matches if not any(p.finished for p in m.players)]
    clients = [player.client for m in matches for player in m.players]
    recordings = []
    for m in matches:  # each player played one match: its history holds it exactly once
        recordings += await wait_recorded([p.client.http for p in m.players], [m.game_id], RECORD_TIMEOUT)
    found_leaks = [leak for m in matches for leak in leaks(m)]
    unverified, seeds_shown = [], []
    registry = installed_registry()
    for m in matches:
        answer = await m.players[0].client.request("GET", f"/api/matches/{m.game_id}/record")
        if answer.status_code != 200:
            unverified.append(f"{m.game_id}: record answered {answer.status_code}")
            continue
        record = answer.json()
        verdict = check_record(record, registry)
        if not verdict.ok:
            unverified.append(f"{m.game_id}: {verdict.problem}")
        seed = str(record.get("seed", ""))
        if seed and any(seed in text for p in m.players for text in p.texts):
            seeds_shown.append(m.game_id)
    for client in clients:
        await client.close()
    report(
        f"soak ({MATCHES} matches, {WORKERS} workers)",
        seconds_playing=round(played_for, 1),
        worker_kills=kills_while_playing,
        kills_skipped=figures.kills_skipped,
        redis_restarted_at_s=round(figures.redis_restarted or 0, 1),
        postgres_down_s=f"{POSTGRES_DOWN_SECONDS:g} from {round(figures.postgres_stopped or 0, 1)}",
        reconnects=figures.reconnects,
        retried_requests=figures.retried_requests,
        finished=f"{MATCHES - len(unfinished)}/{MATCHES}",
        recorded_once=f"{sum(r.recorded and not r.duplicated for r in recordings)}/{MATCHES}",
        duplicated=sum(r.duplicated for r in recordings),
        leaks=len(found_leaks),
        records_verified=f"{MATCHES - len(unverified)}/{MATCHES}",
        server_errors=len(figures.server_errors),
        workers_at_the_end=len(serving.worker_pids()),
    )

    # the troubles came while matches were played
    assert kills_while_playing >= 1
    assert figures.redis_restarted is not None and figures.redis_restarted < played_for
    assert figures.postgres_stopped is not None and figures.postgres_stopped < played_for
    assert back_to_full_size, "a worker killed while PostgreSQL was down was started again"
    assert unfinished == []
    assert [r.game_id for r in recordings if not r.recorded or r.duplicated] == []
    assert found_leaks == []
    assert seeds_shown == []
    assert unverified == []
    assert figures.server_errors == []
