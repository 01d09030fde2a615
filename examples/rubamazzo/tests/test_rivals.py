"""What a rival's plays of the round tell about its hand (``tavolo_rubamazzo.rivals``)."""

from __future__ import annotations

from tavolo_rubamazzo.recall import RoundPlay
from tavolo_rubamazzo.rivals import TREMBLE, likelihood
from tavolo_rubamazzo.takes import Move

from domain.cards import Card


def cards(*codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


MY_PILE = cards("01D", "02D", "03C", "04S", "07B")
"""Five cards under a seven: the pile a rival holding a seven would steal."""
TABLE = cards("05D", "06C")
LAID_A_TEN = RoundPlay(Move(Card.parse("10S")), seat=1, table=TABLE, piles=(MY_PILE, ()))
"""Seat 1 opened the round laying a ten on the table."""


def test_a_rival_that_laid_a_card_is_unlikely_to_have_held_a_card_that_steals_a_big_pile() -> None:
    with_a_seven = likelihood([LAID_A_TEN], [(), cards("07D", "09C")], 0, (3, 3), 28)
    without = likelihood([LAID_A_TEN], [(), cards("08D", "09C")], 0, (3, 3), 28)

    assert with_a_seven == TREMBLE / 3
    assert without == (1 - TREMBLE) / 3 + TREMBLE / 3  # three discards alike: the ten one of them


def test_the_seats_own_plays_and_a_rivals_forced_plays_tell_nothing() -> None:
    mine = RoundPlay(Move(Card.parse("10S")), seat=0, table=TABLE, piles=((), MY_PILE))
    last_card = RoundPlay(Move(Card.parse("10C")), seat=1, table=TABLE, piles=(MY_PILE, ()))

    assert likelihood([mine], [cards("07D"), ()], 0, (3, 3), 28) == 1.0
    assert likelihood([last_card], [(), ()], 0, (1, 1), 28) == 1.0


def test_a_rival_that_stole_the_big_pile_as_normal_would_fits_any_hand_alike() -> None:
    stole = RoundPlay(Move(Card.parse("07C"), steal=0), seat=1, table=TABLE, piles=(MY_PILE, ()))

    first = likelihood([stole], [(), cards("08D", "09C")], 0, (3, 3), 28)
    second = likelihood([stole], [(), cards("08S", "10C")], 0, (3, 3), 28)

    assert first == second == (1 - TREMBLE) + TREMBLE / 3
