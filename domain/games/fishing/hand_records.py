"""The audit of a finished hand: the record views, results and events show, and the short form a
stored state keeps of it.

``hand_record`` makes the record once, when the hand ends; the state keeps it as it is shown, so a
view never rebuilds it. It is also most of a late state's bytes (a scopone record is ~560 bytes of
JSON, three in five of a mid-match state's), and a state is written on every change. So the record
carries its stored form, made from the same scores at the same time: a list of numbers,

    [hand number, dealer, side A, side B, winners, whole suit, scores after]

where a side is ``SideScore``'s fields in their order, ``winners`` the side index (or ``None``) of
each category in ``scoring.BASE_CATEGORIES`` order (napola last, when it is played), and ``scores after`` the
match score of A and B. ``restored`` makes the record again from it through ``hand_record``, so
``restored(stored(r)) == r`` holds by construction. A record this form cannot say (another list of
categories) is stored as it is shown, and so is every record a state stored before this form: both
load as they are.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from domain.engine import JSON
from domain.games.fishing.config import SIDES
from domain.games.fishing.scoring import BASE_CATEGORIES, HandScore, SideScore


class HandRecord(dict[str, Any]):
    """A hand's audit as it is shown (a plain JSON object to every reader), with ``stored``: what a
    stored state keeps of it."""

    __slots__ = ("stored",)

    stored: list[Any] | JSON


SIDE_FIELDS = tuple(field.name for field in fields(SideScore))
"""``SideScore``'s fields in their order: a stored side is their values."""


def side_values(score: SideScore) -> list[Any]:
    """``score``'s fields in their order (``dataclasses.astuple`` without its deep copy: every field
    is a number, and a searching player ends a hand in each of the few hundred playouts of a decision)."""
    return [getattr(score, name) for name in SIDE_FIELDS]


def _label(side: int | None) -> str | None:
    return None if side is None else SIDES[side]


def categories(napola: bool) -> tuple[str, ...]:
    """The categories of a hand, in display order: napola follows the base ones when it is played."""
    return (*BASE_CATEGORIES, "napola") if napola else BASE_CATEGORIES


def side_score_to_json(score: SideScore, napola: bool) -> JSON:
    data: JSON = {
        "carte": score.carte,
        "denara": score.denara,
        "settebello": score.settebello,
        "primiera": score.primiera,
        "scope": score.scope,
        "total": score.total,
        "cards": score.cards,
        "denari": score.denari,
        "primiera_points": score.primiera_points,
    }
    if napola:
        data["napola"] = score.napola
    return data


def hand_record(hand_number: int, dealer: int, score: HandScore, scores_after: tuple[int, int]) -> HandRecord:
    """The audit of a finished hand: the state's ``history`` entry, the view's ``last_hand``,
    the ``hand_end`` event and one of the result's ``hands``."""
    napola = "napola" in score.categories
    record = HandRecord(
        hand_number=hand_number,
        dealer=dealer,
        sides={SIDES[i]: side_score_to_json(score.sides[i], napola) for i in (0, 1)},
        award={name: _label(side) for name, side in score.award},
        captured_counts={SIDES[i]: score.sides[i].cards for i in (0, 1)},
        scores={SIDES[i]: scores_after[i] for i in (0, 1)},
    )
    if napola:
        record["napola_whole_suit"] = _label(score.whole_suit)
    record.stored = (
        [
            hand_number,
            dealer,
            side_values(score.sides[0]),
            side_values(score.sides[1]),
            [side for _, side in score.award],
            score.whole_suit,
            list(scores_after),
        ]
        if score.categories == categories(napola)
        else dict(record)
    )
    return record


def stored(record: JSON) -> list[Any] | JSON:
    """What a stored state keeps of ``record`` (a record loaded as it was shown stays so)."""
    return record.stored if isinstance(record, HandRecord) else record


def restored(raw: Any) -> JSON:
    """The record ``stored`` kept as ``raw``. Raises ``ValueError`` or ``TypeError`` on anything else."""
    if isinstance(raw, dict):
        return raw
    if not isinstance(raw, list):
        raise ValueError("a hand record is a JSON object or its stored list")
    hand_number, dealer, first, second, winners, whole_suit, scores_after = raw
    names = categories(len(winners) == len(BASE_CATEGORIES) + 1)
    if len(winners) != len(names):
        raise ValueError("a stored hand record names a winner for each category")
    score = HandScore(
        sides=(SideScore(*first), SideScore(*second)),
        award=tuple(zip(names, winners, strict=True)),
        whole_suit=whole_suit,
    )
    first_score, second_score = scores_after
    return hand_record(int(hand_number), int(dealer), score, (int(first_score), int(second_score)))
