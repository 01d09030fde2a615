"""Reading client actions: shape checks shared by every trick engine.

Messages only ever name the card the actor sent, never another card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.cards import Card, without
from domain.errors import Forbidden, GameOver, IllegalMove, InvalidAction


def action_name(action: Mapping[str, Any], known: tuple[str, ...]) -> str:
    if not isinstance(action, Mapping):
        raise InvalidAction("an action is an object with an 'action' field")
    name = action.get("action")
    if not isinstance(name, str) or name not in known:
        raise InvalidAction(f"unknown action; expected one of: {', '.join(known)}")
    return name


def read_action(
    phase: str, seat: object, seats: int, action: Mapping[str, Any], known: tuple[str, ...]
) -> tuple[int, str]:
    """The acting seat and the action's name, once the match is known to go on, the seat
    to be one of the table's and the action one of ``known``."""
    if phase == "finished":
        raise GameOver("the match is over")
    return check_seat(seat, seats), action_name(action, known)


def card_field(action: Mapping[str, Any]) -> Card:
    if "card" not in action:
        raise InvalidAction("this action needs a 'card' field")
    return Card.parse(action["card"])


def int_field(action: Mapping[str, Any], name: str) -> int:
    value = action.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidAction(f"'{name}' must be a whole number")
    return value


def check_seat(seat: object, seats: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise Forbidden("only a seated player may act")
    return seat


def remove_from_hand(hand: tuple[Card, ...], played: Card) -> tuple[Card, ...]:
    """The hand without ``played``; refusing a card the actor does not hold. One pass over the
    hand: a searching computer player removes a few hundred thousand cards a decision."""
    try:
        return without(hand, played)
    except ValueError:
        raise IllegalMove(f"{played.code} is not in your hand") from None
