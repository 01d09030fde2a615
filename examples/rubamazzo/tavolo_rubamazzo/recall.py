"""What a rubamazzo seat remembers: the hand under way as the events it saw tell it.

The view shows each pile's face-up top and size only, but every card of a pile was played or
captured in the open, so a seat that saw the hand's events knows each pile card by card. The normal
player (``computer.py``) counts the ranks still out from it; the search (``search.py``) deals the
cards it does not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.bots.base import Seen
from domain.cards import Card, parse_cards
from tavolo_rubamazzo.takes import Pile, top


@dataclass(frozen=True, slots=True)
class Replay:
    """The hand under way as the seat's events tell it: the piles card by card, the last taker, and
    the match's plays so far (its ``moves``)."""

    piles: tuple[Pile, ...] | None
    """``None`` when the events of the hand under way are missing."""
    last_taker: int | None
    moves: int
    history: tuple[Mapping[str, Any], ...]


def replay(seen: Seen, hand_number: int, seats: int) -> Replay:
    """The piles of hand ``hand_number`` replayed from ``seen`` (``piles`` is ``None`` when its start
    is missing)."""
    start = None
    moves = 0
    history: list[Mapping[str, Any]] = []
    for index, event in enumerate(seen):
        kind = event.get("kind")
        if kind == "hand_started" and event.get("hand_number") == hand_number:
            start = index
        elif kind == "play":
            moves += 1
        elif kind == "hand_end":
            history.append({key: value for key, value in event.items() if key != "kind"})
    if start is None:
        return Replay(None, None, moves, tuple(history))
    table = list(parse_cards(seen[start]["table"]))
    piles: list[Pile] = [() for _ in range(seats)]
    last_taker = None
    for event in seen[start + 1 :]:
        kind = event.get("kind")
        if kind == "play":
            seat = int(event["seat"])
            card = Card.parse(event["card"])
            captured = parse_cards(event["captured"])
            stolen_from = event["stolen_from"]
            if stolen_from is not None:
                piles[seat] = (*piles[stolen_from], *piles[seat], card)
                piles[stolen_from] = ()
                last_taker = seat
            elif captured:
                table.remove(captured[0])
                piles[seat] = (*piles[seat], captured[0], card)
                last_taker = seat
            else:
                table.append(card)
        elif kind == "leftovers":
            seat = int(event["seat"])
            piles[seat] = (*parse_cards(event["cards"]), *piles[seat])
    return Replay(tuple(piles), last_taker, moves, tuple(history))


def pile_json(pile: Pile) -> Mapping[str, Any]:
    """A pile as the view shows it: its face-up top and its size."""
    card = top(pile)
    return {"top": None if card is None else card.code, "size": len(pile)}


def piles_as_shown(done: Replay, view: Mapping[str, Any]) -> tuple[Pile, ...] | None:
    """The replayed piles when they agree with the piles ``view`` shows; ``None`` when the events do
    not tell this hand's piles (a seat that came in late, or ``decide`` called with no history)."""
    if done.piles is None or [pile_json(pile) for pile in done.piles] != list(view["piles"]):
        return None
    return done.piles
