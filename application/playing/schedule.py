"""What must happen later in a game, worked out from the state each change leaves.

Every commit swaps in exactly the deadlines its new state calls for, so a
game's pending deadlines always belong to its stored version:

* the engine's own (a turn timeout, the hand-end summary's), a berserk arena
  player's turn timeout half the turn time sooner (``domain.arenas.berserk``);
* ``bot:<version>`` when a computer player is among the seats the match waits
  for (``GameEngine.to_act``): it moves when that deadline fires;
* ``record`` once the match is over and its result not yet recorded: the
  outbox entry that makes recording survive a cancelled task, a killed process
  or a database outage. It is due a moment after the match ends, which leaves
  the recording to the writer of the last move when all goes well.
"""

from __future__ import annotations

from typing import Any

from application.ports import ScheduledDeadline
from domain.arenas.berserk import turn_due
from domain.engine import GameEngine
from domain.live_game import LiveGame, Phase

RECORD_TOKEN = "record"
RECORD_GRACE_SECONDS = 1.0
BOT_TOKEN = "bot:"


def pending_deadlines(
    session: LiveGame, engine: GameEngine, state: Any, now: float, bot_delay: float
) -> list[ScheduledDeadline]:
    """The deadlines ``session`` (with its decoded engine ``state``) calls for."""
    if session.phase == Phase.FINISHED:
        return (
            []
            if session.result_recorded
            else [ScheduledDeadline(session.id, RECORD_TOKEN, now + RECORD_GRACE_SECONDS)]
        )
    if session.phase != Phase.PLAYING or state is None:
        return []
    on_turn = engine.to_act(state) if session.berserk else ()
    scheduled = [
        ScheduledDeadline(
            session.id, d.token, (turn_due(session, on_turn, d.due) if d.kind == "turn" else d.due)
        )
        for d in engine.deadlines(state)
    ]
    if computer_to_act(session, engine, state) is not None:
        scheduled.append(ScheduledDeadline(session.id, bot_token(session.version), now + bot_delay))
    return scheduled


def computer_to_act(session: LiveGame, engine: GameEngine, state: Any) -> int | None:
    """The first computer player's seat among those the match waits for, if any."""
    for seat in engine.to_act(state):
        chair = session.seats[seat]
        if chair is not None and chair.bot:
            return seat
    return None


def bot_token(version: int) -> str:
    """The computer player's deadline made at ``version``: stale once the game moved on."""
    return f"{BOT_TOKEN}{version}"
