"""SQLite and PostgreSQL factories of the ``ArenaRepository``: filled in with the SQL adapter."""

from __future__ import annotations

from typing import Any

ARENA_REPOSITORIES: dict[str, Any] = {}
