"""Quick match on two ``tavolo serve`` processes sharing one Redis (issue 19).

- 40 players enter the pool through both processes, at scattered instants, for two game
  types: everyone is seated at exactly one table, every table is full with exactly the
  players it told, and only players for whom no full table was possible are left waiting.
- A process SIGKILLed while players wait through it: its players' entries lapse (nobody
  is seated with them afterwards), the players who reconnect through the survivor and
  seek again are paired, and a group claimed by a "dying" claimer that never opened its
  table is opened by the survivor, which tells the waiting player where to go.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
import uuid
from collections import Counter
from contextlib import AsyncExitStack

import httpx

from adapters.redis import RedisKeys, RedisMatchPool, connect
from application.finding.quick_match import LEASE_SECONDS, OPEN_GRACE_SECONDS
from domain.matchmaking import Seeker, find_group
from tests.contract.redis_factories import redis_url
from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.figures import report
from tests.faults.matches import close_all, running, server_env
from tests.integration.lobby import LobbySocket
from tests.integration.server import Guest

SEEKERS = {"scopone_scientifico": 22, "briscola": 18}  # 5 tables of 4 and 2 left over; 9 of 2
SEATS = {"scopone_scientifico": 4, "briscola": 2}


async def seek(server: ServerProcess, guest: Guest, game_type: str, delay: float) -> LobbySocket:
    await asyncio.sleep(delay)
    lobby = await LobbySocket.open(server.ws_url, guest.cookie)
    await lobby.until("open_tables")
    await lobby.send({"action": "seek", "game_type": game_type})
    await lobby.until("seeking")
    return lobby


async def matched_within(lobby: LobbySocket, seconds: float) -> str | None:
    try:
        return str((await lobby.until("matched", timeout=seconds))["game_id"])
    except TimeoutError:
        return None


async def seats_of(server: ServerProcess, game_id: str) -> list[str]:
    async with httpx.AsyncClient(base_url=server.base_url) as http:
        view = (await http.get(f"/api/games/{game_id}")).json()
    return [player["name"] for player in view["players"] if player is not None]


async def test_forty_players_through_two_processes_are_each_seated_once(
    shared_redis_prefix: str, logging_config: str
) -> None:
    env = server_env(logging_config, REDIS_URL=redis_url(), REDIS_KEY_PREFIX=shared_redis_prefix)
    async with tavolo_serve(env) as one, tavolo_serve(env) as two, AsyncExitStack() as stack:
        rng = random.Random(19)
        entries = [(game_type, n) for game_type, count in SEEKERS.items() for n in range(count)]
        rng.shuffle(entries)
        guests = [await Guest.login(running(one), f"{game_type[:4]}-{n}") for game_type, n in entries]
        for guest in guests:
            stack.push_async_callback(guest.close)
        lobbies = await asyncio.gather(
            *(
                seek(one if index % 2 else two, guest, game_type, rng.uniform(0, 1.5))
                for index, (guest, (game_type, _)) in enumerate(zip(guests, entries, strict=True))
            )
        )
        for lobby in lobbies:
            stack.push_async_callback(lobby.close)
        told = await asyncio.gather(*(matched_within(lobby, 6.0) for lobby in lobbies))

        tables: dict[str, list[str]] = {}
        for table_id in {game_id for game_id in told if game_id is not None}:
            tables[table_id] = await seats_of(one, table_id)
        seated = Counter(name for names in tables.values() for name in names)
        told_by_table: dict[str, set[str]] = {}
        for guest, game_id in zip(guests, told, strict=True):
            if game_id is not None:
                told_by_table.setdefault(game_id, set()).add(guest.name)
        waiting = Counter(
            game_type for (game_type, _), game_id in zip(entries, told, strict=True) if game_id is None
        )
        report(
            "quick match on two processes",
            players=len(guests),
            tables=len(tables),
            seated=sum(seated.values()),
            seated_twice=sum(1 for count in seated.values() if count > 1),
            waiting=dict(waiting),
        )
        assert all(count == 1 for count in seated.values()), "nobody is paired twice"
        assert all(set(names) == told_by_table[game_id] for game_id, names in tables.items())
        for game_id, names in tables.items():
            game_type = next(gt for (gt, _), g in zip(entries, told, strict=True) if g == game_id)
            assert len(names) == SEATS[game_type], "every table is full"
        for game_type, count in SEEKERS.items():
            assert waiting[game_type] == count % SEATS[game_type], (
                "nobody waits while a full table is possible"
            )


async def test_a_process_killed_while_players_wait_strands_nobody(
    shared_redis_prefix: str, logging_config: str
) -> None:
    prefix = f"{shared_redis_prefix}-kill"
    env = server_env(logging_config, REDIS_URL=redis_url(), REDIS_KEY_PREFIX=prefix)
    client = connect(redis_url(), client_name=prefix)
    pool = RedisMatchPool(client, RedisKeys(prefix))
    async with AsyncExitStack() as stack:
        stack.push_async_callback(client.aclose)
        survivor = await stack.enter_async_context(tavolo_serve(env))
        doomed = await stack.enter_async_context(tavolo_serve(env))
        names = ["ada", "bice", "ciro", "dina", "ezio", "fede", "gino", "ines"]
        guests = {name: await Guest.login(running(survivor), name) for name in names}
        for guest in guests.values():
            stack.push_async_callback(guest.close)

        # Three wait through the doomed process for a four-seat table; it dies under them.
        gone = [
            await seek(doomed, guests[name], "scopone_scientifico", 0) for name in ("ada", "bice", "ciro")
        ]
        doomed.kill()
        await close_all(*gone)
        await asyncio.sleep(LEASE_SECONDS + 1.5)  # their entries lapse: nobody renews them

        # Four others then seek through the survivor: a table of their own, none of the three.
        fresh = [
            await seek(survivor, guests[name], "scopone_scientifico", 0)
            for name in ("dina", "ezio", "fede", "gino")
        ]
        for lobby in fresh:
            stack.push_async_callback(lobby.close)
        told = await asyncio.gather(*(matched_within(lobby, 5.0) for lobby in fresh))
        table = set(await seats_of(survivor, str(told[0]))) if told[0] else set()

        # Ada, Bice and Ciro reconnect through the survivor and seek again; a dying claimer takes
        # Ines and them for a table it never opens: the survivor opens it and tells them all.
        # (Ines's rating is far off, so the survivor cannot pair her with them itself for a while;
        # the claimer looks a minute ahead, when everyone's window is wide.)
        back = [await seek(survivor, guests[name], "scopa_a_quattro", 0) for name in ("ada", "bice", "ciro")]
        for lobby in back:
            stack.push_async_callback(lobby.close)
        ines = Seeker(guests["ines"].user_id, "ines", "scopa_a_quattro", 1900, time.time())
        await pool.join(ines, 30)
        waiting = await pool.waiting("scopa_a_quattro")
        ahead = find_group(waiting, 4, time.time() + 60, str(uuid.uuid4()))
        assert ahead is not None and len(ahead.members) == 4
        group = dataclasses.replace(ahead, formed=time.time())
        claimed = await pool.claim(group, 60)  # ...and the claimer dies before it opens the table
        later = await asyncio.gather(*(matched_within(lobby, OPEN_GRACE_SECONDS + 4) for lobby in back))
        reopened = set(await seats_of(survivor, group.id)) if all(later) else set()

        report(
            "quick match, a process killed while players wait",
            killed_with_waiting=3,
            later_table=sorted(table),
            ghosts_seated=len(table & {"ada", "bice", "ciro"}),
            claimed_unopened=claimed,
            opened_by_survivor=all(game_id == group.id for game_id in later),
            stranded=sum(1 for game_id in later if game_id is None),
        )
        assert all(told) and len(set(told)) == 1
        assert table == {"dina", "ezio", "fede", "gino"}, "no lapsed seeker is seated"
        assert claimed and all(game_id == group.id for game_id in later)
        assert reopened == {"ada", "bice", "ciro", "ines"}
