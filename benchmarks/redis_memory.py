"""Redis memory per live game, for each game type (issue 35).

For each game type one match is played on Redis as the server keeps it (the app's container on a
key prefix of its own): a person against computer players, every change through the one transition
path. ``MEMORY USAGE`` (every element counted) of every key under the prefix is summed right after the
match started, every ``SAMPLE_EVERY`` changes while it is under way (the report gives the mean and
the largest), and once it is over and its result recorded (what ``FINISHED_GAME_TTL_SECONDS`` then
keeps).
With ``--games 1`` (the default) the prefix holds this one game only, so the sum is that game's:
its envelope, its move log, its deadlines, its index entries — and the whole of the keys every game
shares (the live-games index, the deadline queue, a user's game index), which a server with many
games spreads over all of them. ``--games N`` plays N matches of each type side by side, a change of
each in turn, and counts each game under way at every sample: its own keys (those naming its id),
plus the keys that name no game over N (the games whose entries they hold; counting them over the
games still under way, as an earlier version did, weighed the last samples of a run, where one or
two games are left beside the shared keys of twenty, as if they were that large).

    .venv/bin/python benchmarks/redis_memory.py [--redis-url URL] [--games N] [--json OUT]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis.asyncio as redis

from application.identity.caller import Identity
from application.playing import computer_players
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.play_computer import play_computer
from application.playing.queries import snapshot
from application.playing.schedule import bot_token
from application.playing.transition import transition
from application.results.recording import record_if_finished
from entrypoints.config import Settings
from entrypoints.container import Container

PERSON = Identity("user:persona", "Persona")
SAMPLE_EVERY = 5
"""Changes between two measurements while the match is under way."""


async def used(client: redis.Redis, prefix: str) -> tuple[int, int]:
    """Bytes (``MEMORY USAGE``) and number of the keys under ``prefix``."""
    total = keys = 0
    async for key in client.scan_iter(match=f"{prefix}*", count=1000):
        total += int(await client.memory_usage(key, samples=0) or 0)
        keys += 1
    return total, keys


async def per_game(
    client: redis.Redis, prefix: str, ids: Sequence[str], under_way: Sequence[str]
) -> list[float]:
    """The bytes of each game ``under_way`` (of the games ``ids``): its own keys (every key naming its
    id), plus its share of the keys that name no game — the shared ones and the join codes — spread
    over all of ``ids``, whose entries they hold. Keys of the games already over are left out."""
    own = dict.fromkeys(under_way, 0)
    shared = 0
    async for key in client.scan_iter(match=f"{prefix}*", count=1000):
        size = int(await client.memory_usage(key, samples=0) or 0)
        named = next((game_id for game_id in ids if game_id.encode() in key), None)
        if named is None:
            shared += size
        elif named in own:
            own[named] += size
    return [size + shared / len(ids) for size in own.values()]


async def step(games: LiveGames, game_id: str) -> bool:
    """One change: the person's move or acknowledgement, else a computer player's. False once over."""
    view = await snapshot(games, game_id, PERSON.user_id)
    if view["status"] == "finished":
        return False
    if view.get("your_turn"):
        await act(games, game_id, PERSON.user_id, dict(view["legal_moves"][0]))
    elif view["phase"] == "hand_end" and view["seat"] not in view.get("acknowledged", []):
        await act(games, game_id, PERSON.user_id, {"action": "ack"})
    else:
        await transition(games, game_id, computer_players.move(games, bot_token(view["version"])))
    return True


async def one(game_type: str, url: str, count: int = 1) -> dict[str, Any]:
    prefix = f"tavolo-memory-{uuid.uuid4().hex[:8]}"
    settings = Settings(redis_url=url, redis_key_prefix=prefix, database_url="memory://")
    container = Container(settings=settings)
    client = redis.from_url(url)
    try:
        games = await container.games.async_()
        ids = [(await play_computer(games, PERSON, game_type, "easy")).id for _ in range(count)]
        row: dict[str, Any] = {"game_type": game_type, "games": count}
        started, row["keys"] = await used(client, prefix)
        row["started_bytes"] = started / count
        sizes: list[float] = []
        under_way = list(ids)
        changes = 0
        while under_way:
            under_way = [game_id for game_id in under_way if await step(games, game_id)]
            changes += 1
            if changes % SAMPLE_EVERY == 0 and under_way:
                sizes += await per_game(client, prefix, ids, under_way)
        row["under_way_bytes"] = round(statistics.fmean(sizes))
        row["largest_bytes"] = round(max(sizes))
        for game_id in ids:
            finished = await games.store.get(game_id)
            assert finished is not None
            await record_if_finished(games, finished)  # as the deadline worker would, if the move did not
        row["finished_bytes"] = (await used(client, prefix))[0] / count
        versions = [(await snapshot(games, game_id, PERSON.user_id))["version"] for game_id in ids]
        row["versions"] = round(statistics.fmean(versions))
        return row
    finally:
        async for key in client.scan_iter(match=f"{prefix}*", count=1000):
            await client.delete(key)
        await client.aclose()
        closing = container.shutdown_resources()
        if closing is not None:
            await closing


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--games", type=int, default=1, help="matches of each type played side by side")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    from entrypoints.game_packages import installed_registry

    rows = [await one(game_type, args.redis_url, args.games) for game_type in installed_registry().game_types]
    print(f"per live game, {args.games} at once:")
    print("| game type | started | under way: mean / largest | finished and recorded | changes |")
    print("|---|---:|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['game_type']} | {row['started_bytes'] / 1024:.1f} KB | "
            f"{row['under_way_bytes'] / 1024:.1f} / {row['largest_bytes'] / 1024:.1f} KB | "
            f"{row['finished_bytes'] / 1024:.1f} KB | {row['versions']} |"
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
