"""The player whose move ends a match closes its socket at once (issue 16, section 1).

Browsers do this when a tab closes. Sanic cancels a socket's task when the
socket closes, so whatever records the result must already be durable in the
commit that ended the match. Eight briscola matches to one point per database,
in one ``tavolo serve`` process: the last mover closes the instant ``game_over``
arrives, or right after sending the final card without waiting; every match
must land in both players' histories exactly once, with one rating change each,
and later matches of the same process too (a cancelled SQLite transaction must
not poison the shared connection).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.contract.match_factories import postgres_database
from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.figures import report
from tests.faults.matches import (
    Watch,
    close_all,
    new_briscola,
    play_to_the_end,
    rating_problems,
    running,
    server_env,
    tavolo_migrate,
    wait_recorded,
)

MATCHES = 8
RECORD_WITHIN_SECONDS = 15.0
POISONED = "cannot start a transaction within a transaction"


def close_mode(number: int) -> str:
    """Mostly at ``game_over``, as the issue found it; every third right after the send."""
    return "send" if number % 3 == 2 else "game_over"


async def last_movers_disconnect(server: ServerProcess, database: str) -> None:
    watch = Watch()
    played: list[tuple[str, list[str], list[str]]] = []  # game id, player ids, the players' clients
    guests = []
    closed = {"game_over": 0, "send": 0}
    finished = 0
    drops: list[str] = []
    for number in range(MATCHES):
        host, guest = await watch.login(server, f"Ada{number}"), await watch.login(server, f"Bruno{number}")
        guests += [host, guest]
        game_id, first, second = await new_briscola(host, guest, running(server))
        mode = close_mode(number)
        endings = await asyncio.gather(
            play_to_the_end(first, close=mode), play_to_the_end(second, close=mode)
        )
        finished += any(e.game_over is not None for e in endings)
        for e in endings:
            if e.closed_early is not None:
                closed[e.closed_early] += 1
        watch.sockets_dropped += sum(e.dropped for e in endings)
        drops += [f"match {number} ({mode}): {e.why}" for e in endings if e.dropped]
        played.append((game_id, [host.user_id, guest.user_id], [host.name, guest.name]))
        await close_all(first, second)

    by_game = await asyncio.gather(
        *(
            wait_recorded([guests[2 * n].http, guests[2 * n + 1].http], [game_id], RECORD_WITHIN_SECONDS)
            for n, (game_id, _, _) in enumerate(played)
        )
    )
    recordings = [r[0] for r in by_game]
    rating_errors = []
    for g in guests:
        rating_errors += await rating_problems(g.http, g.user_id, "briscola")
    recorded = sum(r.recorded for r in recordings)
    # Which matches were lost, in play order: a poisoned connection loses every later one.
    lost_at = [n for n, r in enumerate(recordings) if not r.recorded]
    poisoned = server.output().count(POISONED)
    report(
        f"last mover disconnects ({database})",
        matches=MATCHES,
        finished=finished,
        closed_at_game_over=closed["game_over"],
        closed_after_send=closed["send"],
        recorded=f"{recorded}/{MATCHES}",
        lost=sum(r.lost for r in recordings),
        duplicated=sum(r.duplicated for r in recordings),
        ratings_wrong=len(rating_errors),
        **{"5xx": watch.server_errors},
        sockets_dropped=watch.sockets_dropped,
        poisoned_transaction_logs=poisoned,
    )
    await close_all(*guests)

    assert finished == MATCHES, (
        f"every match reached game_over for the player who stayed: {drops}\n{server.output()[-6000:]}"
    )
    assert closed["game_over"] + closed["send"] == MATCHES, "each match's last mover closed early"
    assert not lost_at, (
        f"matches {lost_at} (0-based, in play order) were not recorded within {RECORD_WITHIN_SECONDS:.0f} s"
        f" after their last mover disconnected; {POISONED!r} logged {poisoned} times"
    )
    assert not any(r.duplicated for r in recordings), [r.occurrences for r in recordings]
    assert not rating_errors, rating_errors
    assert watch.server_errors == 0, watch.seen
    assert watch.sockets_dropped == 0, f"{drops}\n{server.output()[-6000:]}"


async def test_matches_are_recorded_when_the_last_mover_disconnects_on_sqlite(
    tmp_path: Path, logging_config: str
) -> None:
    env = server_env(logging_config, SQLITE_PATH=str(tmp_path / "tavolo.sqlite3"))
    async with tavolo_serve(env) as server:
        await last_movers_disconnect(server, "sqlite")


async def test_matches_are_recorded_when_the_last_mover_disconnects_on_postgres(logging_config: str) -> None:
    async with postgres_database() as dsn:
        env = server_env(logging_config, DATABASE_URL=dsn)
        await tavolo_migrate(env)
        async with tavolo_serve(env) as server:
            await last_movers_disconnect(server, "postgres")
