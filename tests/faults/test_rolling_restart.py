"""Rolling restarts without loss: each of two workers restarted in turn while 50 games are played.

Two ``tavolo serve`` processes (``WORKERS=1`` each, on two ports) share one
Redis prefix and one PostgreSQL database. Scripted players play 50 matches —
two-player briscola and scopa between people, four-player briscola between
people, and briscola and scopa against computer players — a dozen tables at a
time, each player picking a random legal move and now and then letting its
turn time (1 s) run out so the deadlines fire too. Once some matches have
finished, worker A is sent SIGTERM: it must exit within
``SHUTDOWN_GRACE_SECONDS``, having closed its sockets with 1012; it is started
again on the same port, and then worker B goes the same way. A player whose
socket closes reconnects with backoff to whichever worker answers, and
chooses its next move from the snapshot it gets there (it never sends a move
again blindly).

At the end every match must be over and recorded exactly once (one ``match``
row with a row per seat in PostgreSQL, each person's rating moved once), its
record must verify (``domain.verification``) with one step per version, and:

- lost: a move a player saw accepted (its own ``play`` or ``ack`` among the
  events of a state frame) that is not the record's step at that version;
- duplicated: a step of a person's seat that no distinct message of that
  person accounts for (each step is matched to one move sent, of the same
  action, from an earlier version), or two steps at one version.

Both must be 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import signal
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any

import asyncpg
import httpx
import pytest
import pytest_asyncio
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from domain.verification import check_record
from entrypoints.game_packages import installed_registry
from entrypoints.http.context import COOKIE_NAME
from tests.contract.match_factories import postgres_database
from tests.contract.redis_factories import redis_url
from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.conftest import log_tail
from tests.faults.figures import report
from tests.faults.matches import server_env, tavolo_migrate, wait_for
from tests.integration.server import free_port

pytestmark = pytest.mark.asyncio(loop_scope="module")

GRACE_SECONDS = 6.0
TURN_SECONDS = "1"
TABLES_AT_ONCE = 12
DOZE = 0.03  # how often a player lets its time run out instead of moving
PLAY_WITHIN_SECONDS = 70.0  # the whole run: every match over by then
RECORD_WITHIN_SECONDS = 20.0
RESTART_A_AFTER = 6  # matches finished before worker A is restarted
RESTART_B_AFTER = 22  # ... and before worker B is (and A is serving again)

# (what, game type, people, computer players?) and how many of each: 50 in all.
PLAN: list[tuple[str, str, int, bool, int]] = [
    ("briscola, two people", "briscola", 2, False, 18),
    ("scopa, two people", "scopa", 2, False, 8),
    ("briscola a quattro, four people", "briscola_a_quattro", 4, False, 6),
    ("briscola against the computer", "briscola", 1, True, 12),
    ("scopa against the computer", "scopa", 1, True, 6),
]
GAMES = sum(n for *_, n in PLAN)
DRAINED = re.compile(r"drained: DrainReport\(([^)]*)\)")


# --- the two workers ---------------------------------------------------------------------------


@dataclass
class Restart:
    worker: str
    games_in_play: int
    exit_seconds: float
    exit_code: int | None
    drain: dict[str, str]
    down_seconds: float
    log: str = field(repr=False, default="")
    left_behind: list[str] = field(default_factory=list)  # tasks that did not stop when cancelled


class Worker:
    """One ``tavolo serve`` process on a fixed port, which can be restarted with SIGTERM."""

    def __init__(self, name: str, env: dict[str, str]) -> None:
        self.name = name
        self.env = env
        self.port = free_port()
        self.server: ServerProcess | None = None
        self._stack = AsyncExitStack()
        self.outputs: list[str] = []

    async def start(self) -> None:
        self._stack = AsyncExitStack()
        self.server = await self._stack.enter_async_context(tavolo_serve(self.env, port=self.port))

    async def restart(self, games_in_play: int) -> Restart:
        """SIGTERM, wait for the exit (timed), then start again on the same port."""
        assert self.server is not None
        process = self.server.process
        down = time.monotonic()
        process.send_signal(signal.SIGTERM)
        try:
            code: int | None = await asyncio.to_thread(process.wait, GRACE_SECONDS + 10)
        except Exception:
            code = None
        exit_seconds = time.monotonic() - down
        output = self.server.output()
        self.outputs.append(output)
        await self._stack.aclose()  # kills it if it is still there, closes its log
        drained = DRAINED.findall(output)
        drain = dict(part.split("=", 1) for part in drained[-1].split(", ")) if drained else {}
        await self.start()
        back = time.monotonic() - down
        left = [line for line in output.splitlines() if "did not stop when cancelled" in line]
        return Restart(self.name, games_in_play, exit_seconds, code, drain, back, log_tail(output, 40), left)

    async def stop(self) -> None:
        if self.server is not None:
            self.outputs.append(self.server.output())
        await self._stack.aclose()


class Cluster:
    def __init__(self, workers: list[Worker]) -> None:
        self.workers = workers
        # No cookie jar: each person's cookie goes in its own header. A shared jar would send the
        # last login's cookie with the next login, which ends that other person's session.
        no_jar = CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))
        self.http = httpx.AsyncClient(
            limits=httpx.Limits(max_keepalive_connections=0), timeout=10, cookies=no_jar
        )
        self.server_errors: list[str] = []

    def order(self, prefer: int) -> list[Worker]:
        return [self.workers[(prefer + i) % len(self.workers)] for i in range(len(self.workers))]

    async def call(
        self, method: str, path: str, cookie: str | None = None, body: Any = None, prefer: int = 0
    ) -> httpx.Response:
        """``method path`` on whichever worker answers (a fresh connection each time, so no request
        goes out on a connection a stopping worker closes); 503s and refused connections are
        tried again elsewhere, with a short backoff."""
        headers = {"Cookie": f"{COOKIE_NAME}={cookie}"} if cookie else {}
        delay = 0.05
        end = time.monotonic() + 30
        while True:
            for worker in self.order(prefer):
                url = f"http://127.0.0.1:{worker.port}{path}"
                try:
                    response = await self.http.request(method, url, json=body, headers=headers)
                except httpx.TransportError:
                    continue
                if response.status_code == 503:
                    continue
                if response.status_code >= 500:
                    self.server_errors.append(f"{method} {path} {response.status_code}")
                return response
            if time.monotonic() > end:
                raise AssertionError(f"{method} {path}: no worker answered for 30 s")
            await asyncio.sleep(delay)
            delay = min(1.0, delay * 2)


# --- a scripted person ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    version: int  # the version of the state it was chosen from
    action: dict[str, Any]


@dataclass(frozen=True)
class Claim:
    version: int  # the version its acceptance made
    action: str
    card: str | None


@dataclass
class Tally:
    moves_sent: int = 0
    busy: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    closes: Counter[str] = field(default_factory=Counter)  # close codes seen by the players
    restart_closes: Counter[str] = field(default_factory=Counter)  # 1012s, by worker
    reconnects: int = 0
    handshakes_refused: int = 0
    dozes: int = 0
    finished: int = 0  # matches whose every person saw game_over


def essence(action: dict[str, Any]) -> tuple[str, str | None]:
    return str(action.get("action")), action.get("card")


class Person:
    """A logged-in guest playing one table over a WebSocket, reconnecting as needed."""

    def __init__(self, cluster: Cluster, name: str, rng: random.Random, tally: Tally) -> None:
        self.cluster = cluster
        self.name = name
        self.rng = rng
        self.tally = tally
        self.prefer = rng.randrange(2)
        self.cookie = ""
        self.user_id = ""
        self.seat: int | None = None
        self.sent: list[Sent] = []
        self.claims: list[Claim] = []
        self.game_over = False
        self._acted = -1

    async def login(self) -> None:
        response = await self.cluster.call(
            "POST", "/auth/guest", body={"name": self.name}, prefer=self.prefer
        )
        assert response.status_code == 201, response.text
        self.cookie = response.cookies[COOKIE_NAME]
        self.user_id = response.json()["user_id"]

    async def _connect(self, game_id: str) -> tuple[ClientConnection, Worker]:
        delay = 0.05
        while True:
            for worker in self.cluster.order(self.prefer):
                url = f"ws://127.0.0.1:{worker.port}/ws/games/{game_id}"
                try:
                    conn = await connect(
                        url, additional_headers={"Cookie": f"{COOKIE_NAME}={self.cookie}"}, open_timeout=3
                    )
                except InvalidStatus:
                    self.tally.handshakes_refused += 1
                    continue
                except (OSError, InvalidHandshake, TimeoutError):
                    continue
                return conn, worker
            await asyncio.sleep(delay * (0.5 + self.rng.random()))
            delay = min(1.0, delay * 2)

    async def play(self, game_id: str, until: float) -> None:
        first = True
        while not self.game_over and time.monotonic() < until:
            conn, worker = await self._connect(game_id)
            if not first:
                self.tally.reconnects += 1
            first = False
            self._acted = -1  # whatever was pending: decide again from the snapshot that comes now
            try:
                await self._frames(conn, until)
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                self.tally.closes[str(code)] += 1
                if code == 1012:
                    self.tally.restart_closes[worker.name] += 1
                    self.prefer = 1 - self.cluster.workers.index(worker)  # the other one is up
            finally:
                with contextlib.suppress(Exception):
                    await conn.close()

    async def _frames(self, conn: ClientConnection, until: float) -> None:
        while time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(conn.recv(), timeout=max(0.05, until - time.monotonic()))
            except TimeoutError:
                return
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "game_over":
                self.game_over = True
                return
            if kind == "state":
                self._note_claims(frame)
                await self._decide(conn, frame["game"])
            elif kind == "error":
                await self._refused(conn, frame)

    def _note_claims(self, frame: dict[str, Any]) -> None:
        """This person's own move among the events of the change that made this version."""
        events = frame.get("events") or []
        seat = frame["game"].get("seat")
        if seat is None or any(e["kind"] == "timeout" and e.get("seat") == seat for e in events):
            return  # a snapshot, a spectator, or its time ran out and the server moved for it
        for event in events:
            if event["kind"] in ("play", "ack") and event.get("seat") == seat:
                self.claims.append(Claim(int(frame["game"]["version"]), event["kind"], event.get("card")))

    async def _decide(self, conn: ClientConnection, game: dict[str, Any]) -> None:
        self.seat = game.get("seat")
        version = int(game["version"])
        if version <= self._acted or game.get("phase") == "finished":
            return
        move: dict[str, Any] | None = None
        if game.get("phase") == "hand_end" and self.seat not in game.get("acknowledged", [self.seat]):
            move = {"action": "ack"}
        elif game.get("your_turn") and game.get("legal_moves"):
            move = dict(self.rng.choice(game["legal_moves"]))
        if move is None:
            return
        self._acted = version
        if self.rng.random() < DOZE:
            self.tally.dozes += 1
            return  # let the deadline fire
        self.sent.append(Sent(version, move))
        self.tally.moves_sent += 1
        await conn.send(json.dumps(move))

    async def _refused(self, conn: ClientConnection, frame: dict[str, Any]) -> None:
        code = frame.get("code", "?")
        self.tally.refusals[code] += 1
        if code == "busy":
            self.tally.busy += 1
            await asyncio.sleep(int(frame.get("retry_after_ms", 100)) / 1000)
        elif code in ("unavailable", "internal"):
            await asyncio.sleep(0.2)
        self._acted = -1  # decide again, from a fresh snapshot
        await conn.send(json.dumps({"action": "state"}))


