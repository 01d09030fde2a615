"""How a running arena writes a ``Pooled``, a ``Seating`` and a ``LiveScore`` in Redis: compact JSON.

``RedisArenaLive``'s scripts read two fields themselves (with ``cjson``): a seating's
``user_ids`` (an array of strings) and a score's ``games`` (a number); keep those names.
"""

from __future__ import annotations

from typing import Any

import orjson

from application.arenas.records import LiveScore, Pooled, Seating


def encode_pooled(entry: Pooled) -> str:
    return orjson.dumps(
        {
            "user_id": entry.user_id,
            "name": entry.name,
            "rating": entry.rating,
            "since": entry.since,
            "berserk": entry.berserk,
            "last_table": sorted(entry.last_table),
        }
    ).decode()


def decode_pooled(raw: str | bytes) -> Pooled:
    """The entry ``encode_pooled`` wrote; ``ValueError``, ``KeyError`` or ``TypeError`` if malformed."""
    data: dict[str, Any] = orjson.loads(raw)
    return Pooled(
        user_id=str(data["user_id"]),
        name=str(data["name"]),
        rating=int(data["rating"]),
        since=float(data["since"]),
        berserk=bool(data["berserk"]),
        last_table=frozenset(str(user_id) for user_id in data["last_table"]),
    )


def encode_seating(seating: Seating) -> str:
    return orjson.dumps(
        {
            "arena_id": seating.arena_id,
            "game_id": seating.game_id,
            "user_ids": list(seating.user_ids),
            "names": list(seating.names),
            "berserk": list(seating.berserk),
            "formed": seating.formed,
        }
    ).decode()


def decode_seating(raw: str | bytes) -> Seating:
    """The seating ``encode_seating`` wrote; ``ValueError``, ``KeyError`` or ``TypeError`` if malformed."""
    data: dict[str, Any] = orjson.loads(raw)
    return Seating(
        arena_id=str(data["arena_id"]),
        game_id=str(data["game_id"]),
        user_ids=tuple(str(user_id) for user_id in data["user_ids"]),
        names=tuple(str(name) for name in data["names"]),
        berserk=tuple(int(seat) for seat in data["berserk"]),
        formed=float(data["formed"]),
    )


def encode_score(score: LiveScore) -> str:
    return orjson.dumps(
        {
            "user_id": score.user_id,
            "points": score.points,
            "performance": score.performance,
            "games": score.games,
            "on_fire": score.on_fire,
        }
    ).decode()


def decode_score(raw: str | bytes) -> LiveScore:
    """The score ``encode_score`` wrote; ``ValueError``, ``KeyError`` or ``TypeError`` if malformed."""
    data: dict[str, Any] = orjson.loads(raw)
    performance = data["performance"]
    return LiveScore(
        user_id=str(data["user_id"]),
        points=int(data["points"]),
        performance=None if performance is None else int(performance),
        games=int(data["games"]),
        on_fire=bool(data["on_fire"]),
    )
