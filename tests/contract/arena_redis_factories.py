"""Redis factories of the arena live ports (``ArenaLive``, ``Leases``, ``ArenaNotices``), each also
on the Redis Cluster: filled in with the Redis adapters."""

from __future__ import annotations

from typing import Any

ARENA_LIVES: dict[str, Any] = {}
LEASES: dict[str, Any] = {}
ARENA_NOTICES: dict[str, Any] = {}
