from domain.cards import DECK, Suit, card
from domain.games.tricks.cards import POINTS_PER_DEAL, RANK_ORDER, card_points, points_of, strength
from domain.games.tricks.trick import Play, trick_winner


def plays(*items: tuple[int, str]) -> list[Play]:
    return [Play(seat, card(code)) for seat, code in items]


def test_the_whole_deck_is_worth_120_points() -> None:
    assert points_of(DECK) == POINTS_PER_DEAL == 120


def test_card_points_are_ace_11_three_10_king_4_horse_3_jack_2_and_nothing_else() -> None:
    values = {rank: card_points(card(f"{rank:02d}D")) for rank in range(1, 11)}
    assert values == {1: 11, 2: 0, 3: 10, 4: 0, 5: 0, 6: 0, 7: 0, 8: 2, 9: 3, 10: 4}


def test_strength_runs_ace_three_king_horse_jack_then_seven_down_to_two() -> None:
    ordered = sorted((card(f"{rank:02d}S") for rank in range(1, 11)), key=strength, reverse=True)
    assert [c.rank for c in ordered] == list(RANK_ORDER) == [1, 3, 10, 9, 8, 7, 6, 5, 4, 2]


def test_a_trump_wins_over_a_higher_plain_card() -> None:
    assert trick_winner(plays((0, "01C"), (1, "02D")), trump=Suit.DENARI) == 1


def test_a_lower_trump_beats_a_higher_plain_card_of_the_suit_led() -> None:
    assert trick_winner(plays((2, "03S"), (3, "04B"), (0, "01S"), (1, "10S")), trump=Suit.BASTONI) == 3


def test_the_highest_trump_wins_when_several_are_played() -> None:
    assert trick_winner(plays((0, "02B"), (1, "01B"), (2, "03B"), (3, "05C")), trump=Suit.BASTONI) == 1


def test_without_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    assert trick_winner(plays((0, "05C"), (1, "01S"), (2, "03C"), (3, "10C")), trump=Suit.DENARI) == 2


def test_an_off_suit_card_never_wins_even_an_ace() -> None:
    assert trick_winner(plays((1, "02C"), (0, "01S")), trump=Suit.DENARI) == 1


def test_the_three_beats_the_king_although_it_is_a_lower_number() -> None:
    assert trick_winner(plays((0, "10C"), (1, "03C")), trump=Suit.DENARI) == 1
