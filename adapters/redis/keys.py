"""Where tavolo keeps things in Redis: one place that names every key and channel.

Two layouts. On one server (``RedisKeys(prefix)``) every key is ``<prefix>:…``,
exactly as tavolo has always named them, so live games survive an upgrade.

On a Redis Cluster (``RedisKeys(prefix, cluster=True)``) a Lua script may only
touch keys of one hash slot, so keys that one script touches together share a
hash tag (the part of a key between its first ``{`` and the next ``}``, which
alone decides the slot):

* every key of a game — its envelope, its log, its deadline members, its
  connections — and its events channel carry the tag of the game's shard,
  ``{<prefix>:s<N>}`` with ``N = crc32(game id) % SHARDS``, and so do the
  shard's own structures the commit script updates with them: its deadline
  queue (sorted set, due and lease hashes), its live-games index, its
  open-tables index and its presence leases. A commit stays one atomic script,
  and no key holds every game: the games spread over ``SHARDS`` slots, hence
  over the masters;
* the quick-match pool's keys all carry ``{<prefix>:pool}`` (its claim takes
  several seekers atomically; the pool holds players waiting, not games);
* every key of a running arena — its pool, its tables, its players' current
  tables, its live scores, its last sightings, its away marks, its fence — carries the arena's
  tag ``{<prefix>:arena:<arena id>}`` (a seating checks the pool and the fence
  and writes the tables in one script), so the arenas spread over the slots;
* a lease and its token counter carry the lease's tag ``{<prefix>:lease:<name>}``
  (taking a lease reads the one and increments the other in one script);
* a join code, a user's game index, a login, the worker loads keep their
  untagged names (each is read and written alone), and the global channels
  (deadline wake-ups, lobby notices, arena notices) stay plain pub/sub channels.

On one server the same keys are ``<prefix>:arena:<arena id>:…`` and
``<prefix>:lease:<name>:…`` (no braces).
"""

from __future__ import annotations

import re
import zlib

DEFAULT_PREFIX = "tavolo"

SHARDS = 16
"""How many shards (hash slots) a cluster layout spreads the games over."""

_GLOB_SPECIALS = re.compile(r"([*?\[\]\\])")


