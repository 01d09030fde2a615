"""The WebSocket protocol's frames: the server's side of the wire, built here and nowhere else.

* ``{"type": "state", "game": view, "events": [...], "server_time": t}`` — the
  game as the connection may see it, and the events of the change that made
  this version (a seat gets the public events and its own private ones; a
  spectator, and a snapshot asked for with ``{"action": "state"}``, the public
  ones or none); ``server_time`` is the server's wall clock (epoch seconds) when
  the frame was built, the clock its deadlines are set by, so a client whose
  own clock is off can still count down to ``turn_deadline``;
* ``{"type": "game_over", "scores": {...}, "winner": ..., "hands": [...], "rated": ...}``
  after every state of a finished match (``hands``: every hand's summary);
* ``{"type": "presence", "connected": [seats]}`` when the seats whose player
  has the table open change (state frames' views carry the same ``connected``);
* ``{"type": "suggestion", "version": v, "action": {...}}`` to the socket that asked for a
  suggestion (``{"action": "suggest"}``) alone: the move the ``hard`` computer player would make
  in its seat, which holds while the game is at version ``v``;
* ``{"type": "error", "code": ..., "message": ...}`` for a refused message, a
  storage outage (``unavailable``), a failure nobody foresaw (``internal``) and
  a table that no longer exists (``not_found``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from weakref import WeakKeyDictionary

import orjson

from application.playing.views import SeatView, SharedView
from domain.engine import JSON
from domain.errors import NotFound

INTERNAL = "internal"
_SHARED_TEXT: WeakKeyDictionary[SharedView, bytes] = WeakKeyDictionary()
"""Each version's shared part of the view as JSON, written once for all the sockets shown it (the
hub builds one ``SharedView`` per version and drops it once every socket has had it)."""


def state_frame(view: JSON, events: list[JSON], server_time: float) -> JSON:
    """``server_time``: the server's clock now (``Clock.now()``, the clock deadlines are set by)."""
    return {"type": "state", "game": view, "events": events, "server_time": server_time}


def state_frame_text(view: SeatView, events: list[JSON], server_time: float) -> str:
    """``state_frame(view.fields(), events, server_time)`` as JSON text. The shared part of the
    view is serialised once per version, and each socket's frame splices its own fields into it:
    the same text but for the order of the view's fields."""
    shared = _SHARED_TEXT.get(view.shared)
    if shared is None:
        shared = _SHARED_TEXT[view.shared] = frame_json(view.shared.fields)
    game = shared[:-1] + b"," + frame_json(view.own)[1:] if view.own else shared
    return b"".join(
        (
            b'{"type":"state","game":',
            game,
            b',"events":',
            frame_json(events),
            b',"server_time":',
            frame_json(server_time),
            b"}",
        )
    ).decode()


def frame_json(value: Any) -> bytes:
    """A frame, or a part of one, as JSON (a key that is not a string written as one)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def game_over_frame(result: JSON) -> JSON:
    return {
        "type": "game_over",
        "scores": result["scores"],
        "winner": result["winner"],
        "hands": result["hands"],
        "rated": result["rated"],
    }


def presence_frame(connected: list[int]) -> JSON:
    """The seats whose player has a connection open on the table (computer players always)."""
    return {"type": "presence", "connected": connected}


def suggestion_frame(version: int, action: Mapping[str, Any]) -> JSON:
    """A suggested move (one of the seat's ``legal_moves``, as it would be sent) for one socket."""
    return {"type": "suggestion", "version": version, "action": dict(action)}


def gone_frame() -> JSON:
    """A table that expired, or that the live store lost."""
    return {"type": "error", "code": NotFound.code, "message": "this table no longer exists"}


def internal_frame() -> JSON:
    """A message whose handling failed unexpectedly: the socket and the game go on."""
    return {"type": "error", "code": INTERNAL, "message": "the server could not handle this message"}
