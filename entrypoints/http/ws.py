"""The WebSocket endpoint ``/ws/games/{id}`` for players and spectators.

Seated players get their personalised view; anyone else is a read-only
spectator. An unknown game is refused with 404 before the handshake (and a
foreign ``Origin`` with 403, by ``entrypoints.http.security``). Every message
gets an answer: a ``state`` frame (an accepted change is broadcast; an accepted
message that changed nothing, such as a repeated ``ack``, gets the current state),
or an ``error`` frame, and the connection stays open whatever the message held —
a failure nobody foresaw is logged with its traceback and answered with code
``internal``, and the socket and the game go on. A frame over
``WS_MAX_MESSAGE_BYTES`` closes it with 1009, and a client that sends faster
than its budget (``WS_RATE_PER_SECOND``, bursts of ``WS_RATE_BURST``) is closed
with 1008. A player's move past what the server takes on at once
(``application.operations.admission``) is answered ``busy`` with ``retry_after_ms`` at
once, having changed nothing.

Each client frame is parsed at the edge into a typed message
(``entrypoints.http.client_messages``: a snapshot request, a rematch, a request
for a suggested move, or a move the game's engine decides on) and dispatched on
its type. A suggestion (``application.playing.suggestions``) is answered to the
socket that asked alone, with a ``suggestion`` frame; the socket reads its next
message once that answer is sent (a searching computer player's thinking, away
from the event loop, takes up to about a second).

A worker that is stopping (``entrypoints.draining``) refuses new sockets (503
before the handshake), answers a move or a rematch ``busy`` with
``retry_after_ms``, lets the moves under way end and their answers go out,
then closes every socket with 1012 ("service restart"): the client reconnects,
to any worker, and the snapshot it gets on connect carries the current version.

Storage outages: a message that needs Redis or the database while it is out of
reach is answered ``{"type": "error", "code": "unavailable"}`` and the socket
stays open (a socket that could not start following its game tries again on
its next message). Only when the caller's login cannot be read at all is the
socket closed at once, with 1013 ("try again later") after that frame.
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
from sanic.response import HTTPResponse
from sanic.response import json as json_response
from websockets.exceptions import ConnectionClosed

from application.identity.caller import Identity
from application.operations.admission import Admission
from application.operations.rate_limit import TokenBucket
from application.playing.attendance import Attendance
from application.playing.hub import GameHub
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.rematch import ask_rematch
from application.playing.suggestions import suggest
from application.playing.views import SeatView
from application.ports import Clock, StorageUnavailable
from domain.engine import JSON
from domain.errors import Forbidden, NotFound, TavoloError
from entrypoints.config import Settings
from entrypoints.container import Container
from entrypoints.draining import RESTART_REASON, SERVICE_RESTART, Drain
from entrypoints.errors import error_body, traceback_without_values, ws_error, ws_unavailable
from entrypoints.http.client_messages import Move, Rematch, Snapshot, Suggest, parse_client_message
from entrypoints.http.context import identity
from entrypoints.http.frames import (
    frame_json,
    game_over_frame,
    gone_frame,
    internal_frame,
    presence_frame,
    state_frame_text,
    suggestion_frame,
)
from entrypoints.telemetry_setup import socket_trace

log = logging.getLogger(__name__)

bp = Blueprint("ws")
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013  # RFC 6455's registry: the server cannot serve this socket now


class SocketSubscriber:
    """One open socket as the hub sees it. Each state frame is stamped with ``clock``'s time as it
    is built for this socket: the stamp and the seat's own fields are written per socket, the
    view's shared part once per version (``frames.state_frame_text``)."""

    def __init__(self, ws: Websocket, user_id: str | None, clock: Clock) -> None:
        self._ws = ws
        self._user_id = user_id
        self._clock = clock
        self.state_version = 0
        """The version of the last ``state`` frame sent on this socket."""
        self.owed_version = 0
        """The version the last move accepted on this socket made: its answer is owed until sent."""

    @property
    def user_id(self) -> str | None:
        return self._user_id

    async def show(self, view: SeatView, events: list[JSON], result: JSON | None) -> None:
        self.state_version = view.version
        await self._ws.send(state_frame_text(view, events, self._clock.now()))
        if result is not None:
            await self.send(game_over_frame(result))

    async def gone(self) -> None:
        await self.send(gone_frame())

    async def present(self, connected: list[int]) -> None:
        await self.send(presence_frame(connected))

    async def send(self, frame: JSON) -> None:
        await self._ws.send(frame_json(frame).decode())

    def answered(self) -> bool:
        return self.state_version >= self.owed_version

    async def close(self, code: int, reason: str) -> None:
        await self._ws.close(code, reason)


@bp.on_request
@inject
async def refuse_unknown_games(
    request: Request, games: LiveGames = Provide[Container.games]
) -> HTTPResponse | None:
    """Unknown game ids get a 404 before the WebSocket handshake happens."""
    if request.route is None or request.route.name != f"{request.app.name}.ws.game_socket":
        return None
    game_id = request.match_info.get("game_id", "")
    if await games.store.get(game_id) is None:
        return json_response(error_body(NotFound.code, "no such game"), status=404)
    return None


