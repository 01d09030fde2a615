"""The optional asso pigliatutto rule: an ace with no ace on the table takes everything."""

from __future__ import annotations

import random

import pytest

from domain.cards import card, cards
from domain.errors import IllegalMove
from domain.games.fishing import SCOPA, SCOPONE

from .builders import NOW, play, position

HANDS = {0: "01C 09S", 1: "06S 08B", 2: "10C", 3: "10B"}


def test_the_ace_sweeps_the_whole_table() -> None:
    state = position(SCOPONE, hands=HANDS, table="03C 04B 09D", turn=0, asso_pigliatutto=True)
    after = play(SCOPONE, state, 0, "01C")
    assert after.table == ()
    assert set(cards("01C 03C 04B 09D")) <= set(after.piles[0])
    assert after.last_play is not None and after.last_play.sweep


def test_the_ace_may_list_the_whole_table_but_nothing_less() -> None:
    state = position(SCOPONE, hands=HANDS, table="03C 04B 09D", turn=0, asso_pigliatutto=True)
    assert play(SCOPONE, state, 0, "01C", "09D 03C 04B").table == ()
    with pytest.raises(IllegalMove, match="whole table"):
        SCOPONE.apply(state, 0, {"action": "play", "card": "01C", "capture": ["03C"]}, NOW, random.Random(0))


def test_the_ace_sweep_is_never_a_scopa() -> None:
    state = position(SCOPONE, hands=HANDS, table="03C 04B 09D", turn=0, asso_pigliatutto=True)
    after = play(SCOPONE, state, 0, "01C")
    assert after.scope == (0, 0)
    assert after.last_play is not None and not after.last_play.scopa


def test_the_ace_captures_itself_on_an_empty_table() -> None:
    state = position(SCOPONE, hands=HANDS, table="", turn=0, asso_pigliatutto=True)
    after = play(SCOPONE, state, 0, "01C")
    assert after.table == ()
    assert after.piles[0][-1] == card("01C")
    assert after.scope == (0, 0)
    assert after.last_capturer == 0


def test_the_ace_sweep_counts_as_the_last_capture_for_leftovers() -> None:
    state = position(SCOPONE, hands={0: "01C", 1: "06S"}, table="03C 04B", turn=0, asso_pigliatutto=True)
    state = play(SCOPONE, state, 0, "01C")
    after = play(SCOPONE, state, 1, "06S")
    assert after.phase == "hand_end"
    assert card("06S") in after.piles[0]


def test_with_an_ace_on_the_table_the_equal_rank_capture_applies() -> None:
    state = position(SCOPONE, hands=HANDS, table="01S 05B", turn=0, asso_pigliatutto=True)
    with pytest.raises(IllegalMove, match="must"):
        SCOPONE.apply(state, 0, {"action": "play", "card": "01C"}, NOW, random.Random(0))
    after = play(SCOPONE, state, 0, "01C", "01S")
    assert after.table == tuple(cards("05B"))


def test_an_ace_taking_the_last_ace_on_the_table_scores_an_ordinary_scopa() -> None:
    state = position(SCOPONE, hands=HANDS, table="01S", turn=0, asso_pigliatutto=True)
    after = play(SCOPONE, state, 0, "01C", "01S")
    assert after.scope == (1, 0)


def test_with_the_option_off_the_ace_is_an_ordinary_card() -> None:
    state = position(SCOPA, hands={0: "01C 09S", 1: "06S"}, table="03C 04B", turn=0)
    after = play(SCOPA, state, 0, "01C")
    assert after.table == tuple(cards("03C 04B 01C"))
    assert after.last_capturer is None


def test_the_option_is_also_offered_by_scopa() -> None:
    state = position(SCOPA, hands={0: "01C 09S", 1: "06S"}, table="03C 04B", turn=0, asso_pigliatutto=True)
    assert play(SCOPA, state, 0, "01C").table == ()