# --- the tables ------------------------------------------------------------------------------------


@dataclass
class Table:
    what: str
    game_type: str
    game_id: str
    people: list[Person]
    rated: bool


async def open_table(
    cluster: Cluster, what: str, game_type: str, people: list[Person], computers: bool
) -> Table:
    host = people[0]
    options = {"target_score": 1}
    if computers:
        made = await cluster.call(
            "POST",
            "/api/games/computer",
            host.cookie,
            {"game_type": game_type, "options": options, "level": "easy"},
            prefer=host.prefer,
        )
        assert made.status_code == 201, made.text
        return Table(what, game_type, str(made.json()["id"]), people, rated=False)
    made = await cluster.call(
        "POST", "/api/games", host.cookie, {"game_type": game_type, "options": options}, prefer=host.prefer
    )
    assert made.status_code == 201, made.text
    game_id, code = str(made.json()["id"]), made.json()["join_code"]
    for person in people[1:]:
        joined = await cluster.call("POST", "/api/games/join", person.cookie, {"code": code}, person.prefer)
        assert joined.status_code == 200, joined.text
    return Table(what, game_type, game_id, people, rated=True)


async def play_table(
    cluster: Cluster,
    number: int,
    plan: tuple[str, str, int, bool],
    tally: Tally,
    until: float,
    tables: list[Table],
) -> None:
    what, game_type, count, computers = plan
    people = [
        Person(cluster, f"P{number}-{seat}", random.Random(number * 10 + seat), tally)
        for seat in range(count)
    ]
    await asyncio.gather(*(p.login() for p in people))
    table = await open_table(cluster, what, game_type, people, computers)
    tables.append(table)
    random.Random(number).shuffle(people)  # who connects first
    await asyncio.gather(*(p.play(table.game_id, until) for p in people))
    if all(p.game_over for p in people):
        tally.finished += 1


