"""Which events a receiver is shown, and the JSON shape each one has."""

from __future__ import annotations

from domain.cards import cards
from domain.engine import Event
from domain.events import dealing, event_json, visible_events

EVENTS = (
    Event("hand_started", {"hand_number": 1, "dealer": 0}),
    *dealing((cards("01D 02D"), cards("03C 04C")), deck_count=36),
    Event("play", {"card": "01D"}, seat=0),
    Event("drew", {"card": "05S"}, seat=0, public=False),
)


def test_a_seat_is_shown_the_public_events_and_its_own_private_ones() -> None:
    assert visible_events(EVENTS, 1) == [
        {"kind": "hand_started", "hand_number": 1, "dealer": 0},
        {"kind": "cards_dealt", "counts": [2, 2], "deck_count": 36},
        {"kind": "dealt", "seat": 1, "cards": ["03C", "04C"]},
        {"kind": "play", "seat": 0, "card": "01D"},
    ]
    seat_zero = visible_events(EVENTS, 0)
    assert {"kind": "dealt", "seat": 0, "cards": ["01D", "02D"]} in seat_zero
    assert seat_zero[-1] == {"kind": "drew", "seat": 0, "card": "05S"}


def test_a_spectator_is_shown_the_public_events_only() -> None:
    kinds = [event["kind"] for event in visible_events(EVENTS, None)]
    assert kinds == ["hand_started", "cards_dealt", "play"]


def test_an_event_is_its_kind_then_its_seat_then_its_fields() -> None:
    assert list(event_json(Event("bid", {"rank": 3}, seat=2))) == ["kind", "seat", "rank"]
    assert event_json(Event("match_end", {"winner": "A"})) == {"kind": "match_end", "winner": "A"}
