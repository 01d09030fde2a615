"""Readiness probe of state kept in this process's memory: nothing to reach."""

from __future__ import annotations


class InProcessProbe:
    """A ``HealthProbe`` that always answers: the state lives in this process, which is running."""

    async def ping(self) -> None:
        """Nothing to reach: answers at once."""
