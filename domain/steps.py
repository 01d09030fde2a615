"""Every change a game can go through, as pure functions of (envelope, engine state, now).

Each function checks that the change is allowed, and returns the ``Step`` it
makes — the next envelope (its version moved on, its ``events`` those of the
change) with its engine state decoded — or ``None`` when the change would
change nothing (a repeated join, a stale deadline). A refused change raises a
``domain.errors.TavoloError``. Randomness comes from the match's seed and the
version the change produces (``domain.seeding``), so a match is a function of
its seed and its accepted actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.bots.base import Strategy
from domain.engine import Event, GameEngine, Outcome, Timeouts
from domain.errors import Forbidden, GameFull, GameNotStarted, GameOver, IllegalMove, InvalidAction
from domain.seeding import match_rng
from domain.session import GameSession, Seat


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted change: the next envelope and its engine state (``None`` in the lobby).

    ``seat`` and ``action`` name the action that made it, when an action did (a
    player's, or a computer player's choice); ``token`` the deadline that fired."""

    session: GameSession
    state: Any
    seat: int | None = None
    action: Mapping[str, Any] | None = None
    token: str | None = None


# --- the lobby ------------------------------------------------------------------------------------


def seat_player(
    session: GameSession, player: Seat, now: float, engine: GameEngine, timeouts: Timeouts, seed: str
) -> Step | None:
    """``player`` takes the first free chair; the last chair taken starts the match with ``seed``.
    ``None`` when the player already sits at the table."""
    joined = session.with_player(player, now)
    if joined is session:
        return None
    if joined.seats_open > 0:
        return Step(joined, None)
    return start(joined, engine, timeouts, now, seed)


def start(session: GameSession, engine: GameEngine, timeouts: Timeouts, now: float, seed: str) -> Step:
    """Deal the match of a full table (with the table's own turn time, when it chose one);
    its events follow those of the change that filled it."""
    version = session.version + 1
    if session.turn_seconds is not None:
        timeouts = replace(timeouts, turn=session.turn_seconds)
    outcome = engine.start(session.options, timeouts, now, match_rng(seed, version))
    begun = Event("match_started", {"seats": len(session.seats)})
    events = (*session.events, begun, *outcome.events)
    return Step(session.started(engine.dump(outcome.state), now, seed, events), outcome.state)


def leave(session: GameSession, user_id: str, now: float) -> Step | None:
    """A seated player leaves a table that has not started; ``None`` if not seated there."""
    seat = session.seat_of(user_id)
    if seat is None:
        return None
    if session.phase != "lobby":
        raise IllegalMove("the match has started: a seat can only be left before it starts")
    if user_id == session.creator_id:
        raise Forbidden("the table's creator keeps the first seat")
    return Step(session.without_player(seat, now), None)


def seat_bot(
    session: GameSession,
    user_id: str,
    make_bot: Callable[[int], Seat],
    now: float,
    engine: GameEngine,
    timeouts: Timeouts,
    seed: str,
) -> Step:
    """The creator seats a computer player (``make_bot(chair)``) in the first free chair."""
    _check_creators_lobby(session, user_id)
    if session.seats_open == 0:
        raise GameFull("every seat at this table is taken")
    step = seat_player(session, make_bot(session.seats.index(None)), now, engine, timeouts, seed)
    assert step is not None, "a new computer player is never seated already"
    return step


def unseat_bot(session: GameSession, user_id: str, seat: int, now: float) -> Step:
    """The creator removes the computer player of chair ``seat``."""
    _check_creators_lobby(session, user_id)
    chair = session.seats[seat] if 0 <= seat < len(session.seats) else None
    if chair is None or not chair.bot:
        raise InvalidAction("there is no computer player in that seat")
    return Step(session.without_player(seat, now), None)


def _check_creators_lobby(session: GameSession, user_id: str) -> None:
    if session.creator_id != user_id:
        raise Forbidden("only the table's creator seats or removes computer players")
    if session.phase != "lobby":
        raise IllegalMove("computer players join before the match starts")


# --- the match ------------------------------------------------------------------------------------


def act(
    session: GameSession, engine: GameEngine, state: Any, seat: int, action: Mapping[str, Any], now: float
) -> Step | None:
    """``seat`` does ``action``; ``None`` when it is accepted but changes nothing (a repeated ack)."""
    _check_playing(session)
    rng = match_rng(_seed_of(session), session.version + 1)
    outcome = engine.apply(state, seat, action, now, rng)
    if not outcome.changed:
        return None
    return _advanced(session, engine, outcome, now, seat=seat, action=action)


def fire(session: GameSession, engine: GameEngine, state: Any, token: str, now: float) -> Step | None:
    """The engine's deadline ``token`` fires; ``None`` when it is stale or the match is not on."""
    if session.phase != "playing" or state is None:
        return None
    rng = match_rng(_seed_of(session), session.version + 1)
    outcome = engine.fire(state, token, now, rng)
    if not outcome.changed:
        return None
    return _advanced(session, engine, outcome, now, token=token)


def computer_move(
    session: GameSession, engine: GameEngine, state: Any, seat: int, strategy: Strategy, now: float
) -> Step | None:
    """The computer player of ``seat`` decides from its own view, and its action is applied."""
    if session.phase != "playing" or state is None or seat not in engine.to_act(state):
        return None
    rng = match_rng(_seed_of(session), session.version + 1, "bot")
    action = strategy.decide(engine.view(state, seat), rng)
    return act(session, engine, state, seat, action, now)


def mark_recorded(session: GameSession, state: Any) -> Step | None:
    """The finished match's result is in the database; ``None`` when it was marked already."""
    if session.result_recorded:
        return None
    if session.phase != "finished":
        raise IllegalMove("only a finished match has a result to record")
    return Step(session.marked_recorded(), state)


def _check_playing(session: GameSession) -> None:
    if session.phase == "lobby" or session.state is None:
        raise GameNotStarted("the match has not started yet")
    if session.phase == "finished":
        raise GameOver("the match is over")


def _seed_of(session: GameSession) -> str:
    if session.seed is None:
        raise ValueError(f"game {session.id} has started without a seed")
    return session.seed


def _advanced(
    session: GameSession,
    engine: GameEngine,
    outcome: Outcome,
    now: float,
    *,
    seat: int | None = None,
    action: Mapping[str, Any] | None = None,
    token: str | None = None,
) -> Step:
    after = session.advanced(engine.dump(outcome.state), now, engine.is_over(outcome.state), outcome.events)
    return Step(after, outcome.state, seat, action, token)
