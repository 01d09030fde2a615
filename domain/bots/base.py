"""What every bot shares: the ``Strategy`` protocol and reading the common parts of a view.

A strategy decides from a seat's own view (``engine.view(state, seat)``) and, if it wants them, the
events that seat saw since the match began (``seen``: what a person in its chair watched happen), and
returns the action message a client would send. It keeps no memory between decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

Action = dict[str, Any]
Seen = Sequence[Mapping[str, Any]]
"""The events one seat saw since its match began, oldest first, each as that seat's client received
it (``domain.events.visible_events``): public events and its own private ones, nobody else's."""
T = TypeVar("T")

ACK: Action = {"action": "ack"}


class Strategy(Protocol):
    """A computer player for one game family at one level."""

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        """The action for the seat ``view`` belongs to; ``seen`` is what that seat saw happen before
        (strategies that read only the view ignore it).

        Returns ``{"action": "ack"}`` when the seat still has to dismiss a hand summary;
        raises ``ValueError`` when the seat has nothing to do (not its turn, game over).
        """
        ...


def own_seat(view: Mapping[str, Any]) -> int | None:
    """The viewing seat: the view's ``seat`` field, or the seat on turn when the view says it is ours.

    (The trick-game views carry no ``seat`` field; on turn, ``turn`` names it.)
    """
    seat = view.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        return seat
    turn = view.get("turn")
    if view.get("your_turn") and isinstance(turn, int):
        return turn
    return None


def must_ack(view: Mapping[str, Any]) -> bool:
    """Whether the viewing seat still has to acknowledge the hand summary: its legal moves
    offer the acknowledgement."""
    return any(move.get("action") == "ack" for move in view.get("legal_moves") or ())


def legal_moves(view: Mapping[str, Any]) -> list[Action]:
    """The seat's legal moves, each a complete action; ``ValueError`` when it has none
    (it is not asked to act)."""
    moves = view.get("legal_moves")
    if not moves:
        raise ValueError("this seat has nothing to decide: no legal moves in its view")
    return [dict(move) for move in moves]


def plays(moves: Sequence[Action]) -> list[Action]:
    """The ``play`` actions among ``moves``."""
    return [move for move in moves if move.get("action") == "play"]


def best_by(items: Sequence[T], score: Callable[[T], float], rng: random.Random, eps: float = 1e-9) -> T:
    """The item with the highest ``score(item)``; ties broken with ``rng``."""
    scored = [(score(item), item) for item in items]
    top = max(value for value, _ in scored)
    return rng.choice([item for value, item in scored if value >= top - eps])
