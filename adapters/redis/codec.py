"""How a session envelope is written in Redis and on its pub/sub channels, and a match log's
entry in its list: compact JSON.

A log entry is a JSON array, its fields by position: ``[kind letter, version, time, …]`` (the
letters and what follows each are in ``_KIND_LETTERS`` and ``encode_logged``). The match record
keeps the named form (``Logged.dump``); in Redis a scopone match logs a few hundred entries that
live as long as the match, and the names were half of each one (about 105 bytes an entry named,
60 by position). An entry in the named form, as a worker before this one wrote it, still decodes.
"""

from __future__ import annotations

from typing import Any

import orjson

from domain.live_game import LiveGame
from domain.match_log import Logged, LoggedKind, dump_timeouts, load_timeouts


def encode_session(session: LiveGame) -> str:
    """Compact JSON of the envelope, ``version`` first: the save script reads the stored
    version with an anchored pattern instead of decoding the whole envelope in Lua."""
    data = {"version": session.version, **session.dump()}
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def decode_session(raw: str | bytes) -> LiveGame:
    data: dict[str, Any] = orjson.loads(raw)
    return LiveGame.load(data)


_KIND_LETTERS: dict[LoggedKind, str] = {
    "start": "s",  # then the timeouts (``dump_timeouts``)
    "action": "a",  # then the seat and the action
    "deadline": "d",  # then the token that fired
    "handover": "h",  # then the seat, the computer player's name, the user id and name of who left
    "suggestion": "g",  # then the seat
}
_KINDS = {letter: kind for kind, letter in _KIND_LETTERS.items()}


def encode_logged(logged: Logged) -> str:
    fields: list[Any] = [_KIND_LETTERS[logged.kind], logged.version, logged.time]
    if logged.kind == "start":
        assert logged.timeouts is not None
        fields.append(dump_timeouts(logged.timeouts))
    elif logged.kind == "action":
        fields += [logged.seat, logged.action]
    elif logged.kind == "deadline":
        fields.append(logged.token)
    elif logged.kind == "handover":
        assert logged.left is not None
        fields += [logged.seat, logged.name, logged.left[0], logged.left[1]]
    else:
        fields.append(logged.seat)
    return orjson.dumps(fields).decode()


def decode_logged(raw: str | bytes) -> Logged:
    """What ``encode_logged`` wrote, or the named form (``Logged.dump``) a worker before it wrote;
    ``ValueError`` for anything else."""
    data = orjson.loads(raw)
    if isinstance(data, dict):
        return Logged.load(data)
    try:
        if not isinstance(data, list) or len(data) < 4:
            raise ValueError("not a list of four fields or more")
        return _positional(_KINDS[data[0]], data)
    except (IndexError, KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not a logged change: {str(raw)[:40]!r}") from error


def _positional(kind: LoggedKind, data: list[Any]) -> Logged:
    version, time = int(data[1]), float(data[2])
    if kind == "start":
        return Logged.start(version, time, load_timeouts(data[3]))
    if kind == "action":
        return Logged.acted(version, time, int(data[3]), data[4])
    if kind == "deadline":
        return Logged.fired(version, time, str(data[3]))
    if kind == "handover":
        return Logged.handed_over(version, time, int(data[3]), str(data[4]), (str(data[5]), str(data[6])))
    return Logged.suggested(version, time, int(data[3]))
