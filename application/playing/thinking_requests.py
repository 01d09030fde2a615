"""Questions for the ``tavolo computer-players`` service: the ``ThinkingRequests`` port.

In production a web worker never works out a searching computer player's move, not even in a pool
of its own: when such a player's deadline fires, the worker hands over a ``ThinkingRequest`` — the
game and the deadline's token, nothing more (no card, no seed) — and goes on. A process of the
service takes it, reads the game from the live store, works out the move and submits it through
the one transition path, keyed by the version it was asked at; then it marks the request done.

Delivery is at least once: a request taken by a process that dies before marking it done is taken
again by another after ``reclaim``'s idle time, and a request may be handed over twice (a deadline
that fires twice). Neither matters: an answer for a version the game has left is refused by the
transition, and a question whose game moved on is not asked at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class ThinkingRequest:
    """A searching computer player's move is due in ``game_id``: its deadline ``token`` fired."""

    game_id: str
    token: str


@dataclass(frozen=True, slots=True)
class TakenRequest:
    """A request as one consumer holds it: ``entry`` names it for ``done``."""

    entry: str
    request: ThinkingRequest


class ThinkingRequests(Protocol):
    """A queue of thinking requests shared by every process, read by a group of consumers.

    * ``ask`` appends a request.
    * ``take`` hands ``consumer`` up to ``limit`` requests nobody has taken yet, oldest first,
      waiting up to ``wait_seconds`` for one; each is then held by ``consumer``.
    * ``reclaim`` hands ``consumer`` up to ``limit`` requests held for at least ``idle_seconds``
      without being marked done (their consumer died, hangs, or is this one restarted); they are
      now held by ``consumer``, since now.
    * ``done`` removes a request its consumer has dealt with (a request already done, or
      reclaimed and done by another, is left as it is).
    * ``backlog`` is how many requests are waiting to be taken or held undone: what the service
      is scaled on.
    """

    async def ask(self, request: ThinkingRequest) -> None: ...

    async def take(self, consumer: str, limit: int, wait_seconds: float) -> list[TakenRequest]: ...

    async def reclaim(self, consumer: str, idle_seconds: float, limit: int) -> list[TakenRequest]: ...

    async def done(self, taken: TakenRequest) -> None: ...

    async def backlog(self) -> int: ...
