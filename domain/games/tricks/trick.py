"""One trick: who played what, and who takes it.

Any card may be played. The highest trump wins the trick; when no trump was
played, the highest card of the suit led wins and a card of another suit never
does.

A completed trick stays on the table a moment before the next lead (``Timeouts.trick_pause``, by
default ``TRICK_PAUSE_SECONDS``; a match keeps its own in its state): no turn's clock starts before
that pause is over (``turn_due``), so it is taken from nobody's time, whoever leads and however fast
the lead comes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.cards import Card, Suit
from domain.games.tricks.cards import points_of, strength

TRICK_PAUSE_SECONDS = 2.0
"""How long a completed trick stays on the table before the next lead unless the server says
otherwise (``Timeouts.trick_pause``), and the pause of a state or record dumped before matches
kept their own: the seat that leads the next trick gets it on top of its turn time, and the views
carry it as ``trick_pause_seconds`` (the browser shows the trick a little less long, then slides
it away)."""


def turn_due(now: float, paused_until: float | None, turn_timeout: float) -> float:
    """When a turn that comes ``now`` runs out: its clock starts once the finished trick's pause
    (until ``paused_until``, ``None`` when there is none) is over."""
    return max(now, paused_until if paused_until is not None else now) + turn_timeout


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CompletedTrick:
    plays: tuple[Play, ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays)

    @property
    def points(self) -> int:
        return points_of(self.cards)


def beats(challenger: Card, best: Card, trump: Suit) -> bool:
    """Whether ``challenger``, played after ``best`` (currently winning), takes over."""
    if challenger.suit == best.suit:
        return strength(challenger) > strength(best)
    return challenger.suit == trump


def trick_winner(plays: Sequence[Play], trump: Suit) -> int:
    """The seat that takes a (non-empty) trick."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    best = plays[0]
    for play in plays[1:]:
        if beats(play.card, best.card, trump):
            best = play
    return best.seat


def resolve(plays: Sequence[Play], trump: Suit) -> CompletedTrick:
    return CompletedTrick(plays=tuple(plays), winner=trick_winner(plays, trump))


def next_seat(seat: int, seats: int) -> int:
    return (seat + 1) % seats


def seats_from(first: int, seats: int) -> tuple[int, ...]:
    """Every seat once, in turn order, starting with ``first``."""
    return tuple((first + offset) % seats for offset in range(seats))
