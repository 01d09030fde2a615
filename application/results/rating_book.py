"""Rating arithmetic shared by every match repository: one match at a time, or a whole rebuild.

The repositories differ in where ratings live and how they are locked; what a
match does to them is decided here, once: ``RatingBook.apply`` asks
``domain.elo.rate_match`` for each player's delta from the ratings the book
holds (a match of more than two sides pair by pair on each side's points,
the mean of its members'), then moves each participant's rating by it and bumps the aggregates
(matches + 1, wins + 1 if won, points + points, name = the latest one), and
says, per participant, the rating before the match and the delta
(``RatingChange``). Only rated matches go through a book: a casual one
changes no rating. ``rebuild`` runs a whole history of rated matches through a
fresh book, for ``rebuild_ratings``; ``RatingBook.adopt`` and
``adopt_sides`` move a user's ratings and side places to another user id.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from application.results.archive import FinishedMatch, Rating
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
class RatingChange:
    """What one rated match did to one participant's rating in its game type."""

    before: int
    delta: int

    @property
    def after(self) -> int:
        return self.before + self.delta


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A recorded match as the rating rebuild reads it."""

    id: str
    game_type: str
    sides: Sides
    winner: str | None
    players: tuple[Scored, ...]


def validate(match: FinishedMatch) -> None:
    """Refuse a match the ratings cannot take: two sides or more, a known winner, every side member
    playing."""
    if len(match.sides) < 2:
        raise ValueError(f"match {match.id}: a rated match has two sides or more, got {list(match.sides)}")
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


def adopt_sides(sides: Sides, from_user: str, to_user: str) -> dict[str, list[str]]:
    """``sides`` (in their order) with ``to_user`` wherever ``from_user`` was."""
    return {
        label: [to_user if user == from_user else user for user in members]
        for label, members in sides.items()
    }


class RatingBook:
    """Ratings and leaderboard aggregates per (user id, game type), updated match by match."""

    def __init__(self, rows: Iterable[Rating] = ()) -> None:
        self._rows: dict[tuple[str, str], Rating] = {(r.user_id, r.game_type): r for r in rows}

    def get(self, user_id: str, game_type: str) -> Rating | None:
        return self._rows.get((user_id, game_type))

    def rows(self) -> list[Rating]:
        return list(self._rows.values())

    def holds(self, user_id: str) -> bool:
        """Whether ``user_id`` has a rating in any game type."""
        return any(user == user_id for user, _ in self._rows)

    def adopt(self, from_user: str, to_user: str, to_name: str) -> None:
        """Every rating of ``from_user`` becomes ``to_user``'s, named ``to_name``
        (``to_user`` must have none: an existing row of theirs would be overwritten)."""
        for (user, game_type), row in list(self._rows.items()):
            if user == from_user:
                del self._rows[(user, game_type)]
                self._rows[(to_user, game_type)] = Rating(
                    to_user, game_type, to_name, row.rating, row.matches, row.wins, row.points
                )

    def apply(
        self, game_type: str, sides: Sides, winner: str | None, players: Sequence[Scored]
    ) -> dict[str, RatingChange]:
        """Rate one match: each participant's rating before it and delta (0 for one on neither side)."""
        members = {label: list(users) for label, users in sides.items()}
        current: dict[str, float] = {}
        for users in members.values():
            for user in users:
                row = self._rows.get((user, game_type))
                current[user] = row.rating if row is not None else START_RATING
        deltas = rate_match(current, members, winner, side_scores(members, players))
        result: dict[str, RatingChange] = {}
        for player in players:
            delta = deltas.get(player.user_id, 0)
            old = self._rows.get((player.user_id, game_type))
            before = old.rating if old is not None else START_RATING
            self._rows[(player.user_id, game_type)] = Rating(
                user_id=player.user_id,
                game_type=game_type,
                name=player.name,
                rating=before + delta,
                matches=(old.matches if old is not None else 0) + 1,
                wins=(old.wins if old is not None else 0) + (1 if player.won else 0),
                points=(old.points if old is not None else 0) + player.points,
            )
            result[player.user_id] = RatingChange(before, delta)
        return result


def side_scores(sides: Mapping[str, Sequence[str]], players: Sequence[Scored]) -> dict[str, float] | None:
    """Each side's score, the mean of its members' points, for a match of more than two sides
    (rated pair by pair on them); ``None`` for two sides, rated on the winner alone."""
    if len(sides) <= 2:
        return None
    points = {player.user_id: player.points for player in players}
    return {
        label: sum(points.get(user, 0) for user in users) / len(users) if users else 0.0
        for label, users in sides.items()
    }


def rebuild(
    matches: Iterable[RatedMatch],
) -> tuple[RatingBook, dict[tuple[str, str], RatingChange], int]:
    """Rate ``matches`` (rated ones only) in the order given (finishing order) from scratch.

    Returns the resulting book, every ``(match id, user id) -> RatingChange``,
    and the number of matches replayed.
    """
    book = RatingBook()
    changes: dict[tuple[str, str], RatingChange] = {}
    count = 0
    for match in matches:
        for user_id, change in book.apply(match.game_type, match.sides, match.winner, match.players).items():
            changes[(match.id, user_id)] = change
        count += 1
    logger.debug("replayed %d matches into %d rating rows", count, len(book.rows()))
    return book, changes, count


def rate_recorded(
    match: FinishedMatch, current: Iterable[Rating]
) -> tuple[dict[str, RatingChange], list[Rating]]:
    """Rate a rated match being recorded against its participants' ``current`` rating rows.

    Returns each participant's rating before the match and delta, and their
    updated rows, by user id (the order in which a repository locks and writes them).
    """
    if not match.rated:
        raise ValueError(f"match {match.id} is casual: it moves no rating")
    book = RatingBook(current)
    changes = book.apply(match.game_type, match.sides, match.winner, scored(match))
    updated = [book.get(user_id, match.game_type) for user_id in sorted(changes)]
    return changes, [row for row in updated if row is not None]
