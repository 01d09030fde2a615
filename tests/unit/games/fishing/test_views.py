"""What each seat and each spectator sees, and the state's plain-dict round trip."""

from __future__ import annotations

import json
import random

from domain.cards import cards, codes
from domain.games.fishing import FISHING_ENGINES, SCOPA, SCOPONE
from domain.games.fishing.state import FishingState

from ..seen import card_codes_in
from .builders import NOW, TIMEOUTS, play, position, start


def test_a_spectator_sees_no_hand() -> None:
    state = start(SCOPONE)
    view = SCOPONE.view(state, None)
    assert "hand" not in view
    assert "legal_moves" not in view
    assert view["hand_counts"] == [10, 10, 10, 10]
    assert card_codes_in(view) == set()


def test_each_seat_sees_only_its_own_hand() -> None:
    state = start(SCOPONE, seed=9)
    for seat in range(4):
        view = SCOPONE.view(state, seat)
        own = set(codes(state.hands[seat]))
        assert set(view["hand"]) == own
        assert card_codes_in(view) == own


def test_the_seat_on_turn_gets_its_legal_moves() -> None:
    state = position(SCOPONE, hands={0: "01S", 1: "07C 06D 10S", 2: "09B"}, table="07S 01C 05B", turn=1)
    view = SCOPONE.view(state, 1)
    assert view["legal_moves"] == [
        {"action": "play", "card": "07C", "capture": ["07S"]},
        {"action": "play", "card": "06D", "capture": ["01C", "05B"]},
        {"action": "play", "card": "10S"},
    ]
    assert SCOPONE.view(state, 0)["legal_moves"] == []
    assert "legal_moves" not in SCOPONE.view(state, None)


def test_the_public_view_of_a_playing_hand() -> None:
    state = position(SCOPA, hands={0: "01S 09C", 1: "07C 02B"}, table="03C 04B", deck="05C 06C", turn=1)
    state = play(SCOPA, state, 1, "07C", "03C 04B")
    view = SCOPA.view(state, 0)
    assert view["phase"] == "playing"
    assert view["table"] == []
    assert view["deck_count"] == 2
    assert view["turn"] == 0
    assert view["turn_deadline"] == NOW + 1 + TIMEOUTS.turn
    assert view["turn_seconds"] == TIMEOUTS.turn
    assert view["dealer"] == 0
    assert view["hand_number"] == 1
    assert view["teams"] == {"A": [0], "B": [1]}
    assert view["captured_counts"] == {"A": len(state.piles[0]), "B": len(state.piles[1])}
    assert view["scope"] == {"A": 0, "B": 1}
    assert view["scores"] == {"A": 0, "B": 0}
    assert view["target_score"] == 11
    assert view["options"] == {"target_score": 11, "asso_pigliatutto": False}
    assert view["last_play"] == {
        "seat": 1,
        "card": "07C",
        "captured": ["03C", "04B"],
        "scopa": True,
        "sweep": False,
    }
    assert view["last_hand"] is None
    assert view["acknowledged"] == []
    assert view["hand_end_deadline"] is None
    assert view["winner"] is None


def test_the_hand_end_view_shows_the_breakdown_with_awards() -> None:
    state = position(SCOPONE, hands={0: "07C"}, table="03C 04B", turn=0, pile_a="07D")
    state = play(SCOPONE, state, 0, "07C", "03C 04B")
    view = SCOPONE.view(state, 2)
    assert view["phase"] == "hand_end"
    assert view["turn"] is None
    assert view["turn_deadline"] is None
    assert view["hand_end_deadline"] == NOW + 1 + TIMEOUTS.hand_ack
    last = view["last_hand"]
    assert last["award"]["settebello"] == "A"
    assert set(last["award"]) == {"carte", "denara", "settebello", "primiera", "napola"}
    assert set(last["sides"]["A"]) >= {
        "carte",
        "denara",
        "settebello",
        "primiera",
        "napola",
        "scope",
        "total",
    }
    assert last["captured_counts"]["A"] + last["captured_counts"]["B"] == 40
    assert last["scores"] == view["scores"]
    assert view["scores"]["A"] == last["sides"]["A"]["total"]


def test_views_are_json_ready_for_every_game() -> None:
    for engine in FISHING_ENGINES:
        state = start(engine)
        for seat in (None, *range(engine.seats)):
            assert json.loads(json.dumps(engine.view(state, seat))) == engine.view(state, seat)


def round_trip(engine: object, state: FishingState) -> None:
    assert isinstance(engine, type(SCOPONE))
    data = engine.dump(state)
    assert engine.load(json.loads(json.dumps(data))) == state
    assert engine.load(data) == state


def test_dump_and_load_round_trip_a_state_exactly() -> None:
    state = position(SCOPONE, hands={0: "07C 01B", 1: "02B", 2: "05B", 3: "09S"}, table="03C 04B", turn=0)
    round_trip(SCOPONE, state)
    state = play(SCOPONE, state, 0, "07C", "03C 04B")
    round_trip(SCOPONE, state)
    for seat, played in ((1, "02B"), (2, "05B"), (3, "09S"), (0, "01B")):
        state = play(SCOPONE, state, seat, played)
    assert state.phase == "hand_end"
    round_trip(SCOPONE, state)
    state = SCOPONE.fire(state, "hand_end:1", NOW + 100, random.Random(1)).state
    round_trip(SCOPONE, state)
    assert cards("07C")[0] not in state.piles[0]
