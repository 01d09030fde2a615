from __future__ import annotations

import random

import pytest

from domain.cards import DECK, SETTEBELLO, Card, Suit, check_deck, parse_cards, shuffled_deck, without
from domain.errors import InvalidAction


def test_the_deck_has_forty_distinct_cards_ten_per_suit() -> None:
    assert len(DECK) == len(set(DECK)) == 40
    for suit in Suit:
        assert sorted(c.rank for c in DECK if c.suit is suit) == list(range(1, 11))


def test_a_card_code_round_trips() -> None:
    for item in DECK:
        assert Card.parse(item.code) is item
    assert SETTEBELLO.code == "07D"


@pytest.mark.parametrize("code", ["7D", "007D", "00D", "11B", "07X", "07d", "", None, 7, "AAD"])
def test_a_malformed_card_code_is_an_invalid_action(code: object) -> None:
    with pytest.raises(InvalidAction):
        Card.parse(code)


def test_a_seeded_shuffle_is_reproducible_and_complete() -> None:
    first, second = shuffled_deck(random.Random(5)), shuffled_deck(random.Random(5))
    assert first == second
    check_deck(first)


def test_an_explicit_deck_must_hold_every_card_once() -> None:
    with pytest.raises(InvalidAction):
        check_deck([*DECK[:-1], DECK[0]])


def test_a_card_built_by_hand_equals_and_hashes_like_the_deck_card() -> None:
    made = Card(7, Suit.DENARI)
    assert made == SETTEBELLO and hash(made) == hash(SETTEBELLO)
    assert made.code == "07D" and made in {SETTEBELLO}


def test_a_list_of_codes_reads_in_order_and_a_bad_code_is_an_invalid_action() -> None:
    assert parse_cards(["07D", "01B"]) == (SETTEBELLO, Card(1, Suit.BASTONI))
    assert parse_cards([]) == ()
    for bad in (["07D", "11B"], ["07D", None], ["07D", ["01B"]]):
        with pytest.raises(InvalidAction):
            parse_cards(bad)


def test_without_takes_one_card_out_and_keeps_the_order() -> None:
    held = tuple(DECK[:4])
    assert without(held, DECK[2]) == (DECK[0], DECK[1], DECK[3])
    assert without(held, Card(DECK[0].rank, DECK[0].suit)) == held[1:]


@pytest.mark.parametrize(
    "code",
    ["\u00b2\u00b3D", "\u00b9\u2070D", "\u0660\u0667D", "\uff10\uff17D", "\u09e6\u09edD", "07\uff24"],
    ids=["superscript", "superscript-ten", "arabic-indic", "fullwidth", "bengali", "fullwidth-suit"],
)
def test_a_card_code_written_with_other_than_ascii_digits_is_an_invalid_action(code: str) -> None:
    with pytest.raises(InvalidAction):
        Card.parse(code)
    with pytest.raises(InvalidAction):
        parse_cards([code])
