"""What one seat saw of the tressette hand under way: the cards played and by whom, the tricks and
their winners, the draws (shown or not) and the lead signals, read from its events, or from its view
alone when the events of the hand are missing (``hand_from_view``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.bots.base import Seen
from domain.cards import DECK, Card
from domain.games.tressette.declarations import Declaration
from domain.games.tressette.rules import HAND_SIZE
from domain.games.tressette.state import SIDE_LABELS, HandRecord
from domain.games.tricks.codec import load_plays
from domain.games.tricks.trick import CompletedTrick, Play


@dataclass
class Hand:
    """What one seat saw of the hand under way, read from its events."""

    plays: list[tuple[int, Card, int]] = field(default_factory=list)
    """Each card played: its seat, the card, the trick's index in the hand."""
    tricks: list[CompletedTrick] = field(default_factory=list)
    draws: dict[int, list[tuple[int, Card | None]]] = field(default_factory=dict)
    """Per seat, each card it drew (``None`` when not shown) with the number of tricks done by then."""
    signals: list[tuple[int, str, str, int]] = field(default_factory=list)
    """Each lead signal: its seat, the signal, the suit, the trick's index."""


def read_hand(seen: Seen, hand_number: int) -> tuple[Hand, int, int]:
    """The events of hand ``hand_number`` in ``seen`` (``ValueError`` when its start is missing), with
    the match's action counter (plays, acknowledgements, deals after the first) and the seat that was
    dealt cards privately (the viewer), ``-1`` if none."""
    start = hand_start(seen, hand_number)
    if start is None:
        raise ValueError("the events seen lack the start of the hand under way")
    counter, viewer = counter_and_viewer(seen)
    hand = Hand()
    done = 0
    for event in seen[start:]:
        kind = event.get("kind")
        if kind == "play":
            hand.plays.append((int(event["seat"]), Card.parse(event["card"]), done))
        elif kind == "trick":
            hand.tricks.append(CompletedTrick(load_plays(event["trick"]), int(event["winner"])))
            done += 1
        elif kind == "draw_shown":
            hand.draws.setdefault(int(event["seat"]), []).append((done, Card.parse(event["card"])))
        elif kind == "cards_drawn":
            for seat in event["seats"]:
                hand.draws.setdefault(int(seat), []).append((done, None))
        elif kind == "lead_signal":
            hand.signals.append((int(event["seat"]), str(event["signal"]), str(event["suit"]), done))
    return hand, counter, viewer


def hand_start(seen: Seen, hand_number: int) -> int | None:
    """Where hand ``hand_number`` starts in ``seen``, ``None`` if it does not."""
    for index, event in enumerate(seen):
        if event.get("kind") == "hand_started" and event.get("hand_number") == hand_number:
            return index
    return None


def counter_and_viewer(seen: Seen) -> tuple[int, int]:
    """The match's action counter as far as ``seen`` tells it, and the seat dealt cards privately."""
    counter = 0
    viewer = -1
    for event in seen:
        kind = event.get("kind")
        if kind == "hand_started":
            if int(event.get("hand_number", 1)) > 1:
                counter += 1
        elif kind in ("play", "ack"):
            counter += 1
        elif kind == "dealt":
            viewer = int(event["seat"])
    return counter, viewer


def hand_from_view(view: Mapping[str, Any]) -> Hand:
    """What the view alone shows of the hand under way, as if it were the whole hand: the previous
    trick (its index 0) and the trick on the table after it, the draws that followed the previous
    trick (two players, while the stock lasted), the current lead's signal."""
    hand = Hand()
    previous = view.get("previous_trick")
    index = 0
    if previous is not None:
        hand.plays.extend((p.seat, p.card, 0) for p in load_plays(previous["trick"]))
        index = 1
        seats = int(view["players"])
        done = sum(int(count) for count in view["tricks_won"].values())
        if seats * done <= len(DECK) - seats * HAND_SIZE:
            for seat in range(seats):
                hand.draws[seat] = [(1, None)]
    hand.plays.extend((p.seat, p.card, index) for p in load_plays(view["trick"]))
    signal = view.get("signal")
    if signal is not None:
        hand.signals.append((int(signal["seat"]), str(signal["signal"]), str(signal["suit"]), index))
    return hand


def record_from_public(data: Mapping[str, Any]) -> HandRecord:
    """A hand's record back from its summary (``HandRecord.public``)."""

    def pair(key: str) -> tuple[int, int]:
        return (int(data[key][SIDE_LABELS[0]]), int(data[key][SIDE_LABELS[1]]))

    cappotto = data["cappotto"]
    return HandRecord(
        hand_number=int(data["hand_number"]),
        dealer=int(data["dealer"]),
        thirds=pair("thirds"),
        card_points=pair("card_points"),
        dropped=pair("dropped"),
        last_trick=int(data["last_trick"]),
        declarations=tuple(Declaration.load(d) for d in data["declarations"]),
        declaration_points=pair("declaration_points"),
        points=pair("points"),
        tricks=pair("tricks"),
        cappotto=None if cappotto is None else SIDE_LABELS.index(cappotto),
        scores_after=pair("scores"),
    )


def tricks_of(hand: Hand) -> list[tuple[Play, ...]]:
    """The plays of each trick of the hand, the one under way last."""
    tricks: list[list[Play]] = []
    for seat, card, index in hand.plays:
        while len(tricks) <= index:
            tricks.append([])
        tricks[index].append(Play(seat, card))
    return [tuple(plays) for plays in tricks if plays]