# --- the checks ------------------------------------------------------------------------------------


@dataclass
class Findings:
    steps: int = 0
    people_steps: int = 0  # steps of a person's move, each matched to one message it sent
    computer_steps: int = 0
    deadline_steps: int = 0
    lost: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    unconfirmed: int = 0  # a person's move applied whose own state frame it never got (it resynced)
    records_wrong: list[str] = field(default_factory=list)
    not_recorded: list[str] = field(default_factory=list)


async def fetch_record(cluster: Cluster, game_id: str) -> dict[str, Any] | None:
    end = time.monotonic() + RECORD_WITHIN_SECONDS
    while time.monotonic() < end:
        response = await cluster.call("GET", f"/api/matches/{game_id}/record")
        if response.status_code == 200:
            record: dict[str, Any] = response.json()
            return record
        await asyncio.sleep(0.25)
    return None


def check_table(table: Table, record: dict[str, Any], found: Findings) -> None:
    verdict = check_record(record, installed_registry())
    if not verdict.ok:
        found.records_wrong.append(f"{table.game_id}: {verdict.problem}")
    steps = record["steps"]
    found.steps += len(steps)
    versions = [int(step["version"]) for step in steps]
    for version, times in Counter(versions).items():
        if times > 1:
            found.duplicated.append(f"{table.game_id}: {times} steps at version {version}")
    by_version = {int(step["version"]): step for step in steps}
    bots = {int(player["seat"]) for player in record["players"] if player.get("bot")}
    found.computer_steps += sum(1 for step in steps if step["kind"] == "action" and int(step["seat"]) in bots)
    found.deadline_steps += sum(1 for step in steps if step["kind"] == "deadline")
    seat_of = {
        player["user_id"]: int(player["seat"]) for player in record["players"] if player.get("user_id")
    }
    for person in table.people:
        seat = seat_of.get(person.user_id)
        if seat is None:
            found.records_wrong.append(f"{table.game_id}: {person.name} is not among the record's players")
            continue
        for claim in person.claims:  # lost: seen accepted, not in the record at that version
            step = by_version.get(claim.version)
            if (
                step is None
                or step["kind"] != "action"
                or int(step["seat"]) != seat
                or essence(step["action"]) != (claim.action, claim.card)
            ):
                found.lost.append(f"{table.game_id} v{claim.version}: {person.name} saw {claim} accepted")
        claimed = {claim.version for claim in person.claims}
        unused = list(person.sent)
        for step in steps:  # duplicated: a step of this seat no distinct message accounts for
            if step["kind"] != "action" or int(step["seat"]) != seat:
                continue
            version = int(step["version"])
            match = next(
                (s for s in unused if essence(s.action) == essence(step["action"]) and s.version < version),
                None,
            )
            if match is None:
                found.duplicated.append(f"{table.game_id} v{version}: {step['action']} was sent once at most")
                continue
            unused.remove(match)
            found.people_steps += 1
            found.unconfirmed += version not in claimed


