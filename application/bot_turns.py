"""When a bot must act, and what it does: the deadline side of computer players.

Whenever a bot seat must act — its turn, or a hand summary to dismiss — one
short deadline ``bot:<version>`` is scheduled with the game's other deadlines.
Firing it asks the seat's strategy, which sees only that seat's own view.
"""

from __future__ import annotations

from typing import Any

from application.platform import Platform
from application.ports import ScheduledDeadline
from domain.bots.registry import LEVELS, Level, strategy_for
from domain.engine import GameEngine
from domain.session import GameSession

BOT_PREFIX = "bot:"
BOT_TOKEN = "bot:"


def bot_user_id(level: str, seat: int) -> str:
    """One rated account per level and chair, so a table of bots never repeats a player."""
    return f"{BOT_PREFIX}{level}:{seat}"


def bot_level(user_id: str) -> Level:
    level = user_id.split(":")[1]
    for known in LEVELS:
        if level == known:
            return known
    raise ValueError(f"not a bot account: {user_id!r}")


def is_bot(user_id: str) -> bool:
    return user_id.startswith(BOT_PREFIX)


def bot_seat_to_act(session: GameSession, engine: GameEngine, state: Any) -> int | None:
    """The first bot seat that must act now: on turn, or with a hand summary to dismiss."""
    if session.phase != "playing":
        return None
    turn = engine.turn(state)
    if turn is not None and (chair := session.seats[turn]) is not None and chair.bot:
        return turn
    for seat, chair in enumerate(session.seats):
        if chair is not None and chair.bot:
            view = engine.view(state, seat)
            if view.get("phase") == "hand_end" and seat not in view.get("acknowledged", ()):
                return seat
    return None


def bot_deadline(
    platform: Platform, session: GameSession, engine: GameEngine, state: Any
) -> list[ScheduledDeadline]:
    if bot_seat_to_act(session, engine, state) is None:
        return []
    due = platform.clock.now() + platform.bot_delay
    return [ScheduledDeadline(session.id, f"{BOT_TOKEN}{session.version}", due)]


def bot_action(
    platform: Platform, session: GameSession, engine: GameEngine, state: Any, token: str
) -> tuple[int, dict[str, Any]] | None:
    """The seat and action of the bot whose deadline ``token`` names, or ``None`` if stale."""
    if token != f"{BOT_TOKEN}{session.version}":
        return None
    seat = bot_seat_to_act(session, engine, state)
    if seat is None:
        return None
    chair = session.seats[seat]
    assert chair is not None
    strategy = strategy_for(session.game_type, bot_level(chair.user_id))
    return seat, strategy.decide(engine.view(state, seat), platform.rng_factory())
