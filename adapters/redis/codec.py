"""How a session envelope is written in Redis and on its pub/sub channels, and a match log's
entry in its list: compact JSON."""

from __future__ import annotations

from typing import Any

import orjson

from domain.live_game import LiveGame
from domain.match_log import Logged


def encode_session(session: LiveGame) -> str:
    """Compact JSON of the envelope, ``version`` first: the save script reads the stored
    version with an anchored pattern instead of decoding the whole envelope in Lua."""
    data = {"version": session.version, **session.dump()}
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def decode_session(raw: str | bytes) -> LiveGame:
    data: dict[str, Any] = orjson.loads(raw)
    return LiveGame.load(data)


def encode_logged(logged: Logged) -> str:
    return orjson.dumps(logged.dump()).decode()


def decode_logged(raw: str | bytes) -> Logged:
    return Logged.load(orjson.loads(raw))
