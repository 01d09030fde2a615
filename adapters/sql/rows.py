"""Rows back into records, for both drivers (asyncpg ``Record`` and ``sqlite3.Row`` index by name)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from adapters.sql.dialect import Dialect
from application.results.archive import MatchSummary, Participant, Rating
from application.results.rating_book import RatedMatch, Scored, decode_sides


class Row(Protocol):
    def __getitem__(self, key: str, /) -> Any: ...


def rating(row: Row) -> Rating:
    return Rating(
        user_id=row["user_id"],
        game_type=row["game_type"],
        name=row["name"],
        rating=int(row["rating"]),
        matches=int(row["matches"]),
        wins=int(row["wins"]),
        points=int(row["points"]),
    )


def participant(d: Dialect, row: Row) -> Participant:
    return Participant(
        user_id=row["user_id"],
        name=row["name"],
        seat=int(row["seat"]),
        team=row["team"],
        won=bool(row["won"]),
        points=int(row["points"]),
        details=d.decode_json(row["details"]),
        elo_delta=int(row["elo_delta"]),
        rating_before=None if row["rating_before"] is None else int(row["rating_before"]),
    )


def summaries(d: Dialect, matches: Sequence[Row], players: Iterable[Row]) -> list[MatchSummary]:
    """History summaries in the order of ``matches`` (rows of ``queries.SUMMARY_COLUMNS``),
    each with its players (by seat)."""
    by_match: dict[str, list[Participant]] = {row["id"]: [] for row in matches}
    for row in players:
        by_match[row["match_id"]].append(participant(d, row))
    return [
        MatchSummary(
            id=row["id"],
            game_type=row["game_type"],
            started_at=float(row["started_at"]),
            finished_at=float(row["finished_at"]),
            result=d.decode_json(row["result"]),
            participants=tuple(by_match[row["id"]]),
            rated=bool(row["rated"]),
            has_record=bool(row["has_record"]),
        )
        for row in matches
    ]


def rated_matches(d: Dialect, matches: Sequence[Row], players: Iterable[Row]) -> list[RatedMatch]:
    """The recorded rated matches (already in finishing order) with their players, ready to replay.

    ``players`` are those of ``matches`` only."""
    by_match: dict[str, list[Scored]] = {row["id"]: [] for row in matches}
    for row in players:
        by_match[row["match_id"]].append(
            Scored(row["user_id"], row["name"], bool(row["won"]), int(row["points"]))
        )
    return [
        RatedMatch(
            id=row["id"],
            game_type=row["game_type"],
            sides=decode_sides(d.decode_json(row["sides"])),
            winner=row["winner"],
            players=tuple(by_match[row["id"]]),
        )
        for row in matches
    ]
