"""What clients send on the WebSockets, parsed at the edge into typed messages.

Every frame a client sends is a JSON object with an ``action`` string; anything
else is refused with ``InvalidAction`` (its wire code ``invalid_action``) before
any handler sees it. The sockets then dispatch on the message's type.

On a game's socket (``/ws/games/{id}``, ``parse_client_message``):

* ``{"action": "state"}`` or ``{"action": "sync"}`` — ``Snapshot``: send me the game as it is;
* ``{"action": "rematch"}`` — ``Rematch``: this seat wants another match;
* ``{"action": "suggest"}`` — ``Suggest``: what would the ``hard`` computer player play in my seat
  now? (casual games against the computer, on the seat's turn);
* any other action — ``Move``: one of the game's own actions (``ack``, ``play`` …).
  Which actions a game takes and what fields they carry is the engine's to
  decide, so a move carries the message as sent for it.

On the lobby's socket (``/ws/lobby``, ``parse_lobby_message``):

* ``{"action": "tables"}`` — ``ListTables``: the open tables, again;
* ``{"action": "seek", "game_type": ..., "computers_after": seconds | null, "options": {...}}`` —
  ``Seek``: wait in the quick-match pool;
* ``{"action": "cancel"}`` — ``CancelSeek``: stop waiting;
* any other action is refused.

``entrypoints.http.frame_schemas`` documents each of these types (``CLIENT_MESSAGES``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import orjson

from domain.errors import InvalidAction

# --- a game's socket ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """Send me the game as it stands now (no events)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("state", "sync")
    action: str


@dataclass(frozen=True)
class Rematch:
    """The caller's seat asks for another match with the same players."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("rematch",)


@dataclass(frozen=True)
class Suggest:
    """The caller's seat asks for a suggested move (answered to that socket alone)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("suggest",)


@dataclass(frozen=True)
class Move:
    """One of the game's own actions. ``payload`` is the message as sent (``action`` included),
    for the engine to read its fields."""

    action: str
    payload: Mapping[str, Any]


ClientMessage = Snapshot | Rematch | Suggest | Move
"""A message on a game's socket."""


# --- the lobby's socket ------------------------------------------------------------------------


@dataclass(frozen=True)
class ListTables:
    """Send me the open tables again."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("tables",)


@dataclass(frozen=True)
class Seek:
    """Wait in the quick-match pool for a game of ``game_type`` with these ``options`` (the match
    length only; empty for the game's default), with computer players after ``computers_after``
    seconds (never with ``None``)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("seek",)
    game_type: str
    computers_after: float | None
    options: Mapping[str, Any]


@dataclass(frozen=True)
class CancelSeek:
    """Stop waiting in the quick-match pool."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("cancel",)


@dataclass(frozen=True)
class FollowArena:
    """Send me this arena's standings as they change, and my table in it when it is ready
    (``arena_id`` ``None``: stop following)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("arena",)
    arena_id: str | None


LobbyMessage = ListTables | Seek | CancelSeek | FollowArena
"""A message on the lobby's socket."""


# --- parsing -----------------------------------------------------------------------------------


def read_object(raw: str | bytes | None) -> tuple[str, dict[str, Any]]:
    """The ``action`` and the whole object of a client's frame; ``InvalidAction`` for a frame that
    is not a JSON object with an ``action`` string."""
    if raw is None:
        raise InvalidAction("empty message")
    try:
        message = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise InvalidAction("a message is a JSON object") from None
    if not isinstance(message, dict):
        raise InvalidAction("a message is a JSON object")
    action = message.get("action")
    if not isinstance(action, str):
        raise InvalidAction("a message needs an 'action' string")
    return action, message


def parse_client_message(raw: str | bytes | None) -> ClientMessage:
    """A frame from a game's socket as a typed message (``InvalidAction`` if it is not one)."""
    action, message = read_object(raw)
    if action in Snapshot.ACTIONS:
        return Snapshot(action)
    if action in Rematch.ACTIONS:
        return Rematch()
    if action in Suggest.ACTIONS:
        return Suggest()
    return Move(action, message)


def parse_lobby_message(raw: str | bytes | None) -> LobbyMessage:
    """A frame from the lobby's socket as a typed message (``InvalidAction`` if it is not one)."""
    action, message = read_object(raw)
    if action in ListTables.ACTIONS:
        return ListTables()
    if action in Seek.ACTIONS:
        return _seek(message)
    if action in CancelSeek.ACTIONS:
        return CancelSeek()
    if action in FollowArena.ACTIONS:
        arena_id = message.get("arena_id")
        if arena_id is not None and (not isinstance(arena_id, str) or not 0 < len(arena_id) <= 64):
            raise InvalidAction("'arena_id' names an arena, or is null")
        return FollowArena(arena_id)
    raise InvalidAction("the lobby takes 'tables', 'seek', 'cancel' and 'arena'")


def _seek(message: Mapping[str, Any]) -> Seek:
    game_type = message.get("game_type")
    after = message.get("computers_after")
    options = message.get("options")
    if not isinstance(game_type, str):
        raise InvalidAction("a seek names its 'game_type'")
    if after is not None and (isinstance(after, bool) or not isinstance(after, int | float)):
        raise InvalidAction("'computers_after' is a number of seconds, or null")
    if options is not None and not isinstance(options, dict):
        raise InvalidAction("a seek's 'options' is an object, e.g. {\"deals_to_win\": 2}")
    return Seek(game_type, None if after is None else float(after), options or {})