async def database_findings(dsn: str, tables: list[Table]) -> dict[str, Any]:
    """Each match's rows, and each person's rating moved once per rated match."""
    ids = [t.game_id for t in tables]
    conn = await asyncpg.connect(dsn)
    try:
        matches = {
            row["id"]: row["n"]
            for row in await conn.fetch(
                'SELECT id, count(*) AS n FROM "match" WHERE id = ANY($1::text[]) GROUP BY id', ids
            )
        }
        seats = {
            row["match_id"]: (row["n"], row["distinct_seats"])
            for row in await conn.fetch(
                "SELECT match_id, count(*) AS n, count(DISTINCT seat) AS distinct_seats FROM match_player"
                " WHERE match_id = ANY($1::text[]) GROUP BY match_id",
                ids,
            )
        }
        people = [p.user_id for t in tables if t.rated for p in t.people]
        ratings = {
            row["user_id"]: (row["rating"], row["matches"])
            for row in await conn.fetch(
                "SELECT user_id, rating, matches FROM player_rating WHERE user_id = ANY($1::text[])", people
            )
        }
        deltas = {
            row["user_id"]: (row["delta"], row["n"])
            for row in await conn.fetch(
                "SELECT user_id, sum(elo_delta) AS delta, count(*) AS n FROM match_player"
                " WHERE user_id = ANY($1::text[]) GROUP BY user_id",
                people,
            )
        }
    finally:
        await conn.close()
    seats_expected = {t.game_id: len(t.people) if t.rated else None for t in tables}
    wrong_seats = [
        game_id
        for game_id, (n, distinct) in seats.items()
        if n != distinct or (seats_expected[game_id] is not None and n != seats_expected[game_id])
    ]
    wrong_ratings = [
        user
        for user in people
        if ratings.get(user, (None, 0))[1] != 1
        or deltas.get(user, (None, 0))[1] != 1
        or ratings[user][0] != 1500 + deltas[user][0]
    ]
    return {
        "recorded": sum(1 for g in ids if matches.get(g) == 1),
        "rows_over_one": sum(1 for g in ids if matches.get(g, 0) > 1),
        "wrong_seats": wrong_seats,
        "wrong_ratings": wrong_ratings,
    }


