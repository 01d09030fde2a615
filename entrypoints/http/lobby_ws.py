"""The lobby's WebSocket ``/ws/lobby``: the open tables as they change, and quick match.

The server sends ``{"type": "open_tables", "tables": [...]}`` on connect and
whenever the list changes (one read per process and change, see
``application.finding.open_tables.LobbyFeed``). A logged-in client may send
``{"action": "seek", "game_type": ..., "computers_after": seconds | null,
"options": {...}}`` to wait in the quick-match pool (``options``, optional: the
match length only, e.g. ``{"deals_to_win": 2}``; only seekers of the same game
type and options are seated together), answered ``{"type": "seeking", ...}``, and
``{"action": "cancel"}`` to stop (``{"type": "seek_cancelled"}``); when a
table is made it gets ``{"type": "matched", "game_id": ..., "game_type": ...}``
and is out of the pool. ``{"action": "arena", "arena_id": ...}`` follows an arena
(``null``: stop): the socket gets ``{"type": "arena", "arena": {...}}`` (the arena
page's data, as ``GET /api/arenas/{id}``) at once and whenever it changes, and
``{"type": "arena_table", "arena_id": ..., "game_id": ...}`` once per table the
pairing seats its player at; while it follows, its player counts as present
(a waiting player none of whose sockets is seen for 30 s is paused). A socket
that closes leaves the pool. ``{"action": "tables"}`` asks for the list again.
Each frame is parsed at the edge into a typed message
(``entrypoints.http.client_messages``) and dispatched on its type; any other
action, and every refused message, gets an ``error`` frame and the socket
stays open; the edge's limits (frame size, message budget, Origin) are the
game socket's. A worker that is stopping closes every lobby socket with 1012
("service restart"), taking it out of the pool: the client reconnects (to any
worker) and seeks again.
"""

from __future__ import annotations

import logging
import time
from typing import NamedTuple, assert_never

import orjson
from dependency_injector.wiring import Provide, inject
from sanic import Blueprint, Websocket
from sanic.exceptions import WebsocketClosed
from sanic.request import Request
from websockets.exceptions import ConnectionClosed

from application.arenas.context import ArenaContext
from application.arenas.entry import find_arena
from application.arenas.feed import ArenaFeed
from application.finding.open_tables import LobbyFeed, open_tables
from application.finding.quick_match import Matchmaker
from application.identity.caller import Identity
from application.operations.rate_limit import TokenBucket
from application.playing.live_games import LiveGames
from application.ports import Clock, StorageUnavailable
from domain.engine import JSON
from domain.errors import TavoloError, Unauthorized
from domain.live_game import LiveGame
from domain.matchmaking import Seeker
from entrypoints.config import Settings
from entrypoints.container import Container
from entrypoints.draining import RESTART_REASON, SERVICE_RESTART, Drain
from entrypoints.errors import traceback_without_values, ws_error, ws_unavailable
from entrypoints.http.client_messages import (
    CancelSeek,
    FollowArena,
    ListTables,
    Seek,
    parse_lobby_message,
)
from entrypoints.http.context import identity
from entrypoints.http.frames import internal_frame
from entrypoints.http.ws import POLICY_VIOLATION, TRY_AGAIN_LATER

log = logging.getLogger(__name__)

bp = Blueprint("lobby_ws")


class LobbySocket:
    """One lobby socket: a ``LobbyWatcher`` of the open tables, while it seeks a waiting
    connection of the ``Matchmaker``, and while it follows an arena an ``ArenaWatcher``."""

    def __init__(self, ws: Websocket, clock: Clock, user: Identity | None = None) -> None:
        self._ws = ws
        self._clock = clock
        self._user = user
        self.seeking: Seeker | None = None

    @property
    def user_id(self) -> str | None:
        return None if self._user is None else self._user.user_id

    async def arena_changed(self, view: JSON) -> None:
        await self.send({"type": "arena", "arena": view})

    async def table_ready(self, arena_id: str, game_id: str) -> None:
        await self.send({"type": "arena_table", "arena_id": arena_id, "game_id": game_id})

    async def tables(self, listed: list[JSON]) -> None:
        await self.send({"type": "open_tables", "tables": listed})

    async def matched(self, session: LiveGame) -> None:
        self.seeking = None
        await self.send({"type": "matched", "game_id": session.id, "game_type": session.game_type})

    async def waiting(self, seeker: Seeker) -> None:
        self.seeking = seeker
        await self.send(
            {
                "type": "seeking",
                "game_type": seeker.game_type,
                "since": seeker.since,
                "rating": seeker.rating,
                "computers_after": seeker.computers_after,
                "options": dict(seeker.options),
                "server_time": self._clock.now(),
            }
        )

    async def send(self, frame: JSON) -> None:
        await self._ws.send(orjson.dumps(frame).decode())

    def answered(self) -> bool:
        return True  # its answers are sent as each message is handled

    async def close(self, code: int, reason: str) -> None:
        await self._ws.close(code, reason)


