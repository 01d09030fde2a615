"""What a played card may take: an opponent's whole pile, or one table card, by rank alone.

* A card whose rank matches the face-up top card of an opponent's pile may steal that pile.
* A card whose rank matches a table card may capture it, one card only (suits never matter and
  there are no sums: this is not scopa).
* When a card can take at all it must take, but which take is the player's choice: each possible
  steal and each possible capture is its own legal move (Italian Wikipedia, "Rubamazzo": taking is
  compulsory, and when the table card and the opponent's pile show the same rank one takes the one
  one prefers).
* A card that can take nothing is laid on the table.

A pile is kept bottom first: its last card is the face-up top. A seat never steals its own pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.cards import Card

Pile = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """One legal way to play a card: steal seat ``steal``'s pile, capture the table card
    ``capture``, or (neither) lay the card on the table."""

    card: Card
    capture: Card | None = None
    steal: int | None = None

    @property
    def takes(self) -> bool:
        return self.capture is not None or self.steal is not None


def top(pile: Pile) -> Card | None:
    return pile[-1] if pile else None


def steals(card: Card, seat: int, piles: Sequence[Pile]) -> tuple[int, ...]:
    """The opponents (in seat order) whose pile ``card`` may steal."""
    return tuple(
        other for other, pile in enumerate(piles) if other != seat and pile and pile[-1].rank == card.rank
    )


def captures(card: Card, table: Sequence[Card]) -> tuple[Card, ...]:
    """The table cards (in table order) ``card`` may capture."""
    return tuple(other for other in table if other.rank == card.rank)


def card_moves(card: Card, seat: int, table: Sequence[Card], piles: Sequence[Pile]) -> tuple[Move, ...]:
    """Every legal way to play ``card``: its steals, then its captures; a discard only when it has neither."""
    moves = [Move(card, steal=other) for other in steals(card, seat, piles)]
    moves.extend(Move(card, capture=other) for other in captures(card, table))
    return tuple(moves) if moves else (Move(card),)


def legal_moves(
    hand: Sequence[Card], seat: int, table: Sequence[Card], piles: Sequence[Pile]
) -> tuple[Move, ...]:
    """Every legal move of a hand, card by card in hand order."""
    return tuple(move for card in hand for move in card_moves(card, seat, table, piles))
