"""Declarations (accusi): the combinations a seat holds when it first plays in a hand.

* a *napoletana*: the asso, 2 and 3 of one suit, 3 points (named by its suit);
* three assi, three 2s or three 3s: 3 points (named by the suit missing);
* all four assi, 2s or 3s: 4 points (no suit).

A card may count in more than one: a napoletana of denari and three assi may share the asso of
denari. Declarations are public (their kind and suit), the cards themselves stay in the hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.cards import SUITS, Card
from domain.engine import JSON

NAPOLETANA = "napoletana"
NAPOLETANA_RANKS = (1, 2, 3)
KIND_NAMES: dict[int, str] = {1: "assi", 2: "2", 3: "3"}
"""How a kind of three or four names its rank: ``three_assi``, ``four_2`` …"""
KINDS: tuple[str, ...] = (
    NAPOLETANA,
    *(f"three_{name}" for name in KIND_NAMES.values()),
    *(f"four_{name}" for name in KIND_NAMES.values()),
)
THREE_POINTS = 3
FOUR_POINTS = 4


@dataclass(frozen=True, slots=True)
class Declaration:
    """One combination declared by ``seat``: its ``kind`` (``KINDS``), the ``suit`` that names it
    (a napoletana's suit, a three-of-a-kind's missing suit; ``None`` for four of a kind), its points."""

    seat: int
    kind: str
    suit: str | None
    points: int

    def public(self) -> JSON:
        return {"seat": self.seat, "kind": self.kind, "suit": self.suit, "points": self.points}

    @staticmethod
    def load(data: Mapping[str, Any]) -> Declaration:
        suit = data["suit"]
        return Declaration(
            int(data["seat"]), str(data["kind"]), None if suit is None else str(suit), int(data["points"])
        )


def declarations_in(seat: int, hand: Iterable[Card]) -> tuple[Declaration, ...]:
    """Every combination ``hand`` holds, napoletane first (in suit order), then the kinds by rank."""
    held = {(card.rank, card.suit) for card in hand}
    found = [
        Declaration(seat, NAPOLETANA, suit.value, THREE_POINTS)
        for suit in SUITS
        if all((rank, suit) in held for rank in NAPOLETANA_RANKS)
    ]
    for rank, name in KIND_NAMES.items():
        suits = [suit for suit in SUITS if (rank, suit) in held]
        if len(suits) == len(SUITS):
            found.append(Declaration(seat, f"four_{name}", None, FOUR_POINTS))
        elif len(suits) == len(SUITS) - 1:
            missing = next(suit for suit in SUITS if suit not in suits)
            found.append(Declaration(seat, f"three_{name}", missing.value, THREE_POINTS))
    return tuple(found)


def points_by_side(declarations: Iterable[Declaration]) -> tuple[int, int]:
    """The points each side declared (a seat's side is its parity)."""
    totals = [0, 0]
    for declaration in declarations:
        totals[declaration.seat % 2] += declaration.points
    return (totals[0], totals[1])
