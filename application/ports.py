"""The ports: what the use cases need from the outside world.

Each port is a ``typing.Protocol``; its docstring is the contract that every
adapter (memory, Redis, …) must honour and that ``tests/contract`` checks.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from application.identity.caller import Identity
from application.results.archive import FinishedMatch, HistoryCursor, MatchSummary, Rating
from domain.live_game import LiveGame
from domain.match_log import Logged
from domain.matchmaking import Group, Seeker


class Clock(Protocol):
    """Wall-clock time in epoch seconds. Tests use a fake clock advanced by hand."""

    def now(self) -> float: ...


class GameStore(Protocol):
    """Live game sessions and the join-code index, read only: ``Commits.commit``
    creates and changes every session.

    * ``get`` / ``find_by_code`` return the latest committed envelope, or ``None``.
    * ``games_of`` lists the sessions a user is seated in, newest first.
    * ``count_live`` is how many live sessions are not finished (lobbies and
      matches under way), across every process sharing the store.
    * ``open_tables`` lists up to ``limit`` tables that are ``LiveGame.listed``
      (public, waiting, a seat free, somebody at it), oldest first.
    * ``log`` is a live game's log: the ``Logged`` entries its accepted commits
      carried, oldest first (empty for an unknown game). It lives and expires
      with the game, and goes once a commit marks the game's result recorded
      (the match record holds it from then on).
    * A session expires, freeing its join code, after a configured idle time
      without a commit (sliding TTL; a shorter one while it waits in the
      lobby); nothing else ever removes one.
    """

    async def get(self, game_id: str) -> LiveGame | None: ...

    async def find_by_code(self, code: str) -> LiveGame | None: ...

    async def games_of(self, user_id: str) -> list[LiveGame]: ...

    async def count_live(self) -> int: ...

    async def open_tables(self, limit: int) -> list[LiveGame]: ...

    async def log(self, game_id: str) -> tuple[Logged, ...]: ...


@dataclass(frozen=True, slots=True)
class Notification:
    """``game_id`` is now at ``version``. ``game_id is None`` means "resync
    everything": notifications may have been lost (e.g. after a reconnect).
    ``session`` is the envelope at that version when the publisher attached it
    (saving every receiving process a read of the store); a notifier that
    received it encoded may give ``decode`` instead, which decodes it when
    asked (``None`` if it cannot be read), so that a process already holding
    that version never decodes it. Neither takes part in equality.

    ``logged`` is the change that made ``version`` from the version before
    (``domain.match_log``), when the publisher announced only that (a seat's
    action or a deadline's firing: ``domain.steps.redo`` takes it again): a
    process holding the version before works the envelope out itself, equal to
    the last byte, and any other reads the store.

    ``present`` set means this is no new version but a presence notice: the
    user ids with a connection open on the game now (see ``Presence``)."""

    game_id: str | None
    version: int = 0
    session: LiveGame | None = field(default=None, compare=False)
    decode: Callable[[], LiveGame | None] | None = field(default=None, compare=False)
    present: frozenset[str] | None = None
    logged: Logged | None = field(default=None, compare=False)

    @property
    def carries_envelope(self) -> bool:
        return self.session is not None or self.decode is not None

    def envelope(self) -> LiveGame | None:
        """The attached envelope, decoded now if it came encoded; ``None`` without one."""
        if self.session is not None:
            return self.session
        return None if self.decode is None else self.decode()


class Notifier(Protocol):
    """Announces state changes to every server process.

    ``publish`` is fire-and-forget and at-most-once; given the ``session`` at
    that version, every listener's notification carries an equal envelope, or
    (``Commits`` may announce so) the ``Notification.logged`` change that made
    it, from which a process holding the version before works it out.
    ``listen`` yields, in this process, the notifications of every game
    ``watch``-ed here (one subscription per process, however many connections
    watch a game) — new versions, and the presence notices ``Presence``
    publishes — and a resync ``Notification(None)`` whenever messages may
    have been lost.
    """

    async def publish(self, game_id: str, version: int, session: LiveGame | None = None) -> None: ...

    async def watch(self, game_id: str) -> None: ...

    async def unwatch(self, game_id: str) -> None: ...

    def listen(self) -> AsyncIterator[Notification]: ...


@dataclass(frozen=True, slots=True)
class ScheduledDeadline:
    game_id: str
    token: str
    due: float


@dataclass(frozen=True, slots=True)
class ClaimedDeadline:
    game_id: str
    token: str
    due: float
    lease: str


class DeadlineQueue(Protocol):
    """Pending timeouts of every game, shared by every process.

    * ``replace`` atomically swaps all pending deadlines of one game for the
      given ones, and wakes every ``wait`` -er.
    * ``claim_due`` leases up to ``limit`` deadlines whose due time has come by
      the queue's own clock (never one that is not yet due): a claimed entry is
      hidden from other claimers for ``lease_seconds`` and reappears if it is
      not completed by then (at-least-once delivery).
    * ``complete`` removes a claimed entry, unless it was replaced meanwhile.
    * ``next_due`` is the earliest pending due time, or ``None``.
    * ``wait`` returns after ``timeout`` seconds, or earlier when deadlines changed.
    """

    async def replace(self, game_id: str, deadlines: Sequence[ScheduledDeadline]) -> None: ...

    async def claim_due(self, limit: int, lease_seconds: float) -> list[ClaimedDeadline]: ...

    async def complete(self, claimed: ClaimedDeadline) -> None: ...

    async def next_due(self) -> float | None: ...

    async def wait(self, timeout: float) -> None: ...


class Commits(Protocol):
    """A game's accepted change, stored together with its consequences in one atomic step.

    ``commit(session, expected_version, deadlines, logged, started=...)`` is the
    one way a game is written, and returns whether it stored ``session``:

    * ``expected_version == 0`` creates the game: it stores ``session`` only if
      no game with its id exists and its join code is free, and reserves the
      code in the same step (of two creations racing for one code, one wins).
    * Any other ``expected_version`` is a compare-and-set: it stores
      ``session`` only if the game exists and its stored version is exactly
      ``expected_version``, so a stale writer can never overwrite a newer state.

    Every accepted commit (re)starts the game's idle time (the store's sliding
    TTL: the lobby TTL while the table waits for players, the game TTL once its
    match has started), and within the same atomic step ``logged`` (when given)
    is appended to the game's log (``GameStore.log``; a created game's log
    starts empty), the game's pending
    deadlines become exactly ``deadlines`` (as ``DeadlineQueue.replace``,
    waking the waiters when the earliest due time moved earlier), ``session``
    is announced to every process (as ``Notifier.publish`` with the session
    attached, or — a seat's action or a deadline's firing — with just ``logged``,
    ``Notification.logged``), the open-tables index follows ``session.listed``, and when the
    table is or was listed the lobby is told (``LobbyNotices``). A refused
    commit (an id that exists or a join code in use for a creation; no such
    game or another stored version otherwise) stores, changes and announces
    nothing. As no other commit can come between a write and its
    deadlines, a game's pending deadlines always belong to its stored version,
    even without a lock around the writer.

    ``started`` says that this change started the match (``domain.steps.Step.started``),
    and only the change that did says it: an adapter that treats the start apart (the
    table leaves the open tables, its join code and its players' game indexes move from
    the lobby TTL to the game TTL) reads it from here instead of working it out from the
    envelope.
    """

    async def commit(
        self,
        session: LiveGame,
        expected_version: int,
        deadlines: Sequence[ScheduledDeadline],
        logged: Logged | None = None,
        *,
        started: bool = False,
    ) -> bool: ...


class LobbyNotices(Protocol):
    """Tells every process that the list of open tables may have changed.

    ``Commits.commit`` announces, in its atomic step, every commit of a table
    that is listed among the open tables (``LiveGame.listed``) or was
    listed until that commit. ``listen`` yields, in this process, one ``None``
    per announcement from any process — at most once, like ``Notifier``, and
    one more after the notices may have been lost (a reconnect), so a reader
    that lists the open tables again on each never misses a change for long.
    """

    def listen(self) -> AsyncIterator[None]: ...


@dataclass(frozen=True, slots=True)
class Connection:
    """One open connection of ``user_id`` on game ``game_id``; ``id`` is unique per connection."""

    game_id: str
    user_id: str
    id: str


class Presence(Protocol):
    """Who has a connection open on each game, across every process.

    * ``arrive`` / ``depart`` add and remove one connection; ``renew`` keeps
      this process's connections alive. A connection not renewed within
      ``lease_seconds`` of its last arrive or renew counts as gone (its
      process died), and ``expire`` removes those.
    * ``here`` is the set of user ids with at least one live connection.
    * Whenever the set of a game's users changes — through ``arrive``,
      ``depart`` or ``expire`` — the new set is announced on the game's
      notifications (``Notification.present``) to every process watching it.
    """

    async def arrive(self, connection: Connection, lease_seconds: float) -> None: ...

    async def depart(self, connection: Connection) -> None: ...

    async def renew(self, connections: Sequence[Connection], lease_seconds: float) -> None: ...

    async def here(self, game_id: str) -> frozenset[str]: ...

    async def expire(self) -> int:
        """Remove every lapsed connection (announcing each change); how many were removed."""


class MatchPool(Protocol):
    """The quick-match pool: players waiting for a table, shared by every process.

    Seekers wait in queues: a queue is a game type with the options its seekers
    chose (``Seeker.queue``, ``domain.matchmaking.queue_of``), and only seekers
    of one queue are ever grouped.

    * ``join`` puts a ``Seeker`` in its queue (replacing that user's earlier
      entry, in any queue, and forgetting an old assignment of theirs);
      its entry lapses unless ``renew``-ed within ``lease_seconds``, so the
      seekers of a process that died leave the pool on their own.
    * ``leave`` takes a user out; ``True`` if they were waiting.
    * ``waiting`` lists the live seekers of a queue; ``queues`` the queues
      with at least one.
    * ``claim(group, ttl)`` is atomic: only if every member of ``group`` is
      still waiting (a live entry in the group's queue) do they all leave the
      pool at once and the group is kept for ``ttl_seconds`` as each member's
      assignment; otherwise nothing changes. Two claims never take the same
      seeker: nobody is paired twice.
    * ``assignments`` gives, of the ``user_ids`` asked about, those in a
      claimed group, with the group.
    """

    async def join(self, seeker: Seeker, lease_seconds: float) -> None: ...

    async def renew(self, user_ids: Sequence[str], lease_seconds: float) -> None: ...

    async def leave(self, user_id: str) -> bool: ...

    async def waiting(self, queue: str) -> list[Seeker]: ...

    async def queues(self) -> list[str]: ...

    async def claim(self, group: Group, ttl_seconds: float) -> bool: ...

    async def assignments(self, user_ids: Sequence[str]) -> dict[str, Group]: ...


class WorkerLoads(Protocol):
    """How late each worker process of the deployment runs, shared by all of them.

    A worker whose own loop is on time may still be making players wait: the
    changes it commits are shown by every worker, and another one may be
    behind. So each worker reports its lateness now and then and refuses moves
    while any worker is late (``application.operations.admission``).

    * ``exchange(worker, lateness)`` records ``worker``'s lateness (seconds,
      at least 0; the latest report of a worker replaces its earlier one) and
      returns the largest lateness of every worker that reported within the
      adapter's ``fresh_seconds``, this report included: a worker that stopped
      reporting (it died) drops out after that.
    """

    async def exchange(self, worker: str, lateness: float) -> float: ...


@dataclass(frozen=True, slots=True)
class LoginAttempt:
    """An OIDC login under way: what the callback must match and what it needs.

    ``state``, ``nonce`` and ``code_verifier`` are fresh random secrets;
    ``binding`` is the random value of the browser's login cookie, so only the
    browser that started the attempt can finish it. None of them is ever logged.
    ``guest_id``: the guest account whose history and ratings the new account
    is to keep, when a guest asked for that.
    """

    state: str
    nonce: str
    code_verifier: str
    provider: str
    binding: str
    guest_id: str | None = None


class LoginSessions(Protocol):
    """Server-side HTTP login sessions.

    ``create`` returns a new unguessable id (at least 128 random bits) bound to
    ``identity``; ``get`` returns the identity while the session is alive
    (idle and absolute lifetimes are the adapter's configuration) and slides
    its idle expiry; ``delete`` ends it at once, after which ``get`` is ``None``.
    ``count`` is how many sessions are alive, across every process sharing them
    (it may briefly include sessions that just expired).

    Login attempts (the state of an OIDC login between the redirect to the
    provider and its callback) live beside the sessions, keyed by their
    ``state``: ``begin_attempt`` keeps one for ``ttl_seconds`` (a new attempt
    with the same state replaces the old one); ``take_attempt`` returns it and
    removes it in one atomic step, so each attempt is used at most once even
    when two callbacks race; an expired or unknown state reads as ``None``.
    Attempts are not sessions: ``get``/``count`` never see them.
    """

    async def create(self, identity: Identity) -> str: ...

    async def get(self, session_id: str) -> Identity | None: ...

    async def delete(self, session_id: str) -> None: ...

    async def count(self) -> int: ...

    async def begin_attempt(self, attempt: LoginAttempt, ttl_seconds: float) -> None: ...

    async def take_attempt(self, state: str) -> LoginAttempt | None: ...


class MatchRepository(Protocol):
    """Finished matches, Elo ratings and leaderboards.

    * ``record`` stores a match exactly once, in one transaction: the match row
      with its match record (``FinishedMatch.record``; conflict on its id →
      nothing happens and it returns ``False``), then — only when inserted —
      each participant's row. A rated match
      (``FinishedMatch.rated``) also gets, for each participant, the rating
      before it (``rating_before``) and the Elo delta computed by
      ``domain.elo.rate_match`` from the ratings as they are inside that
      transaction, and the rating/aggregate upserts (rating rows locked in a
      fixed order, so concurrent records cannot deadlock). A casual match
      touches no rating: its players' deltas are 0 and ``rating_before`` is
      ``None``. Returns ``True`` when this call inserted the match.
    * ``match`` is one recorded match as history shows it, or ``None``;
      ``match_record`` its match record, exactly as recorded, or ``None`` (no
      such match, or one recorded without a record). ``MatchSummary.has_record``
      says which matches have one.
    * ``history`` is a user's matches (rated and casual, each marked) newest
      first (by finished time, then id), strictly after ``cursor``; every
      match appears exactly once across pages even while new matches are recorded.
    * ``ratings`` is a user's rating per game type (only rated matches make
      one); ``leaderboard`` one page of a game type's players by rating (desc),
      wins (desc), user id, with the total number of rated players;
      ``rank_of`` the 1-based rank of a user on it, ``None`` for a user with
      no rated match of that type. With ``exclude_prefix``, players whose user
      id starts with it (bot accounts) are left off the board, its total and the ranks.
    * ``rebuild_ratings`` recomputes every rating, aggregate, ``rating_before``
      and Elo delta from the recorded rated matches in finishing order (casual
      ones keep delta 0) and returns how many rated matches it replayed.
    * ``adopt(from_user, to_user, to_name)`` moves every recorded match and
      rating of ``from_user`` (a guest) to ``to_user``, in one transaction, and
      returns how many matches moved — but only when ``to_user`` has no match
      and no rating at all (a fresh account); otherwise it moves nothing and
      returns ``None``. The moved rows (ratings and the matches' players) take
      ``to_name``, and the matches' sides name ``to_user`` from then on, so a
      rebuild keeps the ratings.
    """

    async def record(self, match: FinishedMatch) -> bool: ...

    async def match(self, match_id: str) -> MatchSummary | None: ...

    async def match_record(self, match_id: str) -> Mapping[str, Any] | None: ...

    async def history(
        self, user_id: str, limit: int, cursor: HistoryCursor | None = None, game_type: str | None = None
    ) -> list[MatchSummary]: ...

    async def ratings(self, user_id: str) -> list[Rating]: ...

    async def leaderboard(
        self, game_type: str, offset: int, limit: int, exclude_prefix: str | None = None
    ) -> tuple[list[Rating], int]: ...

    async def rank_of(
        self, user_id: str, game_type: str, exclude_prefix: str | None = None
    ) -> int | None: ...

    async def rebuild_ratings(self) -> int: ...

    async def adopt(self, from_user: str, to_user: str, to_name: str) -> int | None: ...


class StorageUnavailable(Exception):
    """An adapter could not reach its service (database down, network cut).
    The caller may retry later; nothing was half-written."""


class Metrics(Protocol):
    """Measurements the use cases report. An adapter may export or drop them;
    a call never raises and never blocks (no I/O on the caller's path)."""

    def move_processed(self, game_type: str, seconds: float, accepted: bool) -> None:
        """An action went through the move path in ``seconds`` (``accepted``: it changed the game)."""

    def deadline_fired(self, game_type: str, lateness_seconds: float) -> None:
        """A deadline fired ``lateness_seconds`` after its due time."""


class NoMetrics:
    """The default ``Metrics``: measures nothing."""

    def move_processed(self, game_type: str, seconds: float, accepted: bool) -> None:
        return None

    def deadline_fired(self, game_type: str, lateness_seconds: float) -> None:
        return None
