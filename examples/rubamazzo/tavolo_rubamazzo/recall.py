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
from tavolo_rubamazzo.takes import Move, Pile, top


@dataclass(frozen=True, slots=True)
class RoundPlay:
    """One play of the deal round under way, with the table and the piles it was chosen on."""

    move: Move
    seat: int
    table: tuple[Card, ...]
    piles: tuple[Pile, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """The hand under way as the seat's events tell it: the piles card by card, the last taker, and
    the match's plays so far (its ``moves``)."""

    piles: tuple[Pile, ...] | None
    """``None`` when the events of the hand under way are missing."""
    last_taker: int | None
    moves: int
    history: tuple[Mapping[str, Any], ...]
    this_round: tuple[RoundPlay, ...] = ()
    """The plays since the round under way was dealt, in order."""
    round_counts: tuple[int, ...] = ()
    """How many cards each seat was dealt for the round under way."""
    round_deck: int = 0
    """The cards left in the stock once the round under way was dealt."""


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
    this_round: list[RoundPlay] = []
    round_counts: tuple[int, ...] = ()
    round_deck = 0
    for event in seen[start + 1 :]:
        kind = event.get("kind")
        if kind == "cards_dealt":
            this_round = []
            round_counts = tuple(int(count) for count in event["counts"])
            round_deck = int(event["deck_count"])
        elif kind == "play":
            seat = int(event["seat"])
            card = Card.parse(event["card"])
            captured = parse_cards(event["captured"])
            stolen_from = event["stolen_from"]
            move = Move(card, captured[0] if captured else None, stolen_from)
            this_round.append(RoundPlay(move, seat, tuple(table), tuple(piles)))
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
    return Replay(
        tuple(piles), last_taker, moves, tuple(history), tuple(this_round), round_counts, round_deck
    )


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
