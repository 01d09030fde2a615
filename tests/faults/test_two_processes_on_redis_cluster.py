"""Two ``tavolo serve`` processes on one Redis Cluster (``REDIS_CLUSTER_NODES``) and one
PostgreSQL database.

The cluster is this module's own: three masters on loopback ports (``tests.cluster``), stopped
when the module ends. The processes share nothing but the cluster and the database.

- A whole match played across the two processes (host on one, guest on the other): every move
  of each reaches the other through the game's shard channel, the match ends on both, and its
  result is recorded exactly once, with the ratings moved once.
- One process killed mid-match: the other finishes it by turn timeouts (its deadline worker
  claims them from the game's shard of the queue) and records it once.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

from adapters.redis import RedisKeys
from adapters.redis.connection import connect_cluster
from tests.cluster import RedisClusterServers
from tests.contract.match_factories import postgres_database
from tests.contract.redis_factories import delete_keys
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
    tavolo_migrate,
    wait_recorded,
)
from tests.integration.players import first_legal_move
from tests.integration.server import Socket

pytestmark = pytest.mark.asyncio(loop_scope="module")

SHORT_TURN = "0.3"  # process A: a match it starts runs on short turn timeouts, whoever fires them


@pytest.fixture(scope="module")
def cluster() -> Iterator[RedisClusterServers]:
    servers = RedisClusterServers()
    servers.start()
    try:
        yield servers
    finally:
        servers.stop()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def prefix(cluster: RedisClusterServers) -> AsyncIterator[str]:
    prefix = f"tavolo-faults-{uuid.uuid4().hex}"
    yield prefix
    client = connect_cluster(cluster.nodes, client_name=prefix)
    try:
        await delete_keys(client, RedisKeys(prefix, cluster=True))
    finally:
        await client.aclose()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def database() -> AsyncIterator[str]:
    async with postgres_database() as dsn:
        await tavolo_migrate({"DATABASE_URL": dsn})
        yield dsn


@pytest.fixture(scope="module")
def env(cluster: RedisClusterServers, prefix: str, database: str, logging_config: str) -> dict[str, str]:
    return server_env(
        logging_config,
        REDIS_CLUSTER_NODES=cluster.env_value,
        REDIS_KEY_PREFIX=prefix,
        DATABASE_URL=database,
        TURN_TIMEOUT_SECONDS="3",
    )


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def process_b(env: dict[str, str]) -> AsyncIterator[ServerProcess]:
    async with tavolo_serve(env) as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def process_a(env: dict[str, str], process_b: ServerProcess) -> AsyncIterator[ServerProcess]:
    async with tavolo_serve({**env, "TURN_TIMEOUT_SECONDS": SHORT_TURN}) as server:
        yield server


async def play_until(socket: Socket, version: int) -> None:
    """Play the first legal move on each of this player's turns until the game reaches ``version``."""
    acted = 0
    while True:
        frame = await socket.receive(timeout=10)
        game = frame.get("game")
        if frame["type"] != "state" or game is None:
            continue
        if game["version"] >= version:
            return
        if game["version"] > acted and game.get("your_turn"):
            acted = game["version"]
            await socket.send(first_legal_move(game))


async def test_a_match_played_across_two_processes_on_the_cluster_is_recorded_once(
    process_a: ServerProcess, process_b: ServerProcess, cluster: RedisClusterServers, prefix: str
) -> None:
    watch = Watch()
    host = await watch.login(process_a, "Ada")
    guest = await watch.login(process_b, "Bruno")
    game_id, on_a, on_b = await new_briscola(host, guest, running(process_a), running(process_b))
    # the host's view on B: every state its own moves made on A
    host_b, guest_a = client_on(process_b, host, watch), client_on(process_a, guest, watch)

    endings = await asyncio.gather(play_to_the_end(on_a, timeout=60), play_to_the_end(on_b, timeout=60))

    recording = (await wait_recorded([host.http, guest.http], [game_id], 20.0))[0]
    views = [(await client.get(f"/api/games/{game_id}")).json() for client in (host_b, guest_a)]
    rating_errors = [
        *await rating_problems(host_b, host.user_id, "briscola"),
        *await rating_problems(guest_a, guest.user_id, "briscola"),
    ]
    keys, client = RedisKeys(prefix, cluster=True), connect_cluster(cluster.nodes, client_name=prefix)
    try:  # the game lives in the cluster's layout: under its shard's hash tag
        stored_in_its_shard = bool(await client.exists(keys.game(game_id)))
    finally:
        await client.aclose()
    report(
        "a match across two processes on a Redis Cluster",
        finished_on_both=all(ending.game_over is not None for ending in endings),
        stored_in_its_shard=stored_in_its_shard,
        final_version=views[0].get("version"),
        same_version_on_both=views[0].get("version") == views[1].get("version"),
        recorded=f"{int(recording.recorded)}/1",
        duplicated=int(recording.duplicated),
        ratings_wrong=len(rating_errors),
        **{"5xx": watch.server_errors},
        sockets_dropped=sum(int(ending.dropped) for ending in endings),
    )
    await close_all(on_a, on_b, host, guest)
    await host_b.aclose()
    await guest_a.aclose()
    assert stored_in_its_shard, keys.game(game_id)
    assert all(ending.game_over is not None for ending in endings), "both processes showed the end"
    assert not any(ending.dropped for ending in endings)
    assert views[0]["status"] == views[1]["status"] == "finished"
    assert views[0]["version"] == views[1]["version"]
    assert recording.recorded and not recording.duplicated, recording.occurrences
    assert not rating_errors, rating_errors
    assert watch.server_errors == 0, watch.seen


async def test_a_process_killed_mid_match_leaves_the_other_to_finish_and_record_it(
    process_a: ServerProcess, process_b: ServerProcess
) -> None:
    watch = Watch()
    host = await watch.login(process_a, "Ciro")
    guest = await watch.login(process_a, "Dina")
    # Started on A, so the match runs on A's short turn timeout, whoever fires it.
    game_id, on_a, on_b = await new_briscola(host, guest, running(process_a), running(process_b))
    started = int((await host.http.get(f"/api/games/{game_id}")).json()["version"])
    # a few cards each, the host's through A, the guest's through B; then A dies
    await asyncio.gather(play_until(on_a, started + 6), play_until(on_b, started + 6))
    process_a.kill()

    ending = await play_to_the_end(on_b, timeout=90)
    host_b, guest_b = client_on(process_b, host, watch), client_on(process_b, guest, watch)
    recording = (await wait_recorded([host_b, guest_b], [game_id], 20.0))[0]
    report(
        "process killed mid-match on a Redis Cluster",
        finished=ending.game_over is not None,
        recorded=f"{int(recording.recorded)}/1",
        duplicated=int(recording.duplicated),
        **{"5xx": watch.server_errors},
        sockets_dropped=int(ending.dropped),
    )
    await close_all(on_a, on_b, host, guest)
    await host_b.aclose()
    await guest_b.aclose()
    assert ending.game_over is not None, "the survivor finished the match by timeouts"
    assert recording.recorded and not recording.duplicated, recording.occurrences
    assert watch.server_errors == 0, watch.seen
    assert not ending.dropped
