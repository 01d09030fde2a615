"""What a fishing match tells each seat as it happens."""

from __future__ import annotations

import random
from typing import Any

from domain.events import visible_events
from domain.games.fishing import SCOPA, SCOPONE
from domain.games.fishing.state import FishingState

from .builders import NOW, position


def act(state: FishingState, seat: int, action: dict[str, Any]) -> tuple[FishingState, Any]:
    outcome = SCOPA.apply(state, seat, action, NOW + 1, random.Random(0))
    return outcome.state, outcome.events


def test_a_play_tells_everybody_the_card_what_it_took_and_whether_it_was_a_scopa() -> None:
    state = position(SCOPA, hands={0: "01S 09C", 1: "07C 02B"}, table="03C 04B", deck="05C 06C", turn=1)
    _, events = act(state, 1, {"action": "play", "card": "07C", "capture": ["03C", "04B"]})
    assert visible_events(events, None) == [
        {"kind": "play", "seat": 1, "card": "07C", "captured": ["03C", "04B"], "scopa": True, "sweep": False}
    ]


def test_a_new_round_of_scopa_tells_each_seat_only_its_own_three_cards() -> None:
    deck = "01D 02D 03D 04D 05D 06D"
    state = position(SCOPA, hands={1: "07C"}, table="03C 04B", deck=deck, turn=1)
    _, events = act(state, 1, {"action": "play", "card": "07C", "capture": ["03C", "04B"]})
    public = visible_events(events, None)
    assert public[1:] == [{"kind": "cards_dealt", "counts": [3, 3], "deck_count": 0}]
    assert visible_events(events, 0)[1:] == [
        *public[1:],
        {"kind": "dealt", "seat": 0, "cards": ["02D", "04D", "06D"]},
    ]
    assert visible_events(events, 1)[-1] == {"kind": "dealt", "seat": 1, "cards": ["01D", "03D", "05D"]}


def test_the_end_of_a_hand_tells_who_takes_the_leftovers_and_the_summary_the_view_shows() -> None:
    state = position(SCOPONE, hands={0: "05C", 1: "09B"}, table="02C 03S 08D", turn=0, target_score=99)
    take = {"action": "play", "card": "05C", "capture": ["02C", "03S"]}
    state = SCOPONE.apply(state, 0, take, NOW, random.Random(0)).state
    outcome = SCOPONE.apply(state, 1, {"action": "play", "card": "09B"}, NOW, random.Random(0))
    kinds = [event["kind"] for event in visible_events(outcome.events, None)]
    assert kinds == ["play", "leftovers", "hand_end"]
    leftovers = visible_events(outcome.events, None)[1]
    assert leftovers == {"kind": "leftovers", "seat": 0, "cards": ["08D", "09B"]}
    assert outcome.events[-1].data == SCOPONE.view(outcome.state, None)["last_hand"]
    assert SCOPONE.to_act(outcome.state) == (0, 1, 2, 3)
    assert SCOPONE.view(outcome.state, 2)["legal_moves"] == [{"action": "ack"}]


def test_the_last_acknowledgement_deals_the_next_hand_after_its_ack_event() -> None:
    state = position(SCOPA, hands={}, table="", phase="hand_end", turn=None, acknowledged=(0,))
    state, events = act(state, 1, {"action": "ack"})
    seen = visible_events(events, 1)
    assert [event["kind"] for event in seen] == ["ack", "hand_started", "cards_dealt", "dealt"]
    assert seen[0] == {"kind": "ack", "seat": 1}
    assert seen[1] == {
        "kind": "hand_started",
        "hand_number": 2,
        "dealer": 1,
        "table": SCOPA.view(state, None)["table"],
        "void_deals": 0,
    }
    assert seen[-1]["cards"] == SCOPA.view(state, 1)["hand"]
