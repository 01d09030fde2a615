"""Scope (table sweeps), the last play of a hand, and the cards left on the table."""

from __future__ import annotations

from domain.cards import cards
from domain.games.fishing import SCOPA, SCOPA_A_QUATTRO, SCOPONE

from .builders import play, position


def test_sweeping_the_table_scores_a_scopa() -> None:
    state = position(SCOPONE, hands={0: "01S", 1: "07C 02B", 2: "09B", 3: "08S"}, table="03C 04B", turn=1)
    after = play(SCOPONE, state, 1, "07C", "03C 04B")
    assert after.table == ()
    assert after.scope == (0, 1)
    assert after.seat_scope == (0, 1, 0, 0)
    assert after.last_play is not None and after.last_play.scopa


def test_capturing_without_emptying_the_table_is_no_scopa() -> None:
    state = position(SCOPONE, hands={0: "01S", 1: "07C 02B", 2: "09B", 3: "08S"}, table="03C 04B 09D", turn=1)
    after = play(SCOPONE, state, 1, "07C", "03C 04B")
    assert after.scope == (0, 0)


def test_no_scopa_on_the_last_play_of_the_hand() -> None:
    state = position(SCOPONE, hands={0: "07C"}, table="03C 04B", turn=0)
    after = play(SCOPONE, state, 0, "07C", "03C 04B")
    assert after.phase == "hand_end"
    assert after.last_play is not None and not after.last_play.scopa
    assert after.history[-1]["sides"]["A"]["scope"] == 0


def test_scopa_on_the_last_play_of_a_round_counts_while_the_deck_has_cards() -> None:
    state = position(SCOPA, hands={1: "07C"}, table="03C 04B", deck="01D 02D 03D 04D 05D 06D", turn=1)
    after = play(SCOPA, state, 1, "07C", "03C 04B")
    assert after.scope == (0, 1)
    assert after.phase == "playing"
    assert after.hands == (tuple(cards("02D 04D 06D")), tuple(cards("01D 03D 05D")))
    assert after.turn == 1


def test_scopa_a_quattro_sweep_at_the_end_of_a_round_counts_too() -> None:
    deck = "01D 02D 03D 04D 05D 06D 07D 08D 09D 10D 01C 02C"
    state = position(SCOPA_A_QUATTRO, hands={0: "07C"}, table="03C 04B", deck=deck, turn=0)
    after = play(SCOPA_A_QUATTRO, state, 0, "07C", "03C 04B")
    assert after.scope == (1, 0)
    assert [len(hand) for hand in after.hands] == [3, 3, 3, 3]


def test_scopa_sweep_on_the_very_last_card_of_the_deck_is_no_scopa() -> None:
    state = position(SCOPA, hands={1: "07C"}, table="03C 04B", turn=1)
    after = play(SCOPA, state, 1, "07C", "03C 04B")
    assert after.phase == "hand_end"
    assert after.history[-1]["sides"]["B"]["scope"] == 0


def test_leftover_table_cards_go_to_the_last_capturer_and_are_no_scopa() -> None:
    start = position(SCOPONE, hands={0: "05C", 1: "09B"}, table="02C 03S 08D", turn=0)
    state = play(SCOPONE, start, 0, "05C", "02C 03S")
    after = play(SCOPONE, state, 1, "09B")
    assert after.phase == "hand_end"
    assert after.piles[0][-5:] == tuple(cards("05C 02C 03S 08D 09B"))
    assert after.piles[1] == start.piles[1]
    assert after.table == ()
    side_a = after.history[-1]["sides"]["A"]
    assert side_a["cards"] == len(start.piles[0]) + 5
    assert side_a["scope"] == 0
