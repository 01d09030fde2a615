"""This process's open connections on games, kept in the shared ``Presence``.

Every socket of a logged-in user on a game arrives when it opens and departs
when it closes; while it stays open, ``run`` renews its lease now and then.
If the process dies, its connections lapse after the lease and some other
process's ``run`` (each one sweeps with ``Presence.expire``) announces them
gone. So a seat shows "away" within a lease of its player leaving the page,
however the page or the server went away.
"""

from __future__ import annotations

import asyncio
import logging
import secrets

from application.ports import Connection, Presence, StorageUnavailable

log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0
RENEW_SECONDS = 10.0


class Attendance:
    def __init__(
        self, presence: Presence, lease_seconds: float = LEASE_SECONDS, renew_seconds: float = RENEW_SECONDS
    ) -> None:
        self._presence = presence
        self._lease = lease_seconds
        self._renew = renew_seconds
        self._open: set[Connection] = set()

    def __len__(self) -> int:
        return len(self._open)

    async def arrive(self, game_id: str, user_id: str) -> Connection:
        """A connection of ``user_id`` opened on ``game_id``. Without storage it is still kept
        here, and counted at the next renewal."""
        connection = Connection(game_id, user_id, secrets.token_hex(8))
        self._open.add(connection)
        try:
            await self._presence.arrive(connection, self._lease)
        except StorageUnavailable as error:
            log.warning("presence on game %s not recorded, storage unavailable: %s", game_id, error)
        return connection

    async def depart(self, connection: Connection) -> None:
        self._open.discard(connection)
        try:
            await self._presence.depart(connection)
        except StorageUnavailable as error:  # it lapses with its lease
            log.warning("presence on game %s not cleared, storage unavailable: %s", connection.game_id, error)

    async def run(self) -> None:
        """Renew this process's connections and sweep lapsed ones, until cancelled."""
        while True:
            await asyncio.sleep(self._renew)
            try:
                if self._open:
                    await self._presence.renew(list(self._open), self._lease)
                removed = await self._presence.expire()
                if removed:
                    log.info("%d lapsed connection(s) removed from presence", removed)
            except StorageUnavailable as error:
                log.warning("presence not renewed, storage unavailable: %s", error)
            except Exception:
                log.exception("presence renewal failed; trying again")
