"""The per-process fan-out hub.

One subscription per process: every connection of this process that watches
a game is attached here. A change arrives with its envelope (no store read);
its engine state is decoded at most once per process (``LiveGames.live``, which
the move path of this process already filled), and each seat's view and
events are worked out once, then handed to every connection of that seat: a
seat sees the change's public events and its own private ones, a spectator the
public ones only. The entrypoint turns them into frames. A resync notification
(messages may have been lost) reloads every watched game from the store.

Presence: the hub keeps the latest set of connected users of each watched
game (read at the first attach, then from the presence notices ``Presence``
publishes); every state frame names the seats whose player is connected, and
each change of that set is shown to the game's connections at once.

Storage outages never stop the hub: a fan-out or resync that cannot read the
store is retried as a resync a moment later, and a watched game that is no
longer in the store (expired, or Redis lost its data) is announced to its
connections as gone.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from application.operations.lateness import RecentLateness
from application.playing.following import caught_up
from application.playing.live_games import LiveGames
from application.playing.views import SeatView, match_result, seat_view, shared_fields, shared_view
from application.ports import Notification, Notifier, Presence, StorageUnavailable
from domain.engine import JSON
from domain.events import visible_to, written
from domain.live_game import LiveGame

log = logging.getLogger(__name__)

RESUBSCRIBE_PAUSE = 1.0
RESYNC_RETRY_SECONDS = 1.0


class Subscriber(Protocol):
    """An open client connection: who it is, and how to show it a game."""

    @property
    def user_id(self) -> str | None: ...

    async def show(self, view: SeatView, events: list[JSON], result: JSON | None) -> None:
        """The game as this connection may see it now, the events of the change that made this
        version, and the final ``result`` (scores and winner) once the match is over. Every
        connection shown a version gets the same ``view.shared`` object."""

    async def gone(self) -> None:
        """The game no longer exists (it expired, or the store lost it)."""

    async def present(self, connected: list[int]) -> None:
        """The seats whose player has a connection open on the game changed: these now."""


class GameHub:
    def __init__(self, games: LiveGames, notifier: Notifier, presence: Presence | None = None) -> None:
        self._games = games
        self._notifier = notifier
        self._presence = presence
        self._subscribers: dict[str, set[Subscriber]] = {}
        self._sent_version: dict[Subscriber, int] = {}
        self._present: dict[str, frozenset[str]] = {}  # each watched game's connected users
        self._retry: asyncio.Task[None] | None = None  # a resync waiting for storage to come back
        self._lateness = RecentLateness()

    @property
    def connection_count(self) -> int:
        return len(self._sent_version)

    def lateness(self) -> float:
        """How long after their commit this process has lately been showing most changes, in seconds."""
        return self._lateness.typical(self._games.clock.now())

    async def attach(self, game_id: str, subscriber: Subscriber) -> None:
        """Start following ``game_id`` and send the current state at once.

        Raises ``StorageUnavailable`` (following nothing) when the game cannot be
        watched now; the caller may attach again later."""
        first = game_id not in self._subscribers
        self._subscribers.setdefault(game_id, set()).add(subscriber)
        self._sent_version[subscriber] = 0
        watched = not first
        try:
            if first:
                await self._notifier.watch(game_id)
                watched = True
                if self._presence is not None:
                    self._present[game_id] = await self._presence.here(game_id)
            session = await self._games.store.get(game_id)
        except BaseException:
            await self.detach(game_id, subscriber, watched=watched)
            raise
        if session is not None:  # unless a concurrent broadcast already sent this version or newer
            await self._deliver(session, {subscriber}, force=False, with_events=False)

    def is_attached(self, game_id: str, subscriber: Subscriber) -> bool:
        return subscriber in self._subscribers.get(game_id, ())

    async def detach(self, game_id: str, subscriber: Subscriber, watched: bool = True) -> None:
        followers = self._subscribers.get(game_id)
        self._sent_version.pop(subscriber, None)
        if followers is None or subscriber not in followers:
            return
        followers.discard(subscriber)
        if not followers:
            del self._subscribers[game_id]
            self._present.pop(game_id, None)
            if watched:
                await self._notifier.unwatch(game_id)

    async def resend(self, game_id: str, subscriber: Subscriber) -> None:
        """Send ``subscriber`` the current state, even if it already has it (or say the game is gone)."""
        session = await self._games.store.get(game_id)
        if session is None:
            await self._gone(subscriber)
            return
        await self._deliver(session, {subscriber}, force=True, with_events=False)

    async def run(self) -> None:
        """Consume this process's notifications until cancelled; if the
        subscription itself fails, resubscribe and resync every connection."""
        while True:
            try:
                async for note in self._notifier.listen():
                    await self._handle(note)
            except asyncio.CancelledError:
                if self._retry is not None:
                    self._retry.cancel()
                raise
            except Exception:
                log.exception("notification subscription failed; resubscribing")
            await asyncio.sleep(RESUBSCRIBE_PAUSE)
            await self._handle(Notification(None))

    async def _handle(self, note: Notification) -> None:
        """Fan one notification out; never raises. Without storage, resync a moment later."""
        try:
            await self.on_notification(note)
        except StorageUnavailable as error:
            log.warning("fan-out of game %s postponed, storage unavailable: %s", note.game_id or "*", error)
            self._resync_soon()
        except Exception:
            log.exception("fan-out of %s failed", note)

    def _resync_soon(self) -> None:
        if self._retry is None or self._retry.done():
            self._retry = asyncio.create_task(self._resync_later(), name="tavolo-hub-resync")

    async def _resync_later(self) -> None:
        await asyncio.sleep(RESYNC_RETRY_SECONDS)
        self._retry = None
        await self._handle(Notification(None))

    async def on_notification(self, note: Notification) -> None:
        if note.game_id is None:
            log.info("resyncing %d watched games", len(self._subscribers))
            for game_id in list(self._subscribers):
                await self.broadcast(game_id)
            return
        followers = self._subscribers.get(note.game_id)
        if note.present is not None:
            if followers:
                await self._show_presence(note.game_id, note.present, set(followers))
            return
        if not followers or all(self._sent_version.get(s, 0) >= note.version for s in followers):
            return
        # Each version as announced, in order, so every connection gets every change's events.
        session = caught_up(self._games, note)
        if session is None:
            await self.broadcast(note.game_id)
            return
        now = self._games.clock.now()
        self._lateness.note(now, now - session.updated_at)
        await self._deliver(session, set(followers), force=False)

    async def broadcast(self, game_id: str) -> None:
        followers = self._subscribers.get(game_id)
        if not followers:
            return
        session = await self._games.store.get(game_id)
        if session is None:
            log.info("game %s is gone; telling its %d connection(s)", game_id, len(followers))
            for subscriber in list(followers):
                await self._gone(subscriber)
            return
        await self._deliver(session, set(followers), force=False)

    async def _deliver(
        self, session: LiveGame, targets: set[Subscriber], force: bool, with_events: bool = True
    ) -> None:
        """Show ``session`` to ``targets``; a snapshot (``with_events=False``) carries no events."""
        registry = self._games.registry
        engine = registry.get(session.game_type)
        state = self._games.live.state_of(session, engine)
        shared = shared_fields(engine, session)
        shared["connected"] = self._connected_seats(session)
        # The spectator's view and the envelope built once for every seat; each seat adds its own.
        public = shared_view(engine, session, state, shared)
        result = match_result(registry, session, state)
        # Each event written once per version; each seat picks the ones it may see.
        changes = written(session.events) if with_events else []
        seen: dict[int | None, tuple[SeatView, list[JSON]]] = {}
        shows: list[tuple[Subscriber, SeatView, list[JSON]]] = []
        for subscriber in targets:
            if not force and self._sent_version.get(subscriber, 0) >= session.version:
                continue
            if subscriber in self._sent_version:
                self._sent_version[subscriber] = session.version
            seat = session.seat_of(subscriber.user_id)
            if seat not in seen:
                seen[seat] = (
                    seat_view(engine, session, public, subscriber.user_id, state),
                    visible_to(changes, seat),
                )
            shows.append((subscriber, *seen[seat]))
        # One after the other: a send returns at once unless that socket's buffer is full,
        # and a task per send (gather) cost more than the sends themselves.
        for subscriber, view, events in shows:
            try:
                await subscriber.show(view, events, result)
            except Exception as error:  # a closed socket must not stop the fan-out
                log.debug("send failed: %r", error)

    def _connected_seats(self, session: LiveGame) -> list[int]:
        """The seats of ``session`` whose player has a connection open (computer players always)."""
        here = self._present.get(session.id, frozenset())
        return [
            chair
            for chair, seat in enumerate(session.seats)
            if seat is not None and (seat.bot or seat.user_id in here)
        ]

    async def _show_presence(self, game_id: str, present: frozenset[str], targets: set[Subscriber]) -> None:
        if self._present.get(game_id) == present:
            return
        self._present[game_id] = present
        session = self._games.live.session(game_id) or await self._games.store.get(game_id)
        if session is None:
            return
        connected = self._connected_seats(session)
        for subscriber in targets:
            try:
                await subscriber.present(connected)
            except Exception as error:  # a closed socket must not stop the fan-out
                log.debug("send failed: %r", error)

    async def _gone(self, subscriber: Subscriber) -> None:
        try:
            await subscriber.gone()
        except Exception as error:
            log.debug("send failed: %r", error)
