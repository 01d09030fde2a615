"""What a receiver is shown: the card codes in a view or message, and the no-leak check of events.

The property tests of every game run ``check_events`` on each outcome of their random
matches, as they run their view checks on each state: the rule is the same for both —
nothing a seat (or a spectator) is shown names a card it could not see at that moment.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from domain.cards import Card
from domain.engine import Event
from domain.events import event_json, visible_events

CODE = re.compile(r"\b(?:0[1-9]|10)[DCSB]\b")
RECEIVED = {"dealt": "cards", "drew": "card", "trump_drawn": "card", "draw_shown": "card"}
"""The events that hand a seat cards, and the field that names them."""
PRIVATE_KINDS = frozenset({"dealt", "drew"})


def card_codes_in(value: Any) -> set[str]:
    """Every card code written anywhere in a JSON-like value (keys, values, inside a message)."""
    text = value if isinstance(value, str) else json.dumps(value)
    return set(CODE.findall(text))


def received(seen: Iterable[dict[str, Any]], seat: int) -> set[str]:
    """The cards that events shown to ``seat`` say it was dealt or drew."""
    cards: set[str] = set()
    for event in seen:
        field = RECEIVED.get(event["kind"])
        if field is not None and event.get("seat") == seat:
            named = event[field]
            cards.update(named if isinstance(named, list) else [named])
    return cards


def check_events(
    events: Sequence[Event],
    hands_before: Sequence[Collection[Card]],
    hands_after: Sequence[Collection[Card]],
    public: Collection[str],
) -> None:
    """``events`` (one outcome's) leak nothing: each receiver is shown only ``public`` cards and
    its own hand, and a seat learns exactly the cards that came into its hand.

    ``public`` holds every card anybody could see during the change: the table or trick
    before and after it, what a play took, a face-up trump card. A card played is public
    too, once its ``play`` event is seen to name a card of the player's hand."""
    played = {str(event.data["card"]) for event in events if event.kind == "play"}
    for event in events:
        if event.kind == "play":
            assert event.seat is not None and event.data["card"] in {c.code for c in hands_before[event.seat]}
    public = {*public, *played}
    spectator = visible_events(events, None)
    assert spectator == [event_json(event) for event in events if event.public]
    assert card_codes_in(spectator) <= set(public)
    for event in events:
        assert "kind" not in event.data and "seat" not in event.data
        if not event.public:
            assert event.kind in PRIVATE_KINDS and event.seat is not None
    for seat, (before, after) in enumerate(zip(hands_before, hands_after, strict=True)):
        seen = visible_events(events, seat)
        own = {card.code for card in (*before, *after)}
        assert card_codes_in(seen) <= set(public) | own
        held = {card.code for card in after}
        dealt = any(event["kind"] == "dealt" for event in seen)  # a new hand, or refilled once empty
        assert received(seen, seat) == (held if dealt else held - {card.code for card in before})
