"""PostgreSQL adapters (asyncpg): the match repository."""

from adapters.postgres.matches import PostgresMatchRepository

__all__ = ["PostgresMatchRepository"]
