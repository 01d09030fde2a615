"""How a session envelope is written in Redis and on its pub/sub channels: compact JSON."""

from __future__ import annotations

from typing import Any

import orjson

from domain.session import GameSession


def encode_session(session: GameSession) -> str:
    """Compact JSON of the envelope; NaN or infinity cannot occur in a session and are refused."""
    return orjson.dumps(session.dump(), option=orjson.OPT_NON_STR_KEYS).decode()


def decode_session(raw: str | bytes) -> GameSession:
    data: dict[str, Any] = orjson.loads(raw)
    return GameSession.load(data)
