"""Hand scoring: carte, denara, settebello, primiera, napola and scope."""

from __future__ import annotations

import random

from domain.cards import DECK, SETTEBELLO, SUITS, Card, Suit, cards
from domain.games.fishing.scoring import (
    PRIMIERA_VALUES,
    HandScore,
    count_pile,
    napola_points,
    primiera_points,
    score_hand,
)


def split(side_a: str) -> tuple[list[Card], list[Card]]:
    """Side A holds ``side_a``; side B holds every other card."""
    mine = cards(side_a)
    return mine, [item for item in DECK if item not in mine]


def award(score: HandScore) -> dict[str, int | None]:
    return dict(score.award)


def test_carte_twenty_all_awards_nothing() -> None:
    a = [item for item in DECK if item.rank % 2 == 0]
    b = [item for item in DECK if item.rank % 2 == 1]
    score = score_hand((a, b), (0, 0), napola=False)
    assert award(score)["carte"] is None
    assert score.sides[0].carte == score.sides[1].carte == 0


def test_carte_goes_to_the_side_with_more_cards() -> None:
    a, b = split("01C 02C")
    assert award(score_hand((a, b), (0, 0), napola=False))["carte"] == 1


def test_denara_goes_to_the_side_with_more_denari() -> None:
    a, b = split("01D 02D 03D 04D 05D 06D")
    score = score_hand((a, b), (0, 0), napola=False)
    assert award(score)["denara"] == 0
    assert score.sides[0].denari == 6


def test_denara_five_all_awards_nothing() -> None:
    a, b = split("01D 02D 03D 04D 05D")
    assert award(score_hand((a, b), (0, 0), napola=False))["denara"] is None


def test_settebello_scores_for_the_side_holding_it() -> None:
    a, b = split("07D")
    score = score_hand((a, b), (0, 0), napola=False)
    assert award(score)["settebello"] == 0
    assert score.sides[0].settebello == 1
    assert score.sides[1].settebello == 0


def test_primiera_uses_the_best_card_of_each_suit() -> None:
    assert primiera_points(cards("07D 06C 01S 05B 02B")) == 21 + 18 + 16 + 15


def test_primiera_cannot_be_won_with_a_missing_suit() -> None:
    # Side A holds every seven and six but no bastoni: side B wins primiera anyway.
    a, b = split("07D 07C 07S 06D 06C 06S")
    score = score_hand((a, b), (0, 0), napola=False)
    assert score.sides[0].primiera_points is None
    assert award(score)["primiera"] == 1


def test_primiera_is_nobodys_when_both_sides_miss_a_suit() -> None:
    a = [item for item in DECK if item.suit.value in "DC"]
    b = [item for item in DECK if item.suit.value in "SB"]
    assert award(score_hand((a, b), (0, 0), napola=False))["primiera"] is None


def test_equal_primiera_awards_nothing() -> None:
    a = cards("07D 06C 01S 05B") + cards("02D 02C")
    b = cards("06D 07C 05S 01B") + cards("03D 03C")
    score = score_hand((a, b), (0, 0), napola=False)
    assert score.sides[0].primiera_points == score.sides[1].primiera_points == 21 + 18 + 16 + 15
    assert award(score)["primiera"] is None


def test_scope_add_one_point_each_to_the_total() -> None:
    a, b = split("07D")
    score = score_hand((a, b), (3, 1), napola=False)
    assert score.sides[0].scope == 3
    assert score.sides[0].total == 1 + 3  # settebello + three scope
    assert score.sides[1].total == 1 + 1 + 1 + 1  # carte, denara, primiera + one scopa


def test_napola_run_of_three_scores_three() -> None:
    assert napola_points(cards("01D 02D 03D 05D")) == 3
    a, b = split("01D 02D 03D 05D")
    score = score_hand((a, b), (0, 0), napola=True)
    assert score.sides[0].napola == 3
    assert award(score)["napola"] == 0


def test_napola_run_of_five_scores_five() -> None:
    assert napola_points(cards("01D 02D 03D 04D 05D 07D 10D")) == 5


def test_no_napola_below_three_cards() -> None:
    assert napola_points(cards("01D 02D 04D 05D 06D")) == 0


def test_no_napola_without_the_ace() -> None:
    assert napola_points(cards("02D 03D 04D 05D")) == 0


def test_napola_option_off_scores_no_napola() -> None:
    a, b = split("01D 02D 03D 04D")
    score = score_hand((a, b), (0, 0), napola=False)
    assert "napola" not in award(score)
    assert score.sides[0].napola == 0


def test_the_whole_denari_suit_is_flagged() -> None:
    a, b = split("01D 02D 03D 04D 05D 06D 07D 08D 09D 10D")
    score = score_hand((a, b), (0, 0), napola=True)
    assert score.whole_suit == 0
    assert score.sides[0].napola == 10


def test_categories_are_never_awarded_to_both_sides() -> None:
    a, b = split("01D 02D 03D 07D 07C 07S 07B 01C")
    score = score_hand((a, b), (0, 0), napola=True)
    for name, _ in score.award:
        points = [getattr(side, name) for side in score.sides]
        assert min(points) == 0


def test_a_pile_counted_in_one_pass_agrees_with_counting_it_card_by_card() -> None:
    rng = random.Random(34)
    for _ in range(300):
        pile = rng.sample(DECK, rng.randint(0, len(DECK)))
        counted = count_pile(pile)
        denari = [card for card in pile if card.suit is Suit.DENARI]
        assert counted.denari == len(denari)
        best = {
            suit: max((PRIMIERA_VALUES[c.rank] for c in pile if c.suit is suit), default=0) for suit in SUITS
        }
        assert counted.primiera == (None if 0 in best.values() else sum(best.values()))
        run = 0
        while any(card.rank == run + 1 for card in denari):
            run += 1
        assert counted.napola_run == run
        assert bool(counted.denari_ranks >> SETTEBELLO.rank & 1) == (SETTEBELLO in pile)
