"""Read side of finished matches: a player's history, ratings, and the leaderboards."""

from __future__ import annotations

import base64
import binascii
import math
from dataclasses import asdict

from application.playing.computer_players import BOT_PREFIX, is_bot
from application.playing.live_games import Archive
from application.results.archive import HistoryCursor, MatchSummary, Rating
from domain.engine import JSON
from domain.errors import InvalidAction

MAX_LIMIT = 100


def encode_cursor(cursor: HistoryCursor) -> str:
    raw = f"{cursor.finished_at!r}|{cursor.match_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(text: str) -> HistoryCursor:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
        finished, match_id = raw.split("|", 1)
        value = float(finished)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise InvalidAction("the cursor is not one this server gave out") from None
    if not math.isfinite(value) or not match_id or not match_id.isprintable():
        # a NUL (or any control character) is no match id, and PostgreSQL refuses NUL in text
        raise InvalidAction("the cursor is not one this server gave out")
    return HistoryCursor(value, match_id)


def record_path(match_id: str) -> str:
    """Where the API serves a match's record."""
    return f"/api/matches/{match_id}/record"


def summary_json(match: MatchSummary) -> JSON:
    return {
        "id": match.id,
        "game_type": match.game_type,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "rated": match.rated,
        "record": record_path(match.id) if match.has_record else None,
        "result": dict(match.result),
        "players": [
            {
                "user_id": p.user_id,
                "name": p.name,
                "seat": p.seat,
                "team": p.team,
                "won": p.won,
                "points": p.points,
                "elo_delta": p.elo_delta,
                "rating_before": p.rating_before,
                "rating_after": p.rating_after,
                "details": dict(p.details),
            }
            for p in sorted(match.participants, key=lambda p: p.seat)
        ],
    }


def _check_game_type(archive: Archive, game_type: str | None) -> None:
    if game_type is not None and game_type not in archive.registry:
        raise InvalidAction(f"unknown game type: {game_type!r}")


async def match_history(
    archive: Archive, user_id: str, limit: int, cursor: str | None, game_type: str | None
) -> JSON:
    _check_game_type(archive, game_type)
    position = None if cursor is None else decode_cursor(cursor)
    matches = await archive.matches.history(user_id, limit + 1, position, game_type)
    page, more = matches[:limit], len(matches) > limit
    next_cursor = encode_cursor(HistoryCursor(page[-1].finished_at, page[-1].id)) if more and page else None
    return {"matches": [summary_json(m) for m in page], "next_cursor": next_cursor}


def rating_json(rating: Rating, rank: int | None = None) -> JSON:
    entry = asdict(rating)
    entry["bot"] = is_bot(rating.user_id)
    if rank is not None:
        entry["rank"] = rank
    return entry


async def my_ratings(archive: Archive, user_id: str) -> list[JSON]:
    return [rating_json(r) for r in await archive.matches.ratings(user_id)]


async def leaderboard(
    archive: Archive,
    game_type: str,
    page: int,
    limit: int,
    user_id: str | None,
    focus_me: bool,
    include_bots: bool = False,
) -> JSON:
    """One page of a game's board; bot accounts are left off unless ``include_bots``."""
    _check_game_type(archive, game_type)
    hide = None if include_bots else BOT_PREFIX
    my_rank = None if user_id is None else await archive.matches.rank_of(user_id, game_type, hide)
    if focus_me and my_rank is not None:
        page = (my_rank - 1) // limit + 1
    entries, total = await archive.matches.leaderboard(game_type, (page - 1) * limit, limit, hide)
    first_rank = (page - 1) * limit + 1
    return {
        "game_type": game_type,
        "page": page,
        "limit": limit,
        "pages": max(1, math.ceil(total / limit)),
        "total": total,
        "entries": [rating_json(r, first_rank + i) for i, r in enumerate(entries)],
        "me": None if my_rank is None else {"rank": my_rank, "page": (my_rank - 1) // limit + 1},
    }
