"""The one place that maps domain error codes to HTTP statuses and WebSocket frames."""

from __future__ import annotations

import traceback

from domain.engine import JSON
from domain.errors import Busy, TavoloError

HTTP_STATUS: dict[str, int] = {
    "invalid_action": 400,
    "invalid_options": 400,
    "invalid_arena": 400,
    "bad_request": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "not_found": 404,
    "no_record": 404,
    "method_not_allowed": 405,
    "illegal_move": 409,
    "not_your_turn": 409,
    "game_full": 409,
    "not_started": 409,
    "game_over": 409,
    "conflict": 409,
    "arena_finished": 409,
    "suggestions_unavailable": 409,
    "stale": 409,
    "payload_too_large": 413,
    "unsupported_media_type": 415,
    "too_many_requests": 429,
    "internal": 500,
    "unavailable": 503,
    "busy": 503,
}

UNAVAILABLE = "unavailable"
UNAVAILABLE_MESSAGE = "the server cannot reach its storage right now; try again shortly"
RETRY_AFTER_SECONDS = 5  # what a 503 ``unavailable`` tells the client to wait before retrying


def http_status(error: TavoloError) -> int:
    return HTTP_STATUS.get(error.code, 400)


def error_body(code: str, message: str) -> JSON:
    return {"code": code, "message": message}


def ws_error(error: TavoloError) -> JSON:
    frame: JSON = {"type": "error", "code": error.code, "message": error.message}
    if isinstance(error, Busy):  # the move changed nothing: the client sends it again after this
        frame["retry_after_ms"] = error.retry_after_ms
    return frame


def ws_unavailable() -> JSON:
    """The frame a socket gets when storage is down: the socket stays open, the client may retry."""
    return {"type": "error", "code": UNAVAILABLE, "message": UNAVAILABLE_MESSAGE}


def traceback_without_values(error: BaseException) -> str:
    """Where ``error`` (and what caused it) was raised: frames and exception types only.

    An exception's message may quote data (a card of a hand, a cookie), so it is left out;
    the traceback's lines are source code, never values.
    """
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        frames = "".join(traceback.format_tb(current.__traceback__))
        parts.append(f"Traceback (most recent call last):\n{frames}{type(current).__qualname__}")
        current = current.__cause__ or current.__context__
    return "\n\nwhich happened while handling or was caused by:\n\n".join(parts)
