"""What happened in a match, as events, and which of them a receiver may see.

Every ``Outcome`` carries the ``Event``s of its change, in the order things
happened. Most are public; the cards a seat is dealt or draws are private to
that seat, and the others only learn that it was dealt or drew (with counts).
``visible_events`` picks a receiver's events and writes each as one JSON object::

    {"kind": "ack", "seat": 2}

``kind`` first, then ``seat`` when the event concerns one seat, then its fields.
Every game makes the ``SHARED_EVENT_KINDS``: ``hand_started``, ``cards_dealt`` (public counts)
and ``dealt`` (private cards), ``ack``, ``timeout``, ``hand_end``, ``match_end``. A game package
declares its own kinds beside them (``domain.game_package.EventKind``), and the README has the
table of every installed kind with its fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from domain.cards import Card, codes
from domain.engine import JSON, Event

SHARED_EVENT_KINDS = ("hand_started", "cards_dealt", "dealt", "ack", "timeout", "hand_end", "match_end")
"""The event kinds every game makes; a package's own kinds come beside them."""


def event_json(event: Event) -> JSON:
    """One event as its receivers get it (see the module docstring)."""
    data: JSON = {"kind": event.kind}
    if event.seat is not None:
        data["seat"] = event.seat
    data.update(event.data)
    return data


def visible_events(events: Iterable[Event], seat: int | None) -> list[JSON]:
    """The events ``seat`` may see, as JSON: the public ones and its own private ones.
    A spectator (``None``) sees only the public ones."""
    return visible_to(written(events), seat)


def written(events: Iterable[Event]) -> list[tuple[Event, JSON]]:
    """Each event with its JSON, to write a change's events once for all its receivers."""
    return [(event, event_json(event)) for event in events]


def visible_to(events: Iterable[tuple[Event, JSON]], seat: int | None) -> list[JSON]:
    """The JSON of the ``written`` events ``seat`` may see (``visible_events``)."""
    return [data for event, data in events if event.public or (seat is not None and event.seat == seat)]


# --- events every game makes ------------------------------------------------------------------


def dealing(hands: Sequence[Sequence[Card]], deck_count: int) -> list[Event]:
    """Cards given to every seat at once: a public ``cards_dealt`` with how many each
    seat got and how many are left to deal or draw, then each seat's own ``dealt``."""
    public = Event("cards_dealt", {"counts": [len(hand) for hand in hands], "deck_count": deck_count})
    private = [
        Event("dealt", {"cards": codes(hand)}, seat=seat, public=False) for seat, hand in enumerate(hands)
    ]
    return [public, *private]


def acknowledged(seat: int) -> Event:
    return Event("ack", seat=seat)


def turn_timeout(seat: int, phase: str) -> Event:
    """The seat on turn let its time run out; the move made for it follows."""
    return Event("timeout", {"deadline": "turn", "phase": phase}, seat=seat)


def hand_end_timeout(hand_number: int, waiting: Sequence[int]) -> Event:
    """The hand-end summary's time ran out while ``waiting`` had not acknowledged it."""
    return Event("timeout", {"deadline": "hand_end", "hand_number": hand_number, "seats": list(waiting)})


def match_end(winner: str | None, scores: Mapping[str, Any]) -> Event:
    return Event("match_end", {"winner": winner, "scores": dict(scores)})