async def attach(hub: GameHub, game_id: str, subscriber: SocketSubscriber) -> bool:
    """Follow the game; without storage, say so and let the caller try again later."""
    try:
        await hub.attach(game_id, subscriber)
    except StorageUnavailable as error:
        log.warning("game %s: cannot follow it now, storage unavailable: %s", game_id, error)
        await subscriber.send(ws_unavailable())
        return False
    return True


class _Serving(NamedTuple):
    """What ``game_socket`` was given, handed on to its message loop."""

    games: LiveGames
    hub: GameHub
    admission: Admission
    attendance: Attendance
    drain: Drain
    settings: Settings


@bp.websocket("/ws/games/<game_id:str>")
@inject
async def game_socket(
    request: Request,
    ws: Websocket,
    game_id: str,
    games: LiveGames = Provide[Container.games],
    hub: GameHub = Provide[Container.hub],
    admission: Admission = Provide[Container.admission],
    attendance: Attendance = Provide[Container.attendance],
    drain: Drain = Provide[Container.drain],
    settings: Settings = Provide[Container.settings],
) -> None:
    """Its dependencies are injected once per connection, never per message."""
    try:
        user = await identity(request)
    except StorageUnavailable as error:  # who is this? unknowable now: come back later
        log.warning("game %s: socket refused, login sessions unavailable: %s", game_id, error)
        await ws.send(orjson.dumps(ws_unavailable()).decode())
        await ws.close(TRY_AGAIN_LATER, "storage unavailable, try again later")
        return
    user_id = None if user is None else user.user_id
    subscriber = SocketSubscriber(ws, user_id, games.clock)
    if not drain.enter(subscriber):  # it got in as the worker began to stop
        await ws.close(SERVICE_RESTART, RESTART_REASON)
        return
    try:
        serving = _Serving(games, hub, admission, attendance, drain, settings)
        await _serve(request, ws, game_id, user, subscriber, serving)
    finally:
        drain.leave(subscriber)


async def _serve(
    request: Request,
    ws: Websocket,
    game_id: str,
    user: Identity | None,
    subscriber: SocketSubscriber,
    serving: _Serving,
) -> None:
    user_id = subscriber.user_id
    games, hub, admission, attendance, drain, settings = serving
    log.info("socket opened on game %s by %s", game_id, user_id or "anonymous")
    traced = socket_trace(request, game_id, user_id)
    budget = TokenBucket(settings.ws_rate_per_second, settings.ws_rate_burst, time.monotonic())
    attached = await attach(hub, game_id, subscriber)
    here = None if user is None else await attendance.arrive(game_id, user.user_id)
    try:
        async for raw in ws:
            if not budget.take(time.monotonic()):
                log.info("closing a flooding socket on game %s by %s", game_id, user_id or "anonymous")
                await ws.close(POLICY_VIOLATION, "too many messages")
                break
            if not attached and not (attached := await attach(hub, game_id, subscriber)):
                continue  # still no storage: this message was answered 'unavailable'
            try:
                message = parse_client_message(raw)
                match message:
                    case Snapshot(action=action):
                        await traced.action(action, hub.resend(game_id, subscriber))
                    case Rematch():
                        if user is None:
                            raise Forbidden("spectators cannot ask for a rematch")
                        known = subscriber.state_version
                        with drain.move():
                            session = await traced.action("rematch", ask_rematch(games, user, game_id))
                        subscriber.owed_version = max(subscriber.owed_version, session.version)
                        if session.version <= known:  # asked already: no broadcast comes
                            await hub.resend(game_id, subscriber)
                    case Suggest():
                        if user is None:
                            raise Forbidden("spectators get no suggestions")
                        with drain.move():
                            suggestion = await traced.action("suggest", suggest(games, user_id, game_id))
                        subscriber.owed_version = max(subscriber.owed_version, suggestion.version)
                        await subscriber.send(suggestion_frame(suggestion.version, suggestion.action))
                    case Move(action=action, payload=payload):
                        known = subscriber.state_version
                        with drain.move(), admission.move(game_id):
                            session = await traced.action(action, act(games, game_id, user_id, payload))
                        subscriber.owed_version = max(subscriber.owed_version, session.version)
                        if session.version <= known:  # accepted but changed nothing (a repeated ack):
                            await hub.resend(game_id, subscriber)  # no broadcast comes, so answer here
                    case _:
                        assert_never(message)
            except TavoloError as error:
                log.debug("game %s: refused %s: %s", game_id, error.code, error.message)
                await subscriber.send(ws_error(error))
            except StorageUnavailable as error:
                log.warning("game %s: storage unavailable: %s", game_id, error)
                await subscriber.send(ws_unavailable())
            except (ConnectionClosed, WebsocketClosed):
                raise  # the socket itself is gone: nothing left to answer
            except Exception as error:  # the edge is total: one bad message never ends a socket
                log.error(
                    "game %s: unexpected %s while handling a message\n%s",
                    game_id,
                    type(error).__qualname__,
                    traceback_without_values(error),
                )
                await subscriber.send(internal_frame())
    finally:
        await hub.detach(game_id, subscriber)
        if here is not None:
            await attendance.depart(here)
        traced.end()
        log.info("socket closed on game %s by %s", game_id, user_id or "anonymous")
