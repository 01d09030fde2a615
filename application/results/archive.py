"""The records of finished matches and ratings, as the match repository stores them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Participant:
    """One player of a finished match. ``elo_delta`` and ``rating_before`` (the player's rating
    in that game type just before the match; ``None`` for a casual match) are filled in by
    the repository."""

    user_id: str
    name: str
    seat: int
    team: str | None
    won: bool
    points: int
    details: Mapping[str, Any] = field(default_factory=dict)
    elo_delta: int = 0
    rating_before: int | None = None

    @property
    def rating_after(self) -> int | None:
        return None if self.rating_before is None else self.rating_before + self.elo_delta


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A match to record: ``id`` is the game's id; ``sides`` maps the side labels
    (two, or more in a match of every player for themselves) to their players'
    user ids; ``winner`` is a side label or ``None``;
    ``rated``: whether it moves ratings (a casual match is kept in the history only);
    ``record``: its match record (``domain.match_record``), ``None`` for a match that
    has none (it started before matches kept records)."""

    id: str
    game_type: str
    started_at: float
    finished_at: float
    result: Mapping[str, Any]
    participants: tuple[Participant, ...]
    sides: Mapping[str, tuple[str, ...]]
    winner: str | None
    rated: bool = True
    record: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Rating:
    user_id: str
    game_type: str
    name: str
    rating: int
    matches: int
    wins: int
    points: int


@dataclass(frozen=True, slots=True)
class HistoryCursor:
    """Keyset position in a player's history: newest first by (finished_at, id)."""

    finished_at: float
    match_id: str


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A recorded match as history shows it: its result and every participant
    with the Elo change the match produced (and their rating before it, when ``rated``);
    ``has_record``: whether its match record was kept."""

    id: str
    game_type: str
    started_at: float
    finished_at: float
    result: Mapping[str, Any]
    participants: tuple[Participant, ...]
    rated: bool = True
    has_record: bool = False
