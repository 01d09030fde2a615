"""Reading a client action and checking a play against the rules.

Errors only ever echo the card the actor played (once we know it is in its hand);
table cards are public, but a listed card that is not on the table is never repeated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.cards import Card
from domain.errors import IllegalMove, InvalidAction
from domain.games.fishing.captures import Move, ace_sweeps, legal_captures


@dataclass(frozen=True, slots=True)
class PlayAction:
    card: Card
    capture: frozenset[Card]


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
    raw = action.get("capture")
    if raw is None:
        return PlayAction(card, frozenset())
    if not isinstance(raw, list):
        raise InvalidAction("capture is a list of table cards")
    capture = frozenset([Card.parse(code) for code in raw])
    if len(capture) != len(raw):
        raise InvalidAction("a card is listed twice in capture")
    if card in capture:
        raise InvalidAction("the played card cannot capture itself")
    return PlayAction(card, capture)


def check_play(play: PlayAction, table: tuple[Card, ...], pigliatutto: bool) -> Move:
    """The move ``play`` stands for when it is legal on ``table``; ``IllegalMove`` otherwise.

    The caller has already checked that the card is in the actor's hand.
    """
    card, wanted = play.card, play.capture
    code = card.code
    if wanted and not wanted <= set(table):
        raise IllegalMove("a card listed in capture is not on the table")
    if ace_sweeps(card, table, pigliatutto):
        if wanted and wanted != set(table):
            raise IllegalMove(f"with asso pigliatutto {code} takes the whole table")
        return Move(card, tuple(table), sweep=True)
    options = legal_captures(card, table)
    if not options:
        if wanted:
            raise IllegalMove(f"{code} cannot capture anything on this table")
        return Move(card, ())
    if not wanted:
        raise IllegalMove(f"{code} can capture, so it must: list the table cards it takes")
    for option in options:
        if set(option) == wanted:
            return Move(card, option)
    if len(options[0]) == 1 and options[0][0].rank == card.rank:
        raise IllegalMove(f"{code} must take a single table card of the same rank")
    raise IllegalMove(f"the cards listed do not add up to {code}")