# --- the test --------------------------------------------------------------------------------------


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def database() -> AsyncIterator[str]:
    async with postgres_database() as dsn:
        await tavolo_migrate({"DATABASE_URL": dsn})
        yield dsn


@pytest.fixture(scope="module")
def env(shared_redis_prefix: str, database: str, logging_config: str) -> dict[str, str]:
    return server_env(
        logging_config,
        REDIS_URL=redis_url(),
        REDIS_KEY_PREFIX=shared_redis_prefix,
        DATABASE_URL=database,
        WORKERS="1",
        SHUTDOWN_GRACE_SECONDS=str(GRACE_SECONDS),
        TURN_TIMEOUT_SECONDS=TURN_SECONDS,
        TURN_TIME_CHOICES=TURN_SECONDS,
        HAND_ACK_TIMEOUT_SECONDS="0.5",
        BOT_MOVE_DELAY_SECONDS="0.05",
    )


async def when(condition: Callable[[], bool], timeout: float) -> bool:
    return await wait_for(condition, timeout, step=0.05)


async def restarts(workers: list[Worker], tally: Tally, tables: list[Table], done: list[Restart]) -> None:
    """Worker A once ``RESTART_A_AFTER`` matches are over, then B after ``RESTART_B_AFTER``."""
    for worker, after in zip(workers, (RESTART_A_AFTER, RESTART_B_AFTER), strict=True):

        def enough_over(after: int = after) -> bool:
            return tally.finished >= after

        await when(enough_over, PLAY_WITHIN_SECONDS)
        in_play = len(tables) - tally.finished
        done.append(await worker.restart(in_play))


async def run_all(cluster: Cluster, tally: Tally, tables: list[Table], done: list[Restart]) -> None:
    until = time.monotonic() + PLAY_WITHIN_SECONDS
    plans = [(what, kind, people, computers) for what, kind, people, computers, n in PLAN for _ in range(n)]
    random.Random(7).shuffle(plans)
    slots = asyncio.Semaphore(TABLES_AT_ONCE)

    async def one(number: int, plan: tuple[str, str, int, bool]) -> None:
        async with slots:
            await play_table(cluster, number, plan, tally, until, tables)

    restarting = asyncio.create_task(restarts(cluster.workers, tally, tables, done))
    try:
        await asyncio.gather(*(one(n, plan) for n, plan in enumerate(plans)))
        await asyncio.wait_for(restarting, timeout=GRACE_SECONDS + 30)
    finally:
        restarting.cancel()
        await asyncio.gather(restarting, return_exceptions=True)


