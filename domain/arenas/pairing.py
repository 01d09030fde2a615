"""Which of an arena's waiting players make the next tables.

Players wait in the arena's pool when they join and again when their game
ends. Every table that can be made is made at once (nobody waits while a table
could be made for them), from the players in standing order: arena points,
then rating, then who has waited longest. Each table takes the first player
still free and the next free players who suit them and each other; two
players suit each other unless one of them sat at the other's last arena table,
so nobody meets the same opponent twice in a row.

A table of two is the two players in standing order. A table of a partnership
game (four, or five for a game whose partner is called) is seated by lot, so
partners are drawn, not chosen.

Pure: the random source comes in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

SEARCH_LIMIT = 2_000
"""How many partial tables one anchor's search tries before it gives up on that anchor."""


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player waiting in an arena's pool since ``since``, with their arena ``points``, their
    ``rating`` and ``last_table``: the others at their last arena table (empty before one)."""

    user_id: str
    points: int
    rating: int
    since: float
    last_table: frozenset[str] = frozenset()

    def suits(self, other: Waiting) -> bool:
        return other.user_id not in self.last_table and self.user_id not in other.last_table


def standing_order(waiting: Sequence[Waiting]) -> list[Waiting]:
    return sorted(waiting, key=lambda w: (-w.points, -w.rating, w.since, w.user_id))


def pair(
    waiting: Sequence[Waiting], seats: int, rng: random.Random, by_lot: bool | None = None
) -> list[tuple[Waiting, ...]]:
    """Every table the pool can make now, each in seat order. ``by_lot`` (default: tables of more
    than two) seats each table at random; else it keeps standing order."""
    if seats < 2:
        raise ValueError("a table has two seats or more")
    shuffle = seats > 2 if by_lot is None else by_lot
    free = standing_order(waiting)
    tables: list[tuple[Waiting, ...]] = []
    while len(free) >= seats:
        anchor, rest = free[0], free[1:]
        table = _fill([anchor], rest, seats)
        if table is None:
            free = rest  # nobody suits the first player now: they wait for the next ones
            continue
        taken = {w.user_id for w in table}
        free = [w for w in free if w.user_id not in taken]
        seated = list(table)
        if shuffle:
            rng.shuffle(seated)
        tables.append(tuple(seated))
    return tables


def _fill(chosen: list[Waiting], candidates: list[Waiting], seats: int) -> list[Waiting] | None:
    """The first table, in standing order, of ``chosen`` and ``seats - len(chosen)`` more
    candidates who suit everyone at it (a bounded depth-first search)."""
    tries = 0

    def extend(chosen: list[Waiting], start: int) -> list[Waiting] | None:
        nonlocal tries
        if len(chosen) == seats:
            return chosen
        for i in range(start, len(candidates)):
            if len(candidates) - i < seats - len(chosen) or tries >= SEARCH_LIMIT:
                return None
            tries += 1
            other = candidates[i]
            if all(other.suits(member) for member in chosen):
                found = extend([*chosen, other], i + 1)
                if found is not None:
                    return found
        return None

    return extend(chosen, 0)
