"""The cards still out, as one seat can tell them: in another hand or in the deck.

A fishing view shows the seat its hand and the table, and of the captured piles only their sizes.
The events the seat saw this hand (``seen``) say which cards went there: every ``play`` that took
something names the card played and the cards it took. With them the cards still out are exactly
the deck less the hand, the table and the piles; without them (no ``seen``, or a history that does
not account for every captured card) the view alone leaves the captured cards among the unseen ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.bots.base import Seen
from domain.cards import DECK, Card


def captured_this_hand(view: Mapping[str, Any], seen: Seen) -> set[Card] | None:
    """The cards ``seen`` shows captured since the current hand began, or ``None`` when ``seen``
    does not cover the whole hand (its start is missing or it misses a capture)."""
    start = None
    for index, event in enumerate(seen):
        if event.get("kind") == "hand_started" and event.get("hand_number") == view.get("hand_number"):
            start = index
    if start is None:
        return None
    taken: set[Card] = set()
    for event in seen[start + 1 :]:
        if event.get("kind") != "play":
            continue
        captured = [Card.parse(code) for code in event.get("captured") or ()]
        if captured or event.get("sweep"):
            taken.update(captured)
            taken.add(Card.parse(event["card"]))
    counts = view.get("captured_counts") or {}
    if len(taken) != sum(int(count) for count in counts.values()):
        return None
    return taken


def cards_out(view: Mapping[str, Any], seen: Seen = ()) -> tuple[Card, ...]:
    """The cards the seat cannot place: not in its hand, not on the table and (when ``seen`` tells)
    not captured this hand."""
    known = {Card.parse(code) for code in (*view["hand"], *view["table"])}
    known |= captured_this_hand(view, seen) or set()
    return tuple(card for card in DECK if card not in known)