class RedisKeys:
    """Key and channel names under one prefix (``tavolo`` by default), in the single-server
    layout or, with ``cluster=True``, the Redis Cluster one (see the module's docstring).

    Several deployments, or test runs, share one Redis by using different
    prefixes; ``patterns()`` match every key of this prefix, for cleanup.
    ``shards`` are the shard numbers (just ``0`` on one server) and
    ``shard_of`` a game's; the per-shard keys take a shard number.
    """

    def __init__(self, prefix: str = DEFAULT_PREFIX, *, cluster: bool = False) -> None:
        prefix = prefix.rstrip(":")
        if not prefix:
            raise ValueError("a Redis key prefix must not be empty")
        if cluster and ("{" in prefix or "}" in prefix):
            raise ValueError("a Redis Cluster key prefix must not contain '{' or '}' (hash tags)")
        self.prefix = prefix
        self.cluster = cluster
        self.shards = range(SHARDS if cluster else 1)
        self._pool = f"{{{prefix}:pool}}" if cluster else f"{prefix}:pool"

    def __repr__(self) -> str:
        return f"RedisKeys({self.prefix!r}{', cluster=True' if self.cluster else ''})"

    # --- shards -------------------------------------------------------------

    def shard_of(self, game_id: str) -> int:
        """The shard holding a game's keys: ``crc32(game id) % SHARDS`` on a cluster, else 0."""
        return zlib.crc32(game_id.encode()) % SHARDS if self.cluster else 0

    def _shard(self, shard: int) -> str:
        """What a shard's keys start with: its hash tag on a cluster, the prefix otherwise."""
        return f"{{{self.prefix}:s{shard}}}" if self.cluster else self.prefix

    def _of_game(self, game_id: str) -> str:
        return self._shard(self.shard_of(game_id))

    # --- live games ---------------------------------------------------------

    def game(self, game_id: str) -> str:
        """A live session's JSON envelope (sliding TTL)."""
        return f"{self._of_game(game_id)}:game:{game_id}"

    def game_log(self, game_id: str) -> str:
        """List of a live match's logged changes (``domain.match_log``), as JSON, oldest first
        (the game's TTL)."""
        return f"{self._of_game(game_id)}:game:{game_id}:log"

    def code(self, join_code: str) -> str:
        """A join code → the id of the game holding it (same TTL as the game)."""
        return f"{self.prefix}:code:{join_code}"

    def user_games(self, user_id: str) -> str:
        """Sorted set of the games a user sits in, scored by creation time."""
        return f"{self.prefix}:user:{user_id}:games"

    def live_games(self, shard: int = 0) -> str:
        """Sorted set of a shard's unfinished live games, scored by when they expire (epoch ms)."""
        return f"{self._shard(shard)}:games:live"

    def open_tables(self, shard: int = 0) -> str:
        """Sorted set of a shard's games listed among the open tables, scored by when they
        expire (epoch ms)."""
        return f"{self._shard(shard)}:games:open"

    def events(self, game_id: str) -> str:
        """Pub/sub channel announcing a game's new versions and who is connected to it
        (a shard channel, ``SPUBLISH``/``SSUBSCRIBE``, on a cluster)."""
        return f"{self._of_game(game_id)}:game:{game_id}:events"

    @property
    def worker_loads(self) -> str:
        """Hash of each worker's latest lateness report (``WorkerLoads``)."""
        return f"{self.prefix}:workers:loads"

    @property
    def lobby_events(self) -> str:
        """Pub/sub channel announcing that the open tables may have changed."""
        return f"{self.prefix}:lobby:events"

    # --- presence -----------------------------------------------------------

    def presence(self, game_id: str) -> str:
        """Sorted set of a game's connections (``[user id, connection id]``), scored by lease end (ms)."""
        return f"{self._of_game(game_id)}:presence:game:{game_id}"

    def presence_leases(self, shard: int = 0) -> str:
        """Sorted set of every connection (``[game id, user id, connection id]``) of a shard's
        games, by lease end (ms)."""
        return f"{self._shard(shard)}:presence:leases"

    # --- quick-match pool ---------------------------------------------------

    def pool_seekers(self, queue: str) -> str:
        """Hash of a queue's seekers (a game type and options, ``Seeker.queue``): user id → seeker JSON."""
        return f"{self._pool}:seekers:{queue}"

    def pool_leases(self, queue: str) -> str:
        """Sorted set of a queue's seekers (user ids), scored by lease end (ms)."""
        return f"{self._pool}:leases:{queue}"

    @property
    def pool_queues(self) -> str:
        """Set of the queues that may have seekers (cleaned lazily); named ``types`` from when a
        queue was a game type, and a queue without options still is one."""
        return f"{self._pool}:types"

    def pool_waits(self, user_id: str) -> str:
        """The queue a user waits in (expires with their lease)."""
        return f"{self._pool}:waits:{user_id}"

    def pool_assignment(self, user_id: str) -> str:
        """The JSON of the group a user was claimed into (TTL given by the claim)."""
        return f"{self._pool}:assigned:{user_id}"

    # --- arenas -------------------------------------------------------------

    def _arena(self, arena_id: str) -> str:
        """What a running arena's keys start with: its hash tag on a cluster, else plain."""
        return f"{{{self.prefix}:arena:{arena_id}}}" if self.cluster else f"{self.prefix}:arena:{arena_id}"

    def arena_pool(self, arena_id: str) -> str:
        """Hash of an arena's pool: user id → ``Pooled`` JSON (``arena_codec``)."""
        return f"{self._arena(arena_id)}:pool"

    def arena_tables(self, arena_id: str) -> str:
        """Hash of an arena's tables in play: game id → ``Seating`` JSON."""
        return f"{self._arena(arena_id)}:tables"

    def arena_current(self, arena_id: str) -> str:
        """Hash of each seated player's current table: user id → game id."""
        return f"{self._arena(arena_id)}:current"

    def arena_scores(self, arena_id: str) -> str:
        """Hash of an arena's live scores: user id → ``LiveScore`` JSON."""
        return f"{self._arena(arena_id)}:scores"

    def arena_seen(self, arena_id: str) -> str:
        """Hash of when each player of an arena was last connected: user id → epoch seconds."""
        return f"{self._arena(arena_id)}:seen"

    def arena_away(self, arena_id: str) -> str:
        """Hash of the players of an arena who stepped away: user id → why (``paused``, ``left``)."""
        return f"{self._arena(arena_id)}:away"

    def arena_standings(self, arena_id: str) -> str:
        """Sorted set of an arena's live standings: user id by points, then performance."""
        return f"{self._arena(arena_id)}:standings"

    def arena_fence(self, arena_id: str) -> str:
        """The highest fencing token a seating of the arena has used."""
        return f"{self._arena(arena_id)}:fence"

    def arena_keys(self, arena_id: str) -> list[str]:
        """Every key of a running arena, in one hash slot on a cluster: pool, tables, current
        tables, scores, sightings, away marks, fence, standings (the order ``RedisArenaLive``'s
        scripts take them in)."""
        return [
            self.arena_pool(arena_id),
            self.arena_tables(arena_id),
            self.arena_current(arena_id),
            self.arena_scores(arena_id),
            self.arena_seen(arena_id),
            self.arena_away(arena_id),
            self.arena_fence(arena_id),
            self.arena_standings(arena_id),
        ]

    @property
    def arena_events(self) -> str:
        """Pub/sub channel announcing the id of an arena that changed (``ArenaNotices``)."""
        return f"{self.prefix}:arenas:events"

    # --- leases ---------------------------------------------------------------

    def _lease(self, name: str) -> str:
        """What a lease's keys start with: its hash tag on a cluster, else plain."""
        return f"{{{self.prefix}:lease:{name}}}" if self.cluster else f"{self.prefix}:lease:{name}"

    def lease(self, name: str) -> str:
        """A named lease: ``<token>:<holder>``, expiring with the lease (``PX``)."""
        return f"{self._lease(name)}:holder"

    def lease_tokens(self, name: str) -> str:
        """The counter of a named lease's fencing tokens (only ever incremented)."""
        return f"{self._lease(name)}:tokens"

    # --- computer players' questions ----------------------------------------

    @property
    def thinking_requests(self) -> str:
        """Stream of the questions for the ``computer-players`` service (``ThinkingRequests``),
        read by the consumer group ``THINKING_GROUP``; one key, any slot on a cluster."""
        return f"{self.prefix}:thinking:requests"

    # --- deadlines ----------------------------------------------------------

    def deadlines(self, shard: int = 0) -> str:
        """Sorted set of a shard's pending deadlines, scored by when each is next claimable."""
        return f"{self._shard(shard)}:deadlines"

    def deadline_due(self, shard: int = 0) -> str:
        """Hash: deadline member → its due time (the score moves while it is leased)."""
        return f"{self._shard(shard)}:deadlines:due"

    def deadline_leases(self, shard: int = 0) -> str:
        """Hash: deadline member → the lease id of its current claim."""
        return f"{self._shard(shard)}:deadlines:leases"

    def deadline_members(self, game_id: str) -> str:
        """Set of one game's deadline members, so ``replace`` can drop them all."""
        return f"{self._of_game(game_id)}:deadlines:game:{game_id}"

    @property
    def deadline_events(self) -> str:
        """Pub/sub channel announcing that deadlines changed (wakes every worker)."""
        return f"{self.prefix}:deadlines:events"

    # --- logins and housekeeping -------------------------------------------

    def login(self, session_id: str) -> str:
        """A login session's JSON (idle expiry as the key's TTL)."""
        return f"{self.prefix}:login:{session_id}"

    def login_attempt(self, state: str) -> str:
        """An OIDC login under way, keyed by its ``state`` (short TTL, taken once)."""
        return f"{self.prefix}:login-attempt:{state}"

    def logins_pattern(self) -> str:
        """A SCAN ``MATCH`` pattern for every login session key."""
        return _GLOB_SPECIALS.sub(r"\\\1", self.prefix) + ":login:*"

    def pattern(self) -> str:
        """A SCAN ``MATCH`` pattern for every untagged key under this prefix (every key of the
        single-server layout)."""
        return _GLOB_SPECIALS.sub(r"\\\1", self.prefix) + ":*"

    def patterns(self) -> tuple[str, ...]:
        """SCAN ``MATCH`` patterns that together match every key under this prefix."""
        if not self.cluster:
            return (self.pattern(),)
        return (self.pattern(), "{" + _GLOB_SPECIALS.sub(r"\\\1", self.prefix) + ":*")
