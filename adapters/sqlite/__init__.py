"""SQLite adapters (aiosqlite): the match repository, for a single-host deployment."""

from adapters.sqlite.matches import SqliteMatchRepository

__all__ = ["SqliteMatchRepository"]
