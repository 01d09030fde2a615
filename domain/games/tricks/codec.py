"""Plain-dict forms of the shared trick values (cards travel as wire codes)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from domain.cards import Card
from domain.games.tricks.trick import CompletedTrick, Play


def optional_card(code: str | None) -> Card | None:
    return None if code is None else Card.parse(code)


def dump_plays(plays: Sequence[Play]) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "card": p.card.code} for p in plays]


def load_plays(data: Iterable[Mapping[str, Any]]) -> tuple[Play, ...]:
    return tuple(Play(seat=int(p["seat"]), card=Card.parse(p["card"])) for p in data)


def dump_trick(trick: CompletedTrick | None) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {"plays": dump_plays(trick.plays), "winner": trick.winner}


def load_trick(data: Mapping[str, Any] | None) -> CompletedTrick | None:
    if data is None:
        return None
    return CompletedTrick(plays=load_plays(data["plays"]), winner=int(data["winner"]))


def trick_public(trick: CompletedTrick) -> dict[str, Any]:
    """The public picture of a finished trick."""
    return {"trick": dump_plays(trick.plays), "winner": trick.winner, "points": trick.points}


def trick_view(trick: CompletedTrick | None) -> dict[str, Any] | None:
    return None if trick is None else trick_public(trick)
