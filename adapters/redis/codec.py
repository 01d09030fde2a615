"""How a session envelope is written in Redis and on its pub/sub channels, and a match log's
entry in its list: compact JSON."""

from __future__ import annotations

from typing import Any

import orjson

from domain.match_log import Logged
from domain.session import GameSession


def encode_session(session: GameSession) -> str:
    """Compact JSON of the envelope, ``version`` first: the save script reads the stored
    version with an anchored pattern instead of decoding the whole envelope in Lua."""
    data = {"version": session.version, **session.dump()}
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def decode_session(raw: str | bytes) -> GameSession:
    data: dict[str, Any] = orjson.loads(raw)
    return GameSession.load(data)


def encode_logged(logged: Logged) -> str:
    return orjson.dumps(logged.dump()).decode()


def decode_logged(raw: str | bytes) -> Logged:
    return Logged.load(orjson.loads(raw))
