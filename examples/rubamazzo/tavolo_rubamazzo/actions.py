"""Reading a client action and checking a play against the rules.

A play is ``{"action": "play", "card": "07D"}`` to lay a card on the table, with ``"capture":
"07C"`` to capture that table card, or with ``"steal": 1`` to steal seat 1's pile. Errors only
ever name the actor's own card (once we know it is in its hand), public table cards and seats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.cards import Card
from domain.errors import IllegalMove, InvalidAction
from tavolo_rubamazzo.takes import Move, Pile, card_moves


@dataclass(frozen=True, slots=True)
class PlayAction:
    card: Card
    capture: Card | None
    steal: int | None


@dataclass(frozen=True, slots=True)
class AckAction:
    pass


Action = PlayAction | AckAction


def parse_action(action: Mapping[str, Any]) -> Action:
    """Turn the client's dict into an action, or raise ``InvalidAction``."""
    if not isinstance(action, Mapping):
        raise InvalidAction("an action is a JSON object")
    name = action.get("action")
    if name == "ack":
        return AckAction()
    if name != "play":
        raise InvalidAction("the action must be 'play' or 'ack'")
    if "card" not in action:
        raise InvalidAction("a play names the card to play")
    card = Card.parse(action["card"])
    raw_capture = action.get("capture")
    raw_steal = action.get("steal")
    if raw_capture is not None and raw_steal is not None:
        raise InvalidAction("a play either captures a table card or steals a pile, not both")
    capture = None if raw_capture is None else Card.parse(raw_capture)
    if raw_steal is not None and (isinstance(raw_steal, bool) or not isinstance(raw_steal, int)):
        raise InvalidAction("steal names a seat by its number")
    return PlayAction(card, capture, raw_steal)


def check_play(play: PlayAction, seat: int, table: Sequence[Card], piles: Sequence[Pile]) -> Move:
    """The move ``play`` stands for when it is legal; ``IllegalMove`` otherwise.

    The caller has already checked that the card is in the actor's hand.
    """
    code = play.card.code
    moves = card_moves(play.card, seat, table, piles)
    if play.steal is not None:
        if not 0 <= play.steal < len(piles) or play.steal == seat:
            raise IllegalMove("you can only steal an opponent's pile")
        wanted = Move(play.card, steal=play.steal)
        if wanted not in moves:
            raise IllegalMove(f"{code} does not match the top card of seat {play.steal}'s pile")
        return wanted
    if play.capture is not None:
        if play.capture not in table:
            raise IllegalMove("the card named in capture is not on the table")
        wanted = Move(play.card, capture=play.capture)
        if wanted not in moves:
            raise IllegalMove(f"{code} can only capture a table card of its own rank")
        return wanted
    if moves[0].takes:
        raise IllegalMove(f"{code} can take, so it must: name the table card or the pile it takes")
    return moves[0]
