"""The normal tressette player, from its own seat's view."""

from __future__ import annotations

import random

from domain.games.tressette import TRESSETTE, TRESSETTE_A_QUATTRO
from domain.games.tressette.computer import TressetteStrategy
from tests.unit.games.tressette.helpers import after, dealt, four

NORMAL = TressetteStrategy()


def test_leading_it_plays_a_three_which_nothing_takes() -> None:
    state = dealt({1: "03C 04D 05S 01B"})
    assert NORMAL.decide(TRESSETTE.view(state, 1), random.Random(1)) == {"action": "play", "card": "03C"}


def test_following_it_takes_a_trick_worth_points_with_its_cheapest_winning_card() -> None:
    state = after(dealt({1: "01C", 0: "03C 02C 04C 05D"}), (1, "01C"))
    assert NORMAL.decide(TRESSETTE.view(state, 0), random.Random(1))["card"] == "02C"


def test_it_follows_suit_and_gives_its_cheapest_card_when_it_cannot_win() -> None:
    state = after(dealt({1: "03C", 0: "04C 10C 01D"}), (1, "03C"))
    assert NORMAL.decide(TRESSETTE.view(state, 0), random.Random(1))["card"] == "04C"


def test_it_adds_its_asso_to_a_partners_trick_nobody_can_take_back() -> None:
    state = four({1: "04C", 2: "03C", 3: "05C", 0: "01C 06C 07D"})
    state = after(state, (1, "04C"), (2, "03C"), (3, "05C"), engine=TRESSETTE_A_QUATTRO)
    assert NORMAL.decide(TRESSETTE_A_QUATTRO.view(state, 0), random.Random(1))["card"] == "01C"


def test_it_never_gives_an_asso_to_an_opponents_trick() -> None:
    state = four({1: "04C", 2: "05C", 3: "03C", 0: "01C 06C 07D"})
    state = after(state, (1, "04C"), (2, "05C"), (3, "03C"), engine=TRESSETTE_A_QUATTRO)
    assert NORMAL.decide(TRESSETTE_A_QUATTRO.view(state, 0), random.Random(1))["card"] == "06C"


def test_it_acknowledges_a_hand_summary() -> None:
    state = dealt({})._replace(phase="hand_end", acknowledged=())
    assert NORMAL.decide(TRESSETTE.view(state, 0), random.Random(1)) == {"action": "ack"}
