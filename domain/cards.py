"""The 40-card Italian deck and the wire code of a card.

A card travels as ``RRSUIT``: two digits for the rank (``01`` ace .. ``07``,
``08`` fante, ``09`` cavallo, ``10`` re) and one letter for the suit
(``D`` denari, ``C`` coppe, ``S`` spade, ``B`` bastoni). ``07D`` is the settebello.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from domain.errors import InvalidAction


class Suit(StrEnum):
    DENARI = "D"
    COPPE = "C"
    SPADE = "S"
    BASTONI = "B"


SUITS: tuple[Suit, ...] = (Suit.DENARI, Suit.COPPE, Suit.SPADE, Suit.BASTONI)
RANKS: tuple[int, ...] = tuple(range(1, 11))
_RANK_DIGITS = frozenset(f"{rank:02d}" for rank in RANKS)

RANK_NAMES = {1: "ace", 8: "fante", 9: "cavallo", 10: "re"}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    rank: int
    suit: Suit
    code: str = field(init=False, repr=False, compare=False)
    """The wire code (``07D``), worked out once when the card is made: engines read it
    on every dump and view, so it is a plain attribute rather than a property."""

    def __post_init__(self) -> None:
        # A frozen dataclass sets its own derived fields through object.__setattr__.
        object.__setattr__(self, "code", f"{self.rank:02d}{self.suit.value}")

    def __hash__(self) -> int:
        # Equal cards have equal codes; hashing the (cached) string hash is much cheaper
        # than the generated hash of (rank, suit), which calls the enum's Python __hash__.
        return hash(self.code)

    def __eq__(self, other: object) -> bool:
        # The same equality as the generated one (the code is the rank and suit), in half the
        # time: a searching computer player compares cards millions of times a decision.
        if other.__class__ is Card:
            return self.code == other.code
        return NotImplemented

    def __str__(self) -> str:
        return self.code

    @staticmethod
    def parse(code: object) -> Card:
        """Read a wire code; anything else is an ``InvalidAction``.

        The 40 exact codes are the only cards: nothing is converted, since ``int()`` reads
        other digits than ASCII's (Arabic-Indic ones) or fails on some that ``isdigit`` lets
        through (superscripts); the rest only picks the message.
        """
        known = BY_CODE.get(code) if isinstance(code, str) else None
        if known is not None:
            return known
        if not isinstance(code, str) or len(code) != 3 or code[:2] not in _RANK_DIGITS:
            if isinstance(code, str) and len(code) == 3 and _ascii_digits(code[:2]):
                raise InvalidAction("a card rank goes from 01 to 10")
            raise InvalidAction("a card is written RRSUIT, for example 07D")
        raise InvalidAction("a card suit is one of D, C, S, B")


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
CARDS: dict[tuple[int, Suit], Card] = {(c.rank, c.suit): c for c in DECK}
BY_CODE: dict[str, Card] = {c.code: c for c in DECK}
SETTEBELLO = CARDS[(7, Suit.DENARI)]


def _ascii_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def card(code: str) -> Card:
    """Shorthand for tests and fixtures: ``card("07D")``."""
    return Card.parse(code)


def parse_cards(codes: Sequence[Any]) -> tuple[Card, ...]:
    """Read a list of wire codes (a hand, a pile, a deck) into cards, in order.

    Every stored state is full of card lists, so the usual case is one dict lookup per
    code; only when a code is unknown does ``Card.parse`` go through them one by one,
    to raise the ``InvalidAction`` that says what is wrong.
    """
    try:
        return tuple([BY_CODE[code] for code in codes])
    except (KeyError, TypeError):
        return tuple(Card.parse(code) for code in codes)


def cards(codes: str) -> list[Card]:
    """``cards("01D 07D")`` → the cards, in order."""
    return [Card.parse(c) for c in codes.split()]


def codes(items: Iterable[Card]) -> list[str]:
    """The wire codes of an iterable of cards, in order."""
    return [c.code for c in items]


def without(held: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``held`` less ``card``, which must be one of them (a hand holds each card once)."""
    at = held.index(card)
    return held[:at] + held[at + 1 :]


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def check_deck(deck: list[Card]) -> None:
    """An explicit deck order must hold each of the 40 cards exactly once."""
    if len(deck) != len(DECK) or set(deck) != set(DECK):
        raise InvalidAction("an explicit deck must hold each of the 40 cards exactly once")
