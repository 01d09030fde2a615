"""Two ``tavolo serve`` processes on one Redis and one PostgreSQL database (issue 16).

- A process SIGKILLed 1-3 ms after it was sent a match's final move: the other
  process records the match, exactly once (the commit that ends a match leaves
  "record this result" in the shared deadline queue, and any process's deadline
  worker records it).
- The same legal move sent at the same instant through two sockets of one
  player, one on each process: exactly one is accepted, the other gets an error
  frame, and the game's version advances by exactly one. A ``busy`` refusal (a
  loaded process shedding load) is sent again, as the browser does, and the
  duplicate must then be refused.
- One of the two killed mid-match: the other finishes the game by turn
  timeouts, every move applied exactly once, the result recorded once.

Process B lives for the whole module (turn timeout 3 s); ``process_a`` (turn
timeout 0.3 s, so a match it starts runs on short timeouts whoever fires them)
serves the races and is killed by the last test; the first test starts and
kills its own.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import random
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest
import pytest_asyncio
from websockets.exceptions import ConnectionClosed

from tests.contract.match_factories import postgres_database
from tests.contract.redis_factories import redis_url
from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.figures import report
from tests.faults.matches import (
    Watch,
    client_on,
    close_all,
    new_briscola,
    play_to_the_end,
    rating_problems,
    running,
    server_env,
    stop_tasks,
    tavolo_migrate,
    wait_for,
    wait_recorded,
)
from tests.integration.players import first_legal_move
from tests.integration.server import Guest, Socket

pytestmark = pytest.mark.asyncio(loop_scope="module")

LONG_TURN = "3"  # process B: a player always moves first; a timeout is unmistakable
SHORT_TURN = "0.3"  # process A: a match it starts finishes quickly by timeouts
KILLS = 3
RACE_MATCHES = 2
RACE_CODES = {"not_your_turn", "illegal_move", "game_over"}


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
        TURN_TIMEOUT_SECONDS=LONG_TURN,
    )


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def process_b(env: dict[str, str]) -> AsyncIterator[ServerProcess]:
    async with tavolo_serve(env) as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def process_a(env: dict[str, str], process_b: ServerProcess) -> AsyncIterator[ServerProcess]:
    async with tavolo_serve({**env, "TURN_TIMEOUT_SECONDS": SHORT_TURN}) as server:
        yield server


# --- killed right after the last move --------------------------------------------------------


async def test_a_process_killed_right_after_the_final_move_leaves_the_match_to_the_other(
    env: dict[str, str], process_b: ServerProcess
) -> None:
    watch = Watch()
    async with AsyncExitStack() as stack:
        started = await asyncio.gather(
            *(stack.enter_async_context(tavolo_serve(env)) for _ in range(KILLS)), return_exceptions=True
        )
        for outcome in started:
            if isinstance(outcome, BaseException):
                raise outcome
        doomed = [s for s in started if isinstance(s, ServerProcess)]

        games: list[tuple[str, Any, Any]] = []
        finished_by_a = finished_by_timeout = not_finished = 0
        for number, victim in enumerate(doomed):
            host = await watch.login(process_b, f"Ada{number}")
            guest = await watch.login(process_b, f"Bruno{number}")
            game_id, first, second = await new_briscola(host, guest, running(victim), running(victim))
            watcher = await Socket.open(running(process_b), game_id, host.cookie)
            delay = (1 + number % 3) / 1000
            killed_at: list[float] = []

            async def kill(
                victim: ServerProcess = victim, delay: float = delay, at: list[float] = killed_at
            ) -> None:
                await asyncio.sleep(delay)
                victim.kill()
                at.append(asyncio.get_running_loop().time())

            await asyncio.gather(
                play_to_the_end(first, after_final=kill), play_to_the_end(second, after_final=kill)
            )
            assert killed_at, "the final move was sent and its process killed"
            try:
                await watcher.until(lambda f: f["type"] == "game_over", timeout=15)
            except (TimeoutError, ConnectionClosed):
                not_finished += 1
            else:
                if asyncio.get_running_loop().time() - killed_at[0] < float(LONG_TURN) / 2:
                    finished_by_a += 1  # the killed process committed the final move before dying
                else:
                    finished_by_timeout += 1  # it died first: B played the last card by timeout
            games.append((game_id, host, guest))
            await close_all(first, second, watcher)

        waits = [wait_recorded([h.http, g.http], [game_id], 20.0) for game_id, h, g in games]
        recordings = [r[0] for r in await asyncio.gather(*waits)]
        rating_errors = []
        for _, h, g in games:
            for player in (h, g):
                rating_errors += await rating_problems(player.http, player.user_id, "briscola")
        report(
            "process killed 1-3 ms after the final move",
            matches=KILLS,
            processes_killed=KILLS,
            final_commit_on_killed=finished_by_a,
            finished_by_timeout_on_survivor=finished_by_timeout,
            not_finished=not_finished,
            recorded=f"{sum(r.recorded for r in recordings)}/{KILLS}",
            lost=sum(r.lost for r in recordings),
            duplicated=sum(r.duplicated for r in recordings),
            ratings_wrong=len(rating_errors),
            **{"5xx": watch.server_errors},
        )
        for _, h, g in games:
            await close_all(h, g)
        assert not_finished == 0, "the survivor shows every match finished"
        assert all(r.recorded for r in recordings), (
            f"matches whose final commit was on the killed process were not recorded by the survivor "
            f"within 20 s: {[r.occurrences for r in recordings]}"
        )
        assert not any(r.duplicated for r in recordings), [r.occurrences for r in recordings]
        assert not rating_errors, rating_errors
        assert watch.server_errors == 0, watch.seen


# --- duplicate moves racing on the two processes ----------------------------------------------


async def pump(socket: Socket, dropped: list[Socket]) -> None:
    """Read every frame into ``socket.frames`` until the socket closes."""
    try:
        while True:
            try:
                await socket.receive(timeout=60)
            except TimeoutError:
                continue
    except ConnectionClosed:
        dropped.append(socket)


def newer(socket: Socket, version: int) -> bool:
    return newest_version(socket) > version


def newest_version(socket: Socket) -> int:
    return max((int(f["game"]["version"]) for f in socket.frames if f["type"] == "state"), default=0)


@dataclass
class Races:
    count: int = 0
    accepted_once: int = 0
    version_plus_one: int = 0
    final_marks: int = 0
    busy_retried: int = 0
    codes: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


def is_busy(frame: dict[str, Any]) -> bool:
    return bool(frame["type"] == "error" and frame["code"] == "busy")


async def race(
    player: Guest, pair: tuple[Socket, Socket], game_id: str, own: dict[str, Any], tally: Races
) -> None:
    """Send ``player``'s first legal move through both its sockets at once; check the outcome.

    A ``busy`` refusal (a loaded process sheds the move; nothing changed) is sent again after
    its hint, as the browser does: the duplicate must then be refused for what it is.
    """
    version, move = own["version"], first_legal_move(own)
    seen = [len(s.frames) for s in pair]
    retried = [0, 0]

    def fresh() -> list[dict[str, Any]]:
        return [f for s, n in zip(pair, seen, strict=True) for f in s.frames[n:]]

    def refusals() -> list[dict[str, Any]]:
        return [f for f in fresh() if f["type"] == "error" and not is_busy(f)]

    def settled() -> bool:
        return all(newest_version(s) > version for s in pair) and bool(refusals())

    tally.count += 1
    await asyncio.gather(*(s.send(move) for s in pair))
    end = asyncio.get_running_loop().time() + 5
    while not settled() and asyncio.get_running_loop().time() < end:
        for i, (socket, n) in enumerate(zip(pair, seen, strict=True)):
            busy = [f for f in socket.frames[n:] if is_busy(f)]
            if len(busy) > retried[i]:
                retried[i] += 1
                tally.busy_retried += 1
                await asyncio.sleep(int(busy[-1]["retry_after_ms"]) / 1000)
                await socket.send(move)
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.02)  # a second acceptance, had there been one, would show by now
    errors = refusals()
    after = (await player.http.get(f"/api/games/{game_id}")).json()["version"]
    for error in (f for f in fresh() if f["type"] == "error"):
        tally.codes[error["code"]] = tally.codes.get(error["code"], 0) + 1
    if len(errors) == 1 and errors[0]["code"] in RACE_CODES:
        tally.accepted_once += 1
    else:
        tally.failures.append(f"race {tally.count} at version {version}: errors {errors}")
    ended = [f["game"] for f in fresh() if f["type"] == "state" and f["game"]["version"] == version + 1]
    if after == version + 1:
        tally.version_plus_one += 1
    elif after == version + 2 and ended and ended[0]["phase"] == "finished":
        tally.version_plus_one += 1  # the move that ended the match, then its "result recorded" mark
        tally.final_marks += 1
    else:
        tally.failures.append(f"race {tally.count}: version {version} -> {after}")


async def race_a_match(
    process_a: ServerProcess,
    process_b: ServerProcess,
    number: int,
    watch: Watch,
    tally: Races,
    dropped: list[Socket],
) -> None:
    host = await watch.login(process_b, f"Ugo{number}")
    guest = await watch.login(process_b, f"Vera{number}")
    game_id, host_b, guest_b = await new_briscola(host, guest, running(process_b))
    players = {host.user_id: host, guest.user_id: guest}
    sockets = {
        host.user_id: (await Socket.open(running(process_a), game_id, host.cookie), host_b),
        guest.user_id: (await Socket.open(running(process_a), game_id, guest.cookie), guest_b),
    }
    everyone = [s for pair in sockets.values() for s in pair]
    pumps = [asyncio.create_task(pump(s, dropped)) for s in everyone]
    try:
        while True:
            views = {uid: (await p.http.get(f"/api/games/{game_id}")).json() for uid, p in players.items()}
            view = views[host.user_id]
            if view["status"] == "finished":
                return
            if view["phase"] == "hand_end":  # a drawn deal: both acknowledge, once each, no race
                for uid, own in views.items():
                    if own["seat"] not in own["acknowledged"]:
                        await sockets[uid][0].send({"action": "ack"})
                await wait_for(partial(newer, host_b, int(view["version"]) + 1), 5)
                continue
            mover = next(uid for uid, own in views.items() if own.get("your_turn"))
            await race(players[mover], sockets[mover], game_id, views[mover], tally)
    finally:
        await stop_tasks(*pumps)
        await close_all(*everyone, host, guest)


async def test_the_same_move_raced_on_two_processes_is_applied_once(
    process_a: ServerProcess, process_b: ServerProcess
) -> None:
    watch = Watch()
    dropped: list[Socket] = []
    tally = Races()
    for number in range(RACE_MATCHES):
        await race_a_match(process_a, process_b, number, watch, tally, dropped)
    report(
        "duplicate moves raced on two processes",
        matches=RACE_MATCHES,
        races=tally.count,
        accepted_exactly_once=tally.accepted_once,
        version_plus_one=tally.version_plus_one,
        result_recorded_marks=tally.final_marks,
        error_codes=dict(sorted(tally.codes.items())),
        busy_sent_again=tally.busy_retried,
        **{"5xx": watch.server_errors},
        sockets_dropped=len(dropped),
    )
    assert tally.count >= 40
    assert not tally.failures, tally.failures[:10]
    assert watch.server_errors == 0, watch.seen
    assert not dropped


# --- one process killed mid-match ------------------------------------------------------------


def plays(game: dict[str, Any]) -> int:
    """Cards played so far in the current deal of a two-player briscola view."""
    return 2 * int(sum(game["tricks_won"].values())) + len(game["trick"])


def card_played(game: dict[str, Any]) -> str:
    """The card whose play made this version (the trick's newest, or the last trick's last)."""
    if game["trick"]:
        return str(game["trick"][-1]["card"])
    return str(game["last_trick"]["trick"][-1]["card"])


async def play_until(socket: Socket, stop: asyncio.Event, sent: list[str]) -> None:
    acted = 0
    while not stop.is_set():
        try:
            frame = await socket.receive(timeout=0.2)
        except TimeoutError:
            continue
        game = frame.get("game")
        if frame["type"] != "state" or game is None or game["version"] <= acted:
            continue
        if game["phase"] == "hand_end" and game["seat"] not in game["acknowledged"]:
            acted = game["version"]
            await socket.send({"action": "ack"})
        elif game.get("your_turn"):
            acted = game["version"]
            move = first_legal_move(game)
            sent.append(move["card"])
            await socket.send(move)


async def test_a_process_killed_mid_match_leaves_the_other_to_finish_and_record_it(
    process_a: ServerProcess, process_b: ServerProcess
) -> None:
    watch = Watch()
    host = await watch.login(process_a, "Ciro")
    guest = await watch.login(process_a, "Dina")
    # Started on A, so the match runs on A's short turn timeout, whoever fires it.
    game_id, on_a, on_b = await new_briscola(host, guest, running(process_a), running(process_b))
    stop = asyncio.Event()
    sent_via_a: list[str] = []
    killer = asyncio.create_task(play_until(on_a, stop, sent_via_a))
    guest_play = asyncio.create_task(play_to_the_end(on_b, timeout=90))
    kill_at = random.randint(10, 16)
    assert await wait_for(lambda: newest_version(on_b) >= kill_at, 30), "the match got going"
    stop.set()
    await killer
    before_kill = newest_version(on_b)
    process_a.kill()
    ending = await guest_play

    states = [f["game"] for f in on_b.frames if f["type"] == "state"]
    played: list[tuple[int, int, str]] = []  # (deal, version, card)
    gaps = not_one_card = 0
    for previous, game in itertools.pairwise(states):
        if game["version"] != previous["version"] + 1:
            gaps += 1
            continue
        if game["hand_number"] != previous["hand_number"] or previous["phase"] != "playing":
            continue
        if plays(game) != plays(previous) + 1:
            not_one_card += 1
        played.append((game["hand_number"], game["version"], card_played(game)))
    first_deal = [card for deal, _, card in played if deal == 1]
    host_b, guest_b = client_on(process_b, host, watch), client_on(process_b, guest, watch)
    recording = (await wait_recorded([host_b, guest_b], [game_id], 20.0))[0]
    rating_errors = [
        *await rating_problems(host_b, host.user_id, "briscola"),
        *await rating_problems(guest_b, guest.user_id, "briscola"),
    ]
    report(
        "process killed mid-match",
        version_at_kill=before_kill,
        final_version=states[-1]["version"] if states else 0,
        finished=ending.game_over is not None,
        cards_played_seen=len(played),
        versions_not_one_card=not_one_card,
        gaps=gaps,
        recorded=f"{int(recording.recorded)}/1",
        duplicated=int(recording.duplicated),
        ratings_wrong=len(rating_errors),
        **{"5xx": watch.server_errors},
        sockets_dropped=int(ending.dropped),
    )
    await close_all(on_a, on_b, host, guest)
    await host_b.aclose()
    await guest_b.aclose()
    assert ending.game_over is not None, "the survivor finished the match"
    assert not_one_card == 0, "every version played exactly one card"
    assert len(first_deal) == len(set(first_deal)), "no card was played twice"
    if gaps == 0:
        assert len(first_deal) == 40 or states[-1]["hand_number"] > 1
    accepted_before_kill = [c for deal, v, c in played if v <= before_kill]
    assert all(first_deal.count(c) == 1 for c in accepted_before_kill)
    assert recording.recorded and not recording.duplicated, recording.occurrences
    assert not rating_errors, rating_errors
    assert watch.server_errors == 0, watch.seen
    assert not ending.dropped


# --- killed between a move's commit and its answer -------------------------------------------


def steps_of_the_deal_at(steps: list[dict[str, Any]], version: int) -> list[dict[str, Any]]:
    """The record's steps of the deal the step at ``version`` belongs to. A deal ends with the
    step that starts the next one; a drawn deal (60-60 in briscola) is dealt again, and the same
    seat may then play the same card again, in another deal."""

    def starts_a_deal(step: dict[str, Any]) -> bool:
        return any(event.get("kind") == "hand_started" for event in step.get("events", []))

    starts = [int(step["version"]) for step in steps if starts_a_deal(step)]
    after = max((v for v in starts if v < version), default=-1)
    until = min((v for v in starts if v >= version), default=math.inf)
    return [step for step in steps if after < int(step["version"]) <= until]


async def kill_as_it_commits(
    victim: ServerProcess, process_b: ServerProcess, number: int, watch: Watch, problems: list[str]
) -> bool:
    """One match on ``victim``: a move sent to it, ``number`` ms later the process killed; the move
    sent again on B. Whether the victim had committed it; what went wrong goes to ``problems``."""
    host = await watch.login(process_b, f"Elio{number}")
    guest = await watch.login(process_b, f"Fede{number}")
    game_id, first, second = await new_briscola(host, guest, running(victim), running(victim))
    stop = asyncio.Event()
    players = [asyncio.create_task(play_until(s, stop, [])) for s in (first, second)]
    watcher = await Socket.open(running(process_b), game_id, host.cookie)
    pumping = asyncio.create_task(pump(watcher, []))
    assert await wait_for(partial(newer, watcher, 5 + number), 30), "the match got going"
    stop.set()
    await asyncio.gather(*players)
    await asyncio.sleep(0.1)  # the last move's frames are in
    views = {p.user_id: (await p.http.get(f"/api/games/{game_id}")).json() for p in (host, guest)}
    mover = next(p for p in (host, guest) if views[p.user_id].get("your_turn"))
    own = views[mover.user_id]
    version, move = int(own["version"]), first_legal_move(own)
    await (first if mover is host else second).send(move)
    await asyncio.sleep(number / 1000)
    victim.kill()
    await asyncio.sleep(0.5)
    after_kill = int((await mover.http.get(f"/api/games/{game_id}")).json()["version"])
    again = await Socket.open(running(process_b), game_id, mover.cookie)
    await again.until(lambda f: f["type"] == "state", timeout=5)
    await again.send(move)
    answer = await again.until(lambda f: f["type"] == "error" or f["game"]["version"] > after_kill, timeout=5)
    after_again = int((await mover.http.get(f"/api/games/{game_id}")).json()["version"])
    if after_kill == version + 1 and (answer["type"] != "error" or after_again != version + 1):
        problems.append(f"{game_id}: applied before the kill, and again: {answer}")
    elif after_kill == version and after_again != version + 1:
        problems.append(f"{game_id}: lost with the process, then not applied: {answer}")
    elif after_kill not in (version, version + 1):
        problems.append(f"{game_id}: version {version} became {after_kill} after the kill")
    await stop_tasks(pumping)
    await close_all(first, second, watcher, again)
    on_b = await asyncio.gather(*(Socket.open(running(process_b), game_id, p.cookie) for p in (host, guest)))
    endings = await asyncio.gather(*(play_to_the_end(s, timeout=60) for s in on_b))
    if not any(e.game_over for e in endings):
        problems.append(f"{game_id}: not finished on the survivor")
    recording = (await wait_recorded([host.http, guest.http], [game_id], 20.0))[0]
    if not recording.recorded or recording.duplicated:
        problems.append(f"{game_id}: recorded {recording.occurrences}")
    record = (await host.http.get(f"/api/matches/{game_id}/record")).json()
    seat = int(own["seat"])
    took = [
        int(step["version"])
        for step in steps_of_the_deal_at(record.get("steps", []), version + 1)
        if step["kind"] == "action" and step.get("seat") == seat and step.get("action") == move
    ]
    if took != [version + 1]:
        problems.append(f"{game_id}: the move is in the record at versions {took}")
    await close_all(*on_b, host, guest)
    return after_kill == version + 1


async def test_a_process_killed_as_it_commits_a_move_loses_it_or_applies_it_once(
    env: dict[str, str], process_b: ServerProcess
) -> None:
    """The commit, its log entry and its announcement are one Redis script: a process killed
    0-2 ms after a move was sent to it — before, during or just after that commit, before it
    answered — leaves the move either applied once (the other process shows it, and the same move
    sent again there is refused) or not at all (sent again there, it is applied). The record has
    it exactly once."""
    watch = Watch()
    problems: list[str] = []
    async with AsyncExitStack() as stack:
        doomed = await asyncio.gather(*(stack.enter_async_context(tavolo_serve(env)) for _ in range(KILLS)))
        committed = [
            await kill_as_it_commits(victim, process_b, number, watch, problems)
            for number, victim in enumerate(doomed)
        ]
    report(
        "process killed 0-2 ms after a move was sent to it",
        moves=KILLS,
        committed_before_death=sum(committed),
        died_before_commit=KILLS - sum(committed),
        problems=len(problems),
        **{"5xx": watch.server_errors},
    )
    assert not problems, problems
    assert watch.server_errors == 0, watch.seen
