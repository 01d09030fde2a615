"""State-change notifications across processes, over Redis pub/sub."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import AsyncIterator
from functools import partial

from adapters.listeners import Listeners
from adapters.redis.codec import decode_logged, decode_session, encode_session
from adapters.redis.connection import Client, check_layout, is_cluster
from adapters.redis.keys import RedisKeys
from adapters.redis.subscription import ShardedSubscription, Subscription
from application.ports import Notification
from domain.live_game import LiveGame
from domain.match_log import Logged

logger = logging.getLogger(__name__)

_VERSION_FIRST = re.compile(r'\{"version":(\d+),')  # how encode_session starts every envelope


# How a presence notice starts (``RedisPresence`` publishes it): then a JSON array of user ids.
PRESENCE_MARK = "p"


def _present(data: str) -> frozenset[str] | None:
    """The user ids of a presence notice, or ``None`` if it is malformed."""
    try:
        users = json.loads(data[len(PRESENCE_MARK) :])
    except ValueError:
        return None
    if not isinstance(users, list) or not all(isinstance(user, str) for user in users):
        return None
    return frozenset(users)


# How the announcement of a change by its log entry alone starts (``RedisCommits`` publishes it,
# flag ``d`` of its script): then the entry's JSON (``encode_logged``).
CHANGE_MARK = "d"


def _change(data: str) -> Logged | None:
    """The logged change of an announcement by change, or ``None`` if it is malformed."""
    try:
        return decode_logged(data[len(CHANGE_MARK) :])
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def _decoded(data: str) -> LiveGame | None:
    try:
        return decode_session(data)
    except (ValueError, KeyError, TypeError):
        logger.warning("ignored a malformed envelope in a game notification")
        return None


class RedisNotifier:
    """A ``Notifier`` on Redis pub/sub: one channel per game, one connection per process.

    ``publish`` sends the version on the game's channel, or the envelope's JSON
    when it has the session (as ``RedisCommits`` does, from its script, unless it
    announces the change alone: ``d`` and the log entry's JSON, which becomes
    ``Notification.logged``). ``watch``/``unwatch``
    are reference-counted per game: the process subscribes to a channel on its
    first watch (returning once Redis confirmed it) and unsubscribes on its
    last unwatch. Every ``listen()`` iterator (subscribed when ``listen`` is
    called) receives every notification of a watched game, and a resync
    ``Notification(None)`` after the pub/sub connection dropped and came back,
    since whatever was published meanwhile is lost. A presence notice on a
    game's channel (``p`` and a JSON array of user ids, from ``RedisPresence``)
    becomes ``Notification(game_id, present=…)``; a malformed message is
    logged and ignored. ``close`` ends the subscription; the client itself
    belongs to the caller.

    On a Redis Cluster a game's channel is a shard channel in the hash slot of
    the game's keys (``RedisKeys``): it is published with ``SPUBLISH`` (the
    commit script's too), which reaches only the master owning that slot, and
    watched with ``SSUBSCRIBE`` on a connection to that master
    (``ShardedSubscription``: one per master this process watches games on).
    """

    def __init__(self, client: Client, keys: RedisKeys) -> None:
        self._client = client
        self._keys = keys
        check_layout(client, keys.cluster)
        self._subscription: Subscription | ShardedSubscription
        if is_cluster(client):
            self._subscription = ShardedSubscription(client, self._received, self._resync)
        else:
            self._subscription = Subscription(client, self._received, self._resync)
        self._watch_counts: dict[str, int] = {}
        self._games_by_channel: dict[str, str] = {}
        self._listeners: Listeners[Notification] = Listeners()

    async def publish(self, game_id: str, version: int, session: LiveGame | None = None) -> None:
        message = str(version) if session is None else encode_session(session)
        channel = self._keys.events(game_id)
        if is_cluster(self._client):
            receivers = await self._client.spublish(channel, message)
        else:
            receivers = await self._client.publish(channel, message)
        logger.debug("game %s at version %d announced to %d process(es)", game_id, version, receivers)

    async def watch(self, game_id: str) -> None:
        count = self._watch_counts.get(game_id, 0) + 1
        self._watch_counts[game_id] = count
        if count == 1:
            channel = self._keys.events(game_id)
            self._games_by_channel[channel] = game_id
            try:
                await self._subscription.subscribe(channel)
            except BaseException:
                self._watch_counts.pop(game_id, None)  # not watched: the next watch subscribes again
                self._games_by_channel.pop(channel, None)
                raise

    async def unwatch(self, game_id: str) -> None:
        count = self._watch_counts.get(game_id, 0)
        if count > 1:
            self._watch_counts[game_id] = count - 1
            return
        if count == 0:
            logger.debug("unwatch of game %s, which is not watched: ignored", game_id)
            return
        del self._watch_counts[game_id]
        channel = self._keys.events(game_id)
        self._games_by_channel.pop(channel, None)
        await self._subscription.unsubscribe(channel)

    def listen(self) -> AsyncIterator[Notification]:
        return self._listeners.listen()

    async def close(self) -> None:
        await self._subscription.close()

    def _received(self, channel: str, data: str) -> None:
        game_id = self._games_by_channel.get(channel)
        if game_id is None:
            return  # unwatched meanwhile: Redis had not yet processed the UNSUBSCRIBE
        if data.startswith("{"):
            # An envelope, written version first: the version is read off its start, and the rest
            # is decoded only by a process that does not hold that version already.
            written_first = _VERSION_FIRST.match(data)
            if written_first is None:
                logger.warning("ignored a notification whose envelope does not start with its version")
                return
            notification = Notification(game_id, int(written_first[1]), decode=partial(_decoded, data))
        elif data.startswith(CHANGE_MARK):
            change = _change(data)
            if change is None:
                logger.warning("ignored a malformed change in a game notification")
                return
            notification = Notification(game_id, change.version, logged=change)
        elif data.startswith(PRESENCE_MARK):
            present = _present(data)
            if present is None:
                logger.warning("ignored a malformed presence notice on a game channel")
                return
            notification = Notification(game_id, present=present)
        else:
            try:
                notification = Notification(game_id, int(data))
            except ValueError:
                logger.warning("ignored a malformed notification on a game channel")
                return
        self._listeners.deliver(notification)

    def _resync(self) -> None:
        self._listeners.deliver(Notification(None))