class _Serving(NamedTuple):
    """What ``lobby_socket`` was given, handed on to its message loop."""

    games: LiveGames
    feed: LobbyFeed
    matchmaker: Matchmaker
    settings: Settings
    arenas: ArenaContext
    arena_feed: ArenaFeed


@bp.websocket("/ws/lobby")
@inject
async def lobby_socket(
    request: Request,
    ws: Websocket,
    games: LiveGames = Provide[Container.games],
    feed: LobbyFeed = Provide[Container.lobby_feed],
    matchmaker: Matchmaker = Provide[Container.matchmaker],
    drain: Drain = Provide[Container.drain],
    settings: Settings = Provide[Container.settings],
    arenas: ArenaContext = Provide[Container.arenas],
    arena_feed: ArenaFeed = Provide[Container.arena_feed],
) -> None:
    """Its dependencies are injected once per connection, never per message."""
    try:
        user: Identity | None = await identity(request)
    except StorageUnavailable as error:
        log.warning("lobby socket refused, login sessions unavailable: %s", error)
        await ws.send(orjson.dumps(ws_unavailable()).decode())
        await ws.close(TRY_AGAIN_LATER, "storage unavailable, try again later")
        return
    socket = LobbySocket(ws, games.clock, user)
    if not drain.enter(socket):  # it got in as the worker began to stop
        await ws.close(SERVICE_RESTART, RESTART_REASON)
        return
    try:
        serving = _Serving(games, feed, matchmaker, settings, arenas, arena_feed)
        await _serve(request, ws, user, socket, serving)
    finally:
        drain.leave(socket)


async def _serve(
    request: Request, ws: Websocket, user: Identity | None, socket: LobbySocket, serving: _Serving
) -> None:
    games, feed, matchmaker, settings, arenas, arena_feed = serving
    budget = TokenBucket(settings.ws_rate_per_second, settings.ws_rate_burst, time.monotonic())
    try:
        try:
            await feed.attach(socket)
        except StorageUnavailable as error:
            log.warning("lobby socket: open tables unavailable: %s", error)
            await socket.send(ws_unavailable())
        async for raw in ws:
            if not budget.take(time.monotonic()):
                await ws.close(POLICY_VIOLATION, "too many messages")
                break
            try:
                message = parse_lobby_message(raw)
                match message:
                    case ListTables():
                        await socket.tables(await open_tables(games))
                    case Seek(game_type=game_type, computers_after=after, options=options):
                        if user is None:
                            raise Unauthorized("log in to play now")
                        await matchmaker.seek(user, game_type, after, socket, options)
                    case CancelSeek():
                        if user is not None:
                            await matchmaker.cancel(user.user_id, socket)
                        socket.seeking = None
                        await socket.send({"type": "seek_cancelled"})
                    case FollowArena(arena_id=arena_id):
                        arena_feed.unwatch(socket)
                        if arena_id is not None:
                            await find_arena(arenas, arena_id)  # not_found for an unknown one
                            arena_feed.watch(arena_id, socket)
                            if user is not None:
                                await arenas.live.touch(arena_id, [user.user_id], games.clock.now())
                            await arena_feed.update_one(arena_id, socket)
                    case _:
                        assert_never(message)
            except TavoloError as error:
                await socket.send(ws_error(error))
            except StorageUnavailable as error:
                log.warning("lobby socket: storage unavailable: %s", error)
                await socket.send(ws_unavailable())
            except (ConnectionClosed, WebsocketClosed):
                raise
            except Exception as error:  # one bad message never ends a socket
                log.error(
                    "lobby socket: unexpected %s while handling a message\n%s",
                    type(error).__qualname__,
                    traceback_without_values(error),
                )
                await socket.send(internal_frame())
    finally:
        feed.detach(socket)
        arena_feed.unwatch(socket)
        if user is not None:
            try:
                await matchmaker.cancel(user.user_id, socket)
            except StorageUnavailable as error:  # its lease lapses on its own
                log.warning("lobby socket closed while storage is unavailable: %s", error)
