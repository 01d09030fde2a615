"""Helpers every engine's plain-dict state form shares.

Each engine keeps its state as a ``NamedTuple`` rather than a frozen dataclass like
its smaller records: a new state is made for every card played and every load, and
a frozen dataclass sets each of its fields through ``object.__setattr__``, which
made building one cost as much as the rest of a move. A ``NamedTuple`` is just as
immutable; ``state._replace(field=value, ...)`` makes the next one.

Cards travel as wire codes (``domain.cards.codes`` / ``parse_cards``); the numbers
below come back from JSON as whatever the store kept, and are read strictly.
"""

from __future__ import annotations

from typing import Any


def int_pair(raw: Any) -> tuple[int, int]:
    """A two-item list of whole numbers (one per side) as a tuple."""
    first, second = raw
    return (int(first), int(second))


def optional_float(raw: Any) -> float | None:
    return None if raw is None else float(raw)


def optional_int(raw: Any) -> int | None:
    return None if raw is None else int(raw)
