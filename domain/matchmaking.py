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

A seeker may choose the match's length (``length_option``: the game type's
option with fixed choices, else its ``target_score``); only seekers of the
same game type with the same choice share a table. ``seek_options`` checks the
choice and writes it canonically (an option at its default is left out, so
choosing the default is choosing nothing), and ``queue_of`` names the queue of
a game type and a choice: ``"g"``, ``"g?rounds=2"``.
Pure: no clock, no I/O; ``now`` comes in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.engine import OptionSpec, validate_options
from domain.errors import InvalidOptions

BASE_WINDOW = 50.0
WIDENING_PER_SECOND = 25.0

SeekOptions = tuple[tuple[str, int | bool], ...]
"""A seeker's chosen options, sorted by name, none at its default."""


def length_option(specs: Sequence[OptionSpec]) -> OptionSpec | None:
    """The option that says how long a game type's match lasts: the first with fixed choices
    (a number of deals, say), else its ``target_score``; ``None`` when it has neither."""
    for spec in specs:
        if "enum" in spec.json_schema():
            return spec
    return next((spec for spec in specs if spec.name == "target_score"), None)


def seek_options(specs: Sequence[OptionSpec], raw: Mapping[str, Any] | None) -> SeekOptions:
    """A seek's options, checked against the game type's ``specs`` and written canonically.
    Quick match takes the match length only: any other option is refused (``InvalidOptions``)."""
    raw = dict(raw or {})
    length = length_option(specs)
    others = sorted(name for name in raw if length is None or name != length.name)
    if others:
        offered = f"only {length.name!r}" if length else "no options"
        raise InvalidOptions(f"quick match takes {offered}, not: {', '.join(others)}")
    options = validate_options(specs, raw)
    defaults = {spec.name: spec.default for spec in specs}
    return tuple((name, options[name]) for name in sorted(raw) if options[name] != defaults[name])


def queue_of(game_type: str, options: SeekOptions) -> str:
    """The name of the queue of seekers of ``game_type`` with ``options``: the game type alone
    when no option is chosen, else followed by ``?name=value&…`` (values as JSON writes them)."""
    if not options:
        return game_type
    words = (f"{name}={str(value).lower() if isinstance(value, bool) else value}" for name, value in options)
    return f"{game_type}?{'&'.join(words)}"


@dataclass(frozen=True, slots=True)
class Seeker:
    """A player waiting for a ``game_type`` table since ``since`` (epoch seconds), with their
    ``rating`` in it; ``computers_after``: after how many seconds of waiting computer players
    may fill the table (``None``: people only); ``options``: the match length chosen, if any."""

    user_id: str
    name: str
    game_type: str
    rating: int
    since: float
    computers_after: float | None = None
    options: SeekOptions = ()

    @property
    def queue(self) -> str:
        """Who this seeker may sit with: the seekers of the same queue (``queue_of``)."""
        return queue_of(self.game_type, self.options)

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
    ``id`` is the id the table gets; ``formed`` when the group was made; ``options`` the
    options its members chose (the table gets them)."""

    id: str
    game_type: str
    members: tuple[Seeker, ...]
    computers: int
    formed: float
    options: SeekOptions = ()

    @property
    def queue(self) -> str:
        return queue_of(self.game_type, self.options)

    @property
    def user_ids(self) -> tuple[str, ...]:
        return tuple(member.user_id for member in self.members)


def find_group(seekers: Sequence[Seeker], seats: int, now: float, group_id: str) -> Group | None:
    """The first table the pool can make now, or ``None`` (see the module docstring). Only
    seekers of one queue (the same game type and options) ever share a group."""
    waiting = sorted(seekers, key=lambda s: (s.since, s.user_id))
    for anchor in waiting:
        near = sorted(
            (
                other
                for other in waiting
                if other is not anchor and other.queue == anchor.queue and anchor.suits(other, now)
            ),
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
    return Group(group_id, anchor.game_type, members, computers, now, anchor.options)
