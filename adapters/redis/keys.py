"""Where tavolo keeps things in Redis: one place that names every key and channel."""

from __future__ import annotations

import re

DEFAULT_PREFIX = "tavolo"

_GLOB_SPECIALS = re.compile(r"([*?\[\]\\])")


class RedisKeys:
    """Key and channel names under one prefix (``tavolo`` by default).

    Several deployments, or test runs, share one Redis by using different
    prefixes; ``pattern()`` matches every key of this prefix, for cleanup.
    """

    def __init__(self, prefix: str = DEFAULT_PREFIX) -> None:
        prefix = prefix.rstrip(":")
        if not prefix:
            raise ValueError("a Redis key prefix must not be empty")
        self.prefix = prefix

    def __repr__(self) -> str:
        return f"RedisKeys({self.prefix!r})"

    # --- live games ---------------------------------------------------------

    def game(self, game_id: str) -> str:
        """A live session's JSON envelope (sliding TTL)."""
        return f"{self.prefix}:game:{game_id}"

    def game_log(self, game_id: str) -> str:
        """List of a live match's logged changes (``domain.match_log``), as JSON, oldest first
        (the game's TTL)."""
        return f"{self.prefix}:game:{game_id}:log"

    def code(self, join_code: str) -> str:
        """A join code → the id of the game holding it (same TTL as the game)."""
        return f"{self.prefix}:code:{join_code}"

    def user_games(self, user_id: str) -> str:
        """Sorted set of the games a user sits in, scored by creation time."""
        return f"{self.prefix}:user:{user_id}:games"

    @property
    def live_games(self) -> str:
        """Sorted set of the unfinished live games, scored by when they expire (epoch ms)."""
        return f"{self.prefix}:games:live"

    @property
    def open_tables(self) -> str:
        """Sorted set of the games listed among the open tables, scored by when they expire (epoch ms)."""
        return f"{self.prefix}:games:open"

    def events(self, game_id: str) -> str:
        """Pub/sub channel announcing a game's new versions and who is connected to it."""
        return f"{self.prefix}:game:{game_id}:events"

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
        return f"{self.prefix}:presence:game:{game_id}"

    @property
    def presence_leases(self) -> str:
        """Sorted set of every connection (``[game id, user id, connection id]``) by lease end (ms)."""
        return f"{self.prefix}:presence:leases"

    # --- quick-match pool ---------------------------------------------------

    def pool_seekers(self, game_type: str) -> str:
        """Hash of a game type's seekers: user id → seeker JSON."""
        return f"{self.prefix}:pool:seekers:{game_type}"

    def pool_leases(self, game_type: str) -> str:
        """Sorted set of a game type's seekers (user ids), scored by lease end (ms)."""
        return f"{self.prefix}:pool:leases:{game_type}"

    @property
    def pool_game_types(self) -> str:
        """Set of the game types that may have seekers (cleaned lazily)."""
        return f"{self.prefix}:pool:types"

    def pool_waits(self, user_id: str) -> str:
        """The game type a user waits for (expires with their lease)."""
        return f"{self.prefix}:pool:waits:{user_id}"

    def pool_assignment(self, user_id: str) -> str:
        """The JSON of the group a user was claimed into (TTL given by the claim)."""
        return f"{self.prefix}:pool:assigned:{user_id}"

    # --- deadlines ----------------------------------------------------------

    @property
    def deadlines(self) -> str:
        """Sorted set of every pending deadline, scored by when it is next claimable."""
        return f"{self.prefix}:deadlines"

    @property
    def deadline_due(self) -> str:
        """Hash: deadline member → its due time (the score moves while it is leased)."""
        return f"{self.prefix}:deadlines:due"

    @property
    def deadline_leases(self) -> str:
        """Hash: deadline member → the lease id of its current claim."""
        return f"{self.prefix}:deadlines:leases"

    def deadline_members(self, game_id: str) -> str:
        """Set of one game's deadline members, so ``replace`` can drop them all."""
        return f"{self.prefix}:deadlines:game:{game_id}"

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
        """A SCAN ``MATCH`` pattern for every key under this prefix."""
        return _GLOB_SPECIALS.sub(r"\\\1", self.prefix) + ":*"
