"""Quick match: who waits for a game, and which of them make a table together.

A ``Seeker`` waits in the pool for one game type with its rating. Two seekers
suit each other when their ratings are within both of their windows; a window
starts at ``BASE_WINDOW`` rating points and widens by ``WIDENING_PER_SECOND``
for every second its seeker has waited, so nobody waits for ever while a full
table is possible. ``find_group`` takes the seeker who has waited longest and
the ones nearest its rating that suit it (and each other's windows around it);
when there are too few and that seeker asked for computer players after
``computers_after`` seconds and that time is up, the group is filled with
computer players — taking along only people who accept computer players too.
Pure: no clock, no I/O; ``now`` comes in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BASE_WINDOW = 50.0
WIDENING_PER_SECOND = 25.0


@dataclass(frozen=True, slots=True)
class Seeker:
    """A player waiting for a ``game_type`` table since ``since`` (epoch seconds), with their
    ``rating`` in it; ``computers_after``: after how many seconds of waiting computer players
    may fill the table (``None``: people only)."""

    user_id: str
    name: str
    game_type: str
    rating: int
    since: float
    computers_after: float | None = None

    def window(self, now: float) -> float:
        return BASE_WINDOW + WIDENING_PER_SECOND * max(0.0, now - self.since)

    def suits(self, other: Seeker, now: float) -> bool:
        gap = abs(self.rating - other.rating)
        return gap <= self.window(now) and gap <= other.window(now)

    def wants_computers(self, now: float) -> bool:
        return self.computers_after is not None and now - self.since >= self.computers_after


@dataclass(frozen=True, slots=True)
class Group:
    """Seekers who make one table (in seat order), and how many computer players fill it.
    ``id`` is the id the table gets; ``formed`` when the group was made."""

    id: str
    game_type: str
    members: tuple[Seeker, ...]
    computers: int
    formed: float

    @property
    def user_ids(self) -> tuple[str, ...]:
        return tuple(member.user_id for member in self.members)


def find_group(seekers: Sequence[Seeker], seats: int, now: float, group_id: str) -> Group | None:
    """The first table the pool can make now, or ``None`` (see the module docstring)."""
    waiting = sorted(seekers, key=lambda s: (s.since, s.user_id))
    for anchor in waiting:
        near = sorted(
            (other for other in waiting if other is not anchor and anchor.suits(other, now)),
            key=lambda other: (abs(other.rating - anchor.rating), other.since, other.user_id),
        )
        if len(near) >= seats - 1:
            return _group(group_id, anchor, near[: seats - 1], 0, now)
        if anchor.wants_computers(now):
            willing = [other for other in near if other.computers_after is not None][: seats - 1]
            return _group(group_id, anchor, willing, seats - 1 - len(willing), now)
    return None


def _group(group_id: str, anchor: Seeker, others: Sequence[Seeker], computers: int, now: float) -> Group:
    members = tuple(sorted((anchor, *others), key=lambda s: (s.since, s.user_id)))
    return Group(group_id, anchor.game_type, members, computers, now)
