"""The points of one hand, from the two sides' captured piles.

* ``carte``: one point to the side with more cards (21 or more); 20-20 gives nothing.
* ``denara``: one point to the side with more denari (6 or more); 5-5 gives nothing.
* ``settebello``: one point to the side holding the seven of denari.
* ``primiera``: each side adds its best card per suit (7=21, 6=18, ace=16, 5=15, 4=14,
  3=13, 2=12, figures 10). A side lacking a suit cannot win it; when both lack one,
  or the sums are equal, nobody scores it.
* ``napola`` (optional): the run of consecutive denari from the ace scores its length
  once it is at least three long (ace-2-3). The whole suit wins the match at once.
* one point per scopa.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from domain.cards import DECK, SETTEBELLO, SUITS, Card, Suit

PRIMIERA_VALUES: dict[int, int] = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
NAPOLA_MINIMUM = 3
WHOLE_SUIT = 10
BASE_CATEGORIES: tuple[str, ...] = ("carte", "denara", "settebello", "primiera")

_PRIMIERA_BY_CODE: dict[str, tuple[int, int]] = {
    card.code: (SUITS.index(card.suit), PRIMIERA_VALUES[card.rank]) for card in DECK
}
"""Each card's suit (its place in ``SUITS``) and primiera value, by its code (a string's hash is kept)."""
_DENARI = SUITS.index(Suit.DENARI)


@dataclass(frozen=True, slots=True)
class PileCount:
    """What a captured pile scores by, counted in one pass (a searching computer player scores
    the end of a hand at every one of its playouts)."""

    denari: int
    primiera: int | None
    """The primiera sum, or ``None`` when a suit is missing."""
    denari_ranks: int
    """Bit ``r`` set: the pile holds the denaro of rank ``r``."""

    @property
    def napola_run(self) -> int:
        """How many consecutive denari from the ace (0 without the ace)."""
        run = 0
        while self.denari_ranks >> (run + 1) & 1:
            run += 1
        return run


def count_pile(pile: Sequence[Card]) -> PileCount:
    """The pile's denari, primiera sum and denari ranks, in one walk over its cards."""
    best = [0] * len(SUITS)
    denari = 0
    denari_ranks = 0
    for card in pile:
        suit, value = _PRIMIERA_BY_CODE[card.code]
        if value > best[suit]:
            best[suit] = value
        if suit == _DENARI:
            denari += 1
            denari_ranks |= 1 << card.rank
    return PileCount(denari, None if 0 in best else sum(best), denari_ranks)


def primiera_points(pile: Sequence[Card]) -> int | None:
    """The primiera sum of a pile, or ``None`` when a suit is missing."""
    return count_pile(pile).primiera


def napola_run(pile: Sequence[Card]) -> int:
    """How many consecutive denari from the ace the pile holds (0 without the ace)."""
    return count_pile(pile).napola_run


def napola_points(pile: Sequence[Card]) -> int:
    return _napola_points(napola_run(pile))


def _napola_points(run: int) -> int:
    return run if run >= NAPOLA_MINIMUM else 0


def _more(a: int, b: int) -> int | None:
    """The side index with the larger count, ``None`` on a tie."""
    if a == b:
        return None
    return 0 if a > b else 1


def primiera_winner(a: int | None, b: int | None) -> int | None:
    if a is None and b is None:
        return None
    if a is None:
        return 1
    if b is None:
        return 0
    return _more(a, b)


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's breakdown for one hand: the points per category and the raw counts."""

    carte: int
    denara: int
    settebello: int
    primiera: int
    napola: int
    scope: int
    total: int
    cards: int
    denari: int
    primiera_points: int | None


@dataclass(frozen=True, slots=True)
class HandScore:
    sides: tuple[SideScore, SideScore]
    award: tuple[tuple[str, int | None], ...]
    """Each category, in display order, with the side index that won it (``None``: nobody)."""
    whole_suit: int | None = None
    """The side that captured all ten denari, when napola is played."""

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.award)


def score_hand(
    piles: tuple[Sequence[Card], Sequence[Card]], scope: tuple[int, int], napola: bool
) -> HandScore:
    """Score a finished hand. ``piles`` are the sides' captured cards, leftovers included."""
    counts = (len(piles[0]), len(piles[1]))
    counted = (count_pile(piles[0]), count_pile(piles[1]))
    denari = (counted[0].denari, counted[1].denari)
    primiera = (counted[0].primiera, counted[1].primiera)
    runs_from_ace = (counted[0].napola_run, counted[1].napola_run)
    settebello: int | None = next((i for i in (0, 1) if counted[i].denari_ranks >> SETTEBELLO.rank & 1), None)
    award: list[tuple[str, int | None]] = [
        ("carte", _more(*counts)),
        ("denara", _more(denari[0], denari[1])),
        ("settebello", settebello),
        ("primiera", primiera_winner(*primiera)),
    ]
    runs = (_napola_points(runs_from_ace[0]), _napola_points(runs_from_ace[1]))
    whole_suit: int | None = None
    if napola:
        award.append(("napola", next((i for i in (0, 1) if runs[i]), None)))
        whole_suit = next((i for i in (0, 1) if runs_from_ace[i] == WHOLE_SUIT), None)

    def side(index: int) -> SideScore:
        points = {name: int(winner == index) for name, winner in award}
        napola_score = runs[index] if napola else 0
        category_total = sum(value for name, value in points.items() if name != "napola")
        return SideScore(
            carte=points["carte"],
            denara=points["denara"],
            settebello=points["settebello"],
            primiera=points["primiera"],
            napola=napola_score,
            scope=scope[index],
            total=category_total + napola_score + scope[index],
            cards=counts[index],
            denari=denari[index],
            primiera_points=primiera[index],
        )

    return HandScore(sides=(side(0), side(1)), award=tuple(award), whole_suit=whole_suit)
