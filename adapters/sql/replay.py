"""Rating arithmetic shared by every match repository: one match at a time, or a whole replay.

The repositories differ in where ratings live and how they are locked; what a
match does to them is decided here, once: ``RatingBook.apply`` asks
``domain.elo.rate_match`` for each player's delta from the ratings the book
holds, then moves each participant's rating by it and bumps the aggregates
(matches + 1, wins + 1 if won, points + points, name = the latest one).
``replay`` runs a whole history through a fresh book, for ``rebuild_ratings``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from application.records import FinishedMatch, Rating
from domain.elo import START_RATING, rate_match

logger = logging.getLogger(__name__)

Sides = Mapping[str, Sequence[str]]


@dataclass(frozen=True, slots=True)
class Scored:
    """What the ratings need of one participant."""

    user_id: str
    name: str
    won: bool
    points: int


@dataclass(frozen=True, slots=True)
class ReplayMatch:
    """A recorded match as a rebuild replays it."""

    id: str
    game_type: str
    sides: Sides
    winner: str | None
    players: tuple[Scored, ...]


def validate(match: FinishedMatch) -> None:
    """Refuse a match the ratings cannot take: two sides, a known winner, every side member playing."""
    if len(match.sides) != 2:
        raise ValueError(f"match {match.id}: a rated match has exactly two sides, got {list(match.sides)}")
    if match.winner is not None and match.winner not in match.sides:
        raise ValueError(f"match {match.id}: winner {match.winner!r} is not one of the sides")
    users = [p.user_id for p in match.participants]
    if len(set(users)) != len(users):
        raise ValueError(f"match {match.id}: a user appears twice among the participants")
    strangers = {u for members in match.sides.values() for u in members} - set(users)
    if strangers:
        raise ValueError(f"match {match.id}: side members {sorted(strangers)} are not participants")


def scored(match: FinishedMatch) -> tuple[Scored, ...]:
    return tuple(Scored(p.user_id, p.name, p.won, p.points) for p in match.participants)


def encode_sides(sides: Sides) -> list[list[Any]]:
    """The sides as JSON that keeps their order (a JSONB object would not): ``[[label, [users…]], …]``."""
    return [[label, list(members)] for label, members in sides.items()]


def decode_sides(raw: Sequence[Sequence[Any]]) -> dict[str, list[str]]:
    return {str(label): [str(user) for user in members] for label, members in raw}


class RatingBook:
    """Ratings and leaderboard aggregates per (user id, game type), updated match by match."""

    def __init__(self, rows: Iterable[Rating] = ()) -> None:
        self._rows: dict[tuple[str, str], Rating] = {(r.user_id, r.game_type): r for r in rows}

    def get(self, user_id: str, game_type: str) -> Rating | None:
        return self._rows.get((user_id, game_type))

    def rows(self) -> list[Rating]:
        return list(self._rows.values())

    def apply(
        self, game_type: str, sides: Sides, winner: str | None, players: Sequence[Scored]
    ) -> dict[str, int]:
        """Rate one match: returns each participant's delta (0 for one on neither side)."""
        members = {label: list(users) for label, users in sides.items()}
        current: dict[str, float] = {}
        for users in members.values():
            for user in users:
                row = self._rows.get((user, game_type))
                current[user] = row.rating if row is not None else START_RATING
        deltas = rate_match(current, members, winner)
        result: dict[str, int] = {}
        for player in players:
            delta = deltas.get(player.user_id, 0)
            old = self._rows.get((player.user_id, game_type))
            self._rows[(player.user_id, game_type)] = Rating(
                user_id=player.user_id,
                game_type=game_type,
                name=player.name,
                rating=(old.rating if old is not None else START_RATING) + delta,
                matches=(old.matches if old is not None else 0) + 1,
                wins=(old.wins if old is not None else 0) + (1 if player.won else 0),
                points=(old.points if old is not None else 0) + player.points,
            )
            result[player.user_id] = delta
        return result


def replay(matches: Iterable[ReplayMatch]) -> tuple[RatingBook, dict[tuple[str, str], int], int]:
    """Rate ``matches`` in the order given (finishing order) from scratch.

    Returns the resulting book, every ``(match id, user id) -> delta``, and the
    number of matches replayed.
    """
    book = RatingBook()
    deltas: dict[tuple[str, str], int] = {}
    count = 0
    for match in matches:
        for user_id, delta in book.apply(match.game_type, match.sides, match.winner, match.players).items():
            deltas[(match.id, user_id)] = delta
        count += 1
    logger.debug("replayed %d matches into %d rating rows", count, len(book.rows()))
    return book, deltas, count


def rate_recorded(match: FinishedMatch, current: Iterable[Rating]) -> tuple[dict[str, int], list[Rating]]:
    """Rate a match being recorded against its participants' ``current`` rating rows.

    Returns each participant's delta and their updated rows, by user id (the
    order in which a repository locks and writes them).
    """
    book = RatingBook(current)
    deltas = book.apply(match.game_type, match.sides, match.winner, scored(match))
    updated = [book.get(user_id, match.game_type) for user_id in sorted(deltas)]
    return deltas, [row for row in updated if row is not None]
