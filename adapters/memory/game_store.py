"""Live game sessions kept in this process's memory.

Each envelope is kept as its compact JSON (``orjson``) beside the frozen
``LiveGame`` it came from, whose immutable fields (id, version, seats,
phase…) the store reads; every read decodes a fresh copy. So no caller ever
shares a mutable object with the store — the same isolation a serialising
store such as Redis gives — at a fraction of the cost of ``copy.deepcopy``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import orjson

from application.ports import Clock
from domain.live_game import LiveGame, Phase
from domain.match_log import Logged

logger = logging.getLogger(__name__)

DEFAULT_TTL_SECONDS = 86_400.0
_SWEEP_INTERVAL_SECONDS = 60.0


@dataclass(slots=True)
class _Record:
    session: LiveGame  # only its immutable fields are read: its dicts belong to the caller
    blob: bytes
    expires_at: float
    log: list[bytes] = field(default_factory=list)  # the match log's entries, as JSON

    def copy(self) -> LiveGame:
        return LiveGame.load(orjson.loads(self.blob))


def _blob(session: LiveGame) -> bytes:
    return orjson.dumps(session.dump(), option=orjson.OPT_NON_STR_KEYS)


def _seated_users(session: LiveGame) -> set[str]:
    return {seat.user_id for seat in session.seats if seat is not None}


class MemoryGameStore:
    """A ``GameStore`` in a dict, with a sliding TTL measured by ``clock``.

    Only ``MemoryCommits`` writes to it, through ``write``, which (re)starts a
    session's TTL of ``ttl_seconds`` (``lobby_ttl_seconds`` while it waits in
    the lobby, ``recorded_ttl_seconds`` once it is finished and its result
    recorded, each at most ``ttl_seconds``); a session not written for that long
    vanishes, together with its join code. Every method runs without awaiting,
    so each is atomic under asyncio.
    """

    def __init__(
        self,
        clock: Clock,
        ttl_seconds: float = DEFAULT_TTL_SECONDS,
        lobby_ttl_seconds: float | None = None,
        recorded_ttl_seconds: float | None = None,
    ) -> None:
        if min(ttl_seconds, lobby_ttl_seconds or ttl_seconds, recorded_ttl_seconds or ttl_seconds) <= 0:
            raise ValueError("ttl_seconds must be positive")
        self._clock = clock
        self._ttl = ttl_seconds
        self._lobby_ttl = min(ttl_seconds, lobby_ttl_seconds or ttl_seconds)
        self._recorded_ttl = min(ttl_seconds, recorded_ttl_seconds or ttl_seconds)
        self._records: dict[str, _Record] = {}
        self._codes: dict[str, str] = {}
        self._by_user: dict[str, set[str]] = {}
        self._next_sweep = clock.now()

    async def get(self, game_id: str) -> LiveGame | None:
        record = self._live_record(game_id)
        if record is None:
            return None
        return record.copy()

    async def find_by_code(self, code: str) -> LiveGame | None:
        game_id = self._codes.get(code)
        if game_id is None:
            return None
        return await self.get(game_id)

    async def log(self, game_id: str) -> tuple[Logged, ...]:
        record = self._live_record(game_id)
        if record is None:
            return ()
        return tuple(Logged.load(orjson.loads(entry)) for entry in record.log)

    def write(self, session: LiveGame, expected_version: int, logged: Logged | None = None) -> bool:
        """Store ``session`` as ``Commits.commit`` does (``logged`` joins the game's log), and
        say whether it did.

        With ``expected_version == 0`` it creates the game: only if no live game
        has its id and its join code is free (the code is reserved with it).
        Otherwise it is a compare-and-set on the stored version. Not part of the
        ``GameStore`` port: ``MemoryCommits`` is its one writer. Synchronous,
        so nothing can come between the check and the write.
        """
        written = self._create(session) if expected_version == 0 else self._replace(session, expected_version)
        if written and session.result_recorded:
            self._records[session.id].log.clear()  # the match record holds it now
        elif written and logged is not None:
            self._records[session.id].log.append(orjson.dumps(logged.dump()))
        return written

    async def games_of(self, user_id: str) -> list[LiveGame]:
        live = (self._live_record(game_id) for game_id in list(self._by_user.get(user_id, ())))
        records = [record for record in live if record is not None]
        records.sort(key=lambda r: (r.session.created_at, r.session.id), reverse=True)
        return [r.copy() for r in records]

    async def count_live(self) -> int:
        now = self._clock.now()
        live = (r for r in self._records.values() if r.expires_at > now)
        return sum(1 for r in live if r.session.phase != Phase.FINISHED)

    async def open_tables(self, limit: int) -> list[LiveGame]:
        now = self._clock.now()
        listed = [r for r in self._records.values() if r.expires_at > now and r.session.listed]
        listed.sort(key=lambda r: (r.session.created_at, r.session.id))
        return [r.copy() for r in listed[: max(0, limit)]]

    def listed(self, game_id: str) -> bool:
        """Whether the stored version of ``game_id`` is listed among the open tables (for
        ``MemoryCommits``, which tells the lobby when a table leaves the list)."""
        record = self._live_record(game_id)
        return record is not None and record.session.listed

    def _ttl_of(self, session: LiveGame) -> float:
        if session.phase == Phase.LOBBY:
            return self._lobby_ttl
        return self._recorded_ttl if session.result_recorded else self._ttl

    def _create(self, session: LiveGame) -> bool:
        self._sweep_now_and_then()
        holder = self._codes.get(session.join_code)
        if holder is not None and self._live_record(holder) is not None:
            logger.debug("join code %s already in use; game %s not created", session.join_code, session.id)
            return False
        if self._live_record(session.id) is not None:
            logger.debug("game id %s already exists; not created again", session.id)
            return False
        self._records[session.id] = _Record(
            session, _blob(session), self._clock.now() + self._ttl_of(session)
        )
        self._codes[session.join_code] = session.id
        self._index_users(session.id, set(), _seated_users(session))
        logger.debug("created game %s with join code %s", session.id, session.join_code)
        return True

    def _replace(self, session: LiveGame, expected_version: int) -> bool:
        record = self._live_record(session.id)
        if record is None:
            logger.debug("commit of game %s refused: no such live game", session.id)
            return False
        stored_version = record.session.version
        if stored_version != expected_version:
            logger.debug(
                "commit of game %s refused: stored version %s, expected %s",
                session.id,
                stored_version,
                expected_version,
            )
            return False
        self._index_users(session.id, _seated_users(record.session), _seated_users(session))
        record.session = session
        record.blob = _blob(session)
        record.expires_at = self._clock.now() + self._ttl_of(session)
        return True

    def _live_record(self, game_id: str) -> _Record | None:
        record = self._records.get(game_id)
        if record is None:
            return None
        if record.expires_at <= self._clock.now():
            self._forget(game_id)
            return None
        return record

    def _sweep_now_and_then(self) -> None:
        """Drop every expired session, at most once per sweep interval (reads drop them lazily too)."""
        now = self._clock.now()
        if now < self._next_sweep:
            return
        self._next_sweep = now + min(self._ttl, _SWEEP_INTERVAL_SECONDS)
        for game_id in [gid for gid, record in self._records.items() if record.expires_at <= now]:
            self._forget(game_id)

    def _forget(self, game_id: str) -> None:
        record = self._records.pop(game_id)
        code = record.session.join_code
        if self._codes.get(code) == game_id:
            del self._codes[code]
        self._index_users(game_id, _seated_users(record.session), set())
        logger.debug("game %s expired", game_id)

    def _index_users(self, game_id: str, before: set[str], after: set[str]) -> None:
        for user_id in before - after:
            games = self._by_user.get(user_id)
            if games is not None:
                games.discard(game_id)
                if not games:
                    del self._by_user[user_id]
        for user_id in after - before:
            self._by_user.setdefault(user_id, set()).add(game_id)