async def test_rolling_restarts_lose_no_move_and_apply_none_twice(env: dict[str, str], database: str) -> None:
    workers = [Worker("A", env), Worker("B", env)]
    await asyncio.gather(*(w.start() for w in workers))
    cluster = Cluster(workers)
    tally = Tally()
    tables: list[Table] = []
    done: list[Restart] = []
    started = time.monotonic()
    try:
        await run_all(cluster, tally, tables, done)
        played_in = time.monotonic() - started
        found = Findings()
        records = await asyncio.gather(*(fetch_record(cluster, t.game_id) for t in tables))
        for table, record in zip(tables, records, strict=True):
            if record is None:
                found.not_recorded.append(table.game_id)
            else:
                check_table(table, record, found)
        rows = await database_findings(database, tables)
    finally:
        await cluster.http.aclose()
        await asyncio.gather(*(w.stop() for w in workers))
    claims = sum(len(p.claims) for t in tables for p in t.people)
    for restart in done:
        report(
            f"rolling restart: worker {restart.worker}",
            games_in_play=restart.games_in_play,
            exit_seconds=f"{restart.exit_seconds:.2f}/{GRACE_SECONDS:g}",
            exit_code=restart.exit_code,
            drain=" ".join(f"{k}={v}" for k, v in restart.drain.items()) or "not logged",
            sockets_closed_1012=tally.restart_closes[restart.worker],
            tasks_left_behind=len(restart.left_behind),
            back_in_seconds=f"{restart.down_seconds:.1f}",
        )
    report(
        "rolling restart of two workers",
        games=f"{tally.finished}/{GAMES}",
        recorded=f"{rows['recorded']}/{GAMES}",
        records_verified=f"{len(tables) - len(found.not_recorded) - len(found.records_wrong)}/{GAMES}",
        moves=found.steps,
        by_people=found.people_steps,
        by_computers=found.computer_steps,
        by_deadlines=found.deadline_steps,
        moves_sent=tally.moves_sent,
        seen_accepted=claims,
        applied_unseen=found.unconfirmed,
        sent_not_applied=tally.moves_sent - found.people_steps,
        restarts=len(done),
        reconnects=tally.reconnects,
        handshakes_refused=tally.handshakes_refused,
        busy=tally.busy,
        refusals=dict(sorted(tally.refusals.items())),
        closes=dict(sorted(tally.closes.items())),
        lost=len(found.lost),
        duplicated=len(found.duplicated) + rows["rows_over_one"],
        **{"5xx": len(cluster.server_errors)},
        seconds=f"{played_in:.1f}",
    )
    assert len(done) == 2, "both workers were restarted"
    for restart in done:
        assert restart.exit_seconds < GRACE_SECONDS, (
            f"worker {restart.worker} took {restart.exit_seconds:.2f} s to exit; its log:\n{restart.log}"
        )
        assert restart.exit_code == 0, (
            f"worker {restart.worker} exit code {restart.exit_code}:\n{restart.log}"
        )
        assert restart.games_in_play > 0, f"worker {restart.worker} restarted with matches in play"
        assert restart.drain, f"worker {restart.worker} logged no drain"
        assert tally.restart_closes[restart.worker] > 0, f"worker {restart.worker} closed no socket with 1012"
    assert len(tables) == GAMES
    assert tally.finished == GAMES, "every match finished"
    assert not found.not_recorded, found.not_recorded
    assert rows["recorded"] == GAMES and rows["rows_over_one"] == 0, rows
    assert not rows["wrong_seats"], rows
    assert not rows["wrong_ratings"], rows
    assert not found.records_wrong, found.records_wrong[:5]
    assert not found.lost, found.lost[:10]
    assert not found.duplicated, found.duplicated[:10]
    assert not cluster.server_errors, cluster.server_errors[:10]
