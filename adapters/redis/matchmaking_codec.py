"""How the quick-match pool writes a ``Seeker`` and a ``Group`` in Redis: compact JSON."""

from __future__ import annotations

from typing import Any

import orjson

from domain.matchmaking import Group, Seeker, SeekOptions


def _seeker_data(seeker: Seeker) -> dict[str, Any]:
    return {
        "user_id": seeker.user_id,
        "name": seeker.name,
        "game_type": seeker.game_type,
        "rating": seeker.rating,
        "since": seeker.since,
        "computers_after": seeker.computers_after,
        "options": [[name, value] for name, value in seeker.options],
    }


def _seeker(data: dict[str, Any]) -> Seeker:
    return Seeker(
        user_id=str(data["user_id"]),
        name=str(data["name"]),
        game_type=str(data["game_type"]),
        rating=int(data["rating"]),
        since=float(data["since"]),
        computers_after=None if data.get("computers_after") is None else float(data["computers_after"]),
        options=_options(data.get("options", [])),
    )


def _options(raw: list[list[Any]]) -> SeekOptions:
    """A seeker's options as ``_seeker_data`` wrote them (none for a seeker written before them)."""
    options: list[tuple[str, int | bool]] = []
    for name, value in raw:
        if not isinstance(value, int):  # a bool is an int too
            raise TypeError(f"option {name!r} is not a whole number or a boolean")
        options.append((str(name), value))
    return tuple(options)


def encode_seeker(seeker: Seeker) -> str:
    return orjson.dumps(_seeker_data(seeker)).decode()


def decode_seeker(raw: str | bytes) -> Seeker:
    """The seeker ``encode_seeker`` wrote; ``ValueError``, ``KeyError`` or ``TypeError`` if malformed."""
    return _seeker(orjson.loads(raw))


def encode_group(group: Group) -> str:
    return orjson.dumps(
        {
            "id": group.id,
            "game_type": group.game_type,
            "members": [_seeker_data(member) for member in group.members],
            "computers": group.computers,
            "formed": group.formed,
            "options": [[name, value] for name, value in group.options],
        }
    ).decode()


def decode_group(raw: str | bytes) -> Group:
    """The group ``encode_group`` wrote; ``ValueError``, ``KeyError`` or ``TypeError`` if malformed."""
    data: dict[str, Any] = orjson.loads(raw)
    return Group(
        id=str(data["id"]),
        game_type=str(data["game_type"]),
        members=tuple(_seeker(member) for member in data["members"]),
        computers=int(data["computers"]),
        formed=float(data["formed"]),
        options=_options(data.get("options", [])),
    )
