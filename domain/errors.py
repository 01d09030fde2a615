"""One error hierarchy with stable machine codes, shared by every layer.

Messages are written for the person who caused the error and never name a card
the receiver may not see: engines only mention cards the actor sent or owns.
"""

from __future__ import annotations


class TavoloError(Exception):
    """Base of every expected, user-facing failure."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidAction(TavoloError):
    """The request is malformed: bad JSON, unknown action, bad card code, bad fields."""

    code = "invalid_action"


class IllegalMove(TavoloError):
    """The action is well formed but the rules do not allow it now."""

    code = "illegal_move"


class NotYourTurn(TavoloError):
    """Another seat is expected to act."""

    code = "not_your_turn"


class InvalidArena(TavoloError):
    """An arena that cannot be held as asked: a duration out of range, a start in the past."""

    code = "invalid_arena"


class ArenaFinished(TavoloError):
    """The arena is over: nobody joins it, and nobody is paired in it any more."""

    code = "arena_finished"


class Forbidden(TavoloError):
    """The caller may not do this (for example a spectator trying to play)."""

    code = "forbidden"


class Unauthorized(TavoloError):
    """The caller must log in first."""

    code = "unauthorized"


class GameFull(TavoloError):
    """Every seat of the lobby is taken."""

    code = "game_full"


class NotFound(TavoloError):
    """No game (or join code) with that name exists."""

    code = "not_found"


class NoRecord(TavoloError):
    """The match is over and recorded, but was played before matches kept records."""

    code = "no_record"


class InvalidOptions(TavoloError):
    """The options given when creating a game are not accepted by its engine."""

    code = "invalid_options"


class Conflict(TavoloError):
    """The state moved on while the request was processed; the caller may retry."""

    code = "conflict"


class GameNotStarted(TavoloError):
    """The lobby is still waiting for players."""

    code = "not_started"


class GameOver(TavoloError):
    """The match has already finished."""

    code = "game_over"


class SuggestionsUnavailable(TavoloError):
    """Suggestions are offered only at a table with a computer player (never one that counts)."""

    code = "suggestions_unavailable"


class Stale(TavoloError):
    """The game moved on while the answer was worked out: it no longer holds; ask again."""

    code = "stale"


class Unavailable(TavoloError):
    """What the request needs cannot answer now (storage, or the thinking processes); nothing
    changed, and the same request may be sent again later."""

    code = "unavailable"


class Busy(TavoloError):
    """The server has as many moves in flight as it takes on at once; nothing changed, and the
    same move may be sent again after ``retry_after_ms``."""

    code = "busy"

    def __init__(self, message: str, retry_after_ms: int) -> None:
        super().__init__(message)
        self.retry_after_ms = retry_after_ms
