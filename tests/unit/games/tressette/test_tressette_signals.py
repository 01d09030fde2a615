"""Four-player tressette's signals, with the option on: the leader attaches busso, striscio or volo
to its lead, in public."""

from __future__ import annotations

import random

import pytest

from domain.engine import Outcome
from domain.errors import IllegalMove
from domain.games.tressette import TRESSETTE_A_QUATTRO
from domain.games.tressette.state import TressetteState
from tests.unit.games.tressette.helpers import four


def lead(state: TressetteState, seat: int, code: str, **extra: str) -> Outcome:
    action = {"action": "play", "card": code, **extra}
    return TRESSETTE_A_QUATTRO.apply(state, seat, action, 2.0, random.Random(0))


def test_the_leader_may_attach_a_signal_which_everybody_sees() -> None:
    state = four({1: "03C 05C"}, signals=True)
    outcome = lead(state, 1, "03C", signal="busso")
    signal = next(event for event in outcome.events if event.kind == "lead_signal")
    assert signal.public and signal.seat == 1 and signal.data == {"signal": "busso", "suit": "C"}
    assert TRESSETTE_A_QUATTRO.view(outcome.state, None)["signal"] == {
        "seat": 1,
        "signal": "busso",
        "suit": "C",
    }


def test_striscio_needs_more_of_the_suit_and_volo_the_last_card_of_it() -> None:
    state = four({1: "03C 05C 04D"}, signals=True)
    assert lead(state, 1, "03C", signal="striscio").changed
    assert lead(state, 1, "04D", signal="volo").changed
    with pytest.raises(IllegalMove):
        lead(state, 1, "03C", signal="volo")
    with pytest.raises(IllegalMove):
        lead(state, 1, "04D", signal="striscio")


def test_the_leader_is_offered_each_card_with_the_signals_that_go_with_it() -> None:
    state = four({1: "03C 05C 04D 06D 07D 01S 02S 03S 04S 05S"}, signals=True)
    moves = TRESSETTE_A_QUATTRO.view(state, 1)["legal_moves"]
    assert {"action": "play", "card": "03C", "signal": "striscio"} in moves
    assert {"action": "play", "card": "03C", "signal": "volo"} not in moves
    assert len(moves) == 10 * 3


def test_only_the_leader_signals() -> None:
    state = lead(four({1: "03C", 2: "05C"}, signals=True), 1, "03C").state
    with pytest.raises(IllegalMove, match="leader"):
        lead(state, 2, "05C", signal="busso")
    assert all("signal" not in move for move in TRESSETTE_A_QUATTRO.view(state, 2)["legal_moves"])


def test_without_the_option_nobody_signals() -> None:
    state = four({1: "03C 05C"})
    with pytest.raises(IllegalMove, match="signals"):
        lead(state, 1, "03C", signal="busso")
    assert all("signal" not in move for move in TRESSETTE_A_QUATTRO.view(state, 1)["legal_moves"])
