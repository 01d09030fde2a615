"""Which table cards a played card may take.

* A table card of the same rank must be taken when there is one; each such card is
  a separate option (the player picks which one).
* Otherwise any set of table cards whose ranks add up to the played card's rank may
  be taken, at the player's choice.
* A card that can capture must capture.
* Asso pigliatutto (optional): an ace played while no ace lies on the table takes the
  whole table, or only itself when the table is empty. With an ace on the table the
  ordinary equal-rank rule applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.cards import Card

Capture = tuple[Card, ...]

ACE = 1


def ace_sweeps(card: Card, table: Sequence[Card], pigliatutto: bool) -> bool:
    """True when ``card`` is an ace that takes the whole table under asso pigliatutto."""
    return pigliatutto and card.rank == ACE and all(other.rank != ACE for other in table)


def _add_sums(
    table: Sequence[Card], chosen: Capture, remaining: int, start: int, found: list[Capture]
) -> None:
    """Add to ``found`` every way to make up ``remaining`` with the cards from ``table[start]``
    on, each after ``chosen``. Depth first, in table order: a card that makes up the rest
    completes a capture; a smaller one is tried together with the cards after it."""
    for index in range(start, len(table)):
        candidate = table[index]
        if candidate.rank == remaining:
            found.append((*chosen, candidate))
        elif candidate.rank < remaining:
            _add_sums(table, (*chosen, candidate), remaining - candidate.rank, index + 1, found)


def legal_captures(card: Card, table: Sequence[Card], pigliatutto: bool = False) -> tuple[Capture, ...]:
    """The captures ``card`` may make on ``table``; empty when it captures nothing.

    Under asso pigliatutto a sweeping ace on an empty table captures only itself: that
    is reported as no table capture (see ``ace_sweeps``).
    """
    if not table:
        return ()
    if pigliatutto and ace_sweeps(card, table, pigliatutto):
        return (tuple(table),)
    equal = tuple([(other,) for other in table if other.rank == card.rank])
    if equal:
        return equal
    return tuple(sums(table, card.rank))


def sums(table: Sequence[Card], rank: int) -> list[Capture]:
    """Every set of ``table`` cards whose ranks add up to ``rank``, each in table order, the sets in
    the order ``legal_captures`` gives them (ignoring the equal-rank rule: the caller applies it)."""
    found: list[Capture] = []
    _add_sums(table, (), rank, 0, found)
    return found


@dataclass(frozen=True, slots=True)
class Move:
    """One legal way to play: a card, the table cards it takes, and whether it is an ace sweep."""

    card: Card
    capture: Capture
    sweep: bool = False


def legal_moves(hand: Sequence[Card], table: Sequence[Card], pigliatutto: bool) -> tuple[Move, ...]:
    """Every legal (card, capture) pair for a hand: a card with captures has no capture-less move."""
    moves: list[Move] = []
    by_rank: dict[int, tuple[Capture, ...]] = {}  # what a card takes depends on its rank alone
    for card in hand:
        sweep = ace_sweeps(card, table, pigliatutto)
        options = by_rank.get(card.rank)
        if options is None:
            options = by_rank[card.rank] = legal_captures(card, table, pigliatutto)
        if options:
            moves.extend(Move(card, capture, sweep) for capture in options)
        else:
            moves.append(Move(card, (), sweep))
    return tuple(moves)
