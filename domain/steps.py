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
from domain.commitment import MatchSecret
from domain.engine import Event, GameEngine, Outcome, Timeouts
from domain.errors import (
    Forbidden,
    GameFull,
    GameNotStarted,
    GameOver,
    IllegalMove,
    InvalidAction,
    NotYourTurn,
    SuggestionsUnavailable,
    TavoloError,
)
from domain.live_game import LiveGame, Phase, RatingChange, Seat
from domain.match_log import Logged
from domain.seeding import match_rng


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted change: the next envelope and its engine state (``None`` in the lobby).

    ``seat`` and ``action`` name the action that made it, when an action did (a
    player's, or a computer player's choice); ``token`` the deadline that fired;
    ``logged`` is what the match's log keeps of it (``domain.match_log``), for the
    changes of a match that belong there; ``started``: this change started the match (only
    ``start`` sets it), which the commit carries on (``Commits.commit``)."""

    session: LiveGame
    state: Any
    seat: int | None = None
    action: Mapping[str, Any] | None = None
    token: str | None = None
    logged: Logged | None = None
    started: bool = False


# --- the lobby ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table as its creator (or the platform: a quick match, a rematch) sets it up; ``seats``
    holds who sits down at once (at least the creator), ``None`` for a free chair."""

    id: str
    game_type: str
    join_code: str
    options: Mapping[str, Any]
    seats: tuple[Seat | None, ...]
    creator_id: str
    public: bool = False
    rated: bool = True
    turn_seconds: float | None = None
    arena: str | None = None
    berserk: tuple[int, ...] = ()


def open_table(
    table: NewTable, now: float, engine: GameEngine, timeouts: Timeouts, secret: MatchSecret
) -> Step:
    """A new table with its first players seated (one ``seated`` event each); a table opened
    full starts its match at once with ``secret``."""
    if len(table.seats) != engine.seats:
        raise InvalidAction(f"{engine.name} is played by {engine.seats}")
    seated = tuple(
        Event("seated", {"name": seat.name, "bot": seat.bot}, seat=chair)
        for chair, seat in enumerate(table.seats)
        if seat is not None
    )
    session = LiveGame(
        id=table.id,
        game_type=table.game_type,
        join_code=table.join_code,
        options=table.options,
        seats=table.seats,
        creator_id=table.creator_id,
        created_at=now,
        updated_at=now,
        events=seated,
        public=table.public,
        rated=table.rated,
        turn_seconds=table.turn_seconds,
        arena=table.arena,
        berserk=table.berserk,
    )
    if session.seats_open > 0:
        return Step(session, None)
    return start(session, engine, timeouts, now, secret)


def rotated(seats: tuple[Seat | None, ...]) -> tuple[Seat | None, ...]:
    """Everyone moves one chair on (the last to the first): partners stay opposite, and the
    deal and the lead pass to the next player."""
    return (seats[-1], *seats[:-1])


def seat_player(
    session: LiveGame,
    player: Seat,
    now: float,
    engine: GameEngine,
    timeouts: Timeouts,
    secret: MatchSecret,
    chair: int | None = None,
) -> Step | None:
    """``player`` takes ``chair`` (``None``: the first free one); the last chair taken starts
    the match with ``secret``. ``None`` when the player already sits at the table. A person who
    sits down at a table nobody runs (everyone left it) runs it from then on."""
    joined = session.with_player(player, now, chair)
    if joined is session:
        return None
    if not player.bot and not session.humans:
        joined = replace(joined, creator_id=player.user_id)
    if joined.seats_open > 0:
        return Step(joined, None)
    return start(joined, engine, timeouts, now, secret)


def start(session: LiveGame, engine: GameEngine, timeouts: Timeouts, now: float, secret: MatchSecret) -> Step:
    """Deal the match of a full table (with the table's own turn time, when it chose one) from
    ``secret``'s seed; its events follow those of the change that filled it, and the match
    shows the secret's commitment from now on."""
    version = session.version + 1
    if session.turn_seconds is not None:
        timeouts = replace(timeouts, turn=session.turn_seconds)
    outcome = engine.start(session.options, timeouts, now, match_rng(secret.seed, version))
    begun = Event("match_started", {"seats": len(session.seats)})
    events = (*session.events, begun, *outcome.events)
    started = session.started(engine.dump(outcome.state), now, secret, events)
    return Step(started, outcome.state, logged=Logged.start(version, now, timeouts), started=True)


def leave(
    session: LiveGame, user_id: str, state: Any, make_bot: Callable[[int], Seat], now: float
) -> Step | None:
    """A seated player leaves; ``None`` if not seated there, or once the match is over.

    Before the match the seat frees; a creator who leaves hands the table to the next person
    at it, and when nobody is left the computer players leave too. During the match a computer
    player (``make_bot(chair)``) takes the seat over, so the match goes on (a table with a
    computer player never counts for ratings)."""
    seat = session.seat_of(user_id)
    if seat is None or session.phase == Phase.FINISHED:
        return None
    if session.phase == Phase.PLAYING and session.arena is not None:
        raise Forbidden(
            "an arena game is played to its end (no computer player sits in an arena): your turns run"
            " out if you go; pause the arena to stop after this game"
        )
    if session.phase == Phase.PLAYING:
        bot, leaving = make_bot(seat), session.seats[seat]
        assert leaving is not None, "a seated player's chair is taken"
        handed = session.with_seat_replaced(seat, bot, now)
        logged = Logged.handed_over(handed.version, now, seat, bot.name, (leaving.user_id, leaving.name))
        return Step(handed, state, logged=logged)
    if user_id != session.creator_id:
        return Step(session.without_players((seat,), now), None)
    others = [chair for chair in session.humans if chair != seat]
    if others:
        heir = session.seats[others[0]]
        assert heir is not None
        return Step(session.without_players((seat,), now, heir.user_id), None)
    everyone = tuple(chair for chair, taken in enumerate(session.seats) if taken is not None)
    return Step(session.without_players(everyone, now, creator_id=""), None)


def seat_bot(
    session: LiveGame,
    user_id: str,
    make_bot: Callable[[int], Seat],
    now: float,
    engine: GameEngine,
    timeouts: Timeouts,
    secret: MatchSecret,
    chair: int | None = None,
) -> Step:
    """The creator seats a computer player (``make_bot(chair)``) in ``chair`` (``None``: the
    first free one)."""
    _check_creators_lobby(session, user_id)
    if session.seats_open == 0:
        raise GameFull("every seat at this table is taken")
    if chair is None:
        chair = session.seats.index(None)
    step = seat_player(session, make_bot(chair), now, engine, timeouts, secret, chair)
    assert step is not None, "a new computer player is never seated already"
    return step


def unseat_bot(session: LiveGame, user_id: str, seat: int, now: float) -> Step:
    """The creator removes the computer player of chair ``seat``."""
    _check_creators_lobby(session, user_id)
    chair = session.seats[seat] if 0 <= seat < len(session.seats) else None
    if chair is None or not chair.bot:
        raise InvalidAction("there is no computer player in that seat")
    return Step(session.without_players((seat,), now), None)


def _check_creators_lobby(session: LiveGame, user_id: str) -> None:
    if session.creator_id != user_id:
        raise Forbidden("only the table's creator seats or removes computer players")
    if session.phase != Phase.LOBBY:
        raise IllegalMove("computer players join before the match starts")


# --- the match ------------------------------------------------------------------------------------


def act(
    session: LiveGame, engine: GameEngine, state: Any, seat: int, action: Mapping[str, Any], now: float
) -> Step | None:
    """``seat`` does ``action``; ``None`` when it is accepted but changes nothing (a repeated ack)."""
    _check_playing(session)
    rng = match_rng(_seed_of(session), session.version + 1)
    outcome = engine.apply(state, seat, action, now, rng)
    if not outcome.changed:
        return None
    return _advanced(session, engine, outcome, now, seat=seat, action=action)


def fire(session: LiveGame, engine: GameEngine, state: Any, token: str, now: float) -> Step | None:
    """The engine's deadline ``token`` fires; ``None`` when it is stale or the match is not on."""
    if session.phase != Phase.PLAYING or state is None:
        return None
    rng = match_rng(_seed_of(session), session.version + 1)
    outcome = engine.fire(state, token, now, rng)
    if not outcome.changed:
        return None
    return _advanced(session, engine, outcome, now, token=token)


def redo(session: LiveGame, engine: GameEngine, state: Any, logged: Logged) -> Step | None:
    """The step ``logged`` records, taken again from ``session``, the version just before it:
    the envelope and state its committer wrote, equal to the last byte, for a match is a function
    of its seed and its changes. Only a seat's action and a deadline's firing are taken again
    (the changes ``_advanced`` makes); ``None`` for any other change, for a ``session`` that is not
    the version before, or one the change does not apply to."""
    if logged.version != session.version + 1 or session.seed is None or session.phase != Phase.PLAYING:
        return None
    try:
        if logged.kind == "action" and logged.seat is not None and logged.action is not None:
            return act(session, engine, state, logged.seat, logged.action, logged.time)
        if logged.kind == "deadline" and logged.token is not None:
            return fire(session, engine, state, logged.token, logged.time)
    except TavoloError:
        return None
    return None


def computer_move(
    session: LiveGame, engine: GameEngine, state: Any, seat: int, strategy: Strategy, now: float
) -> Step | None:
    """The computer player of ``seat`` decides from its own view, and its action is applied."""
    if session.phase != Phase.PLAYING or state is None or seat not in engine.to_act(state):
        return None
    rng = match_rng(_seed_of(session), session.version + 1, "bot")
    action = strategy.decide(engine.view(state, seat), rng)
    return act(session, engine, state, seat, action, now)


def check_suggestion(session: LiveGame, engine: GameEngine, state: Any, seat: int) -> None:
    """Refuse to show ``seat``'s player a suggested move unless the match is on, the table offers
    suggestions (``LiveGame.offers_suggestions``) and it is that seat's turn."""
    _check_playing(session)
    if not session.offers_suggestions:
        raise SuggestionsUnavailable("suggestions are offered only in casual games against the computer")
    if engine.turn(state) != seat:
        raise NotYourTurn("a suggestion is offered on your turn only")


def suggest(session: LiveGame, engine: GameEngine, state: Any, seat: int, now: float) -> Step | None:
    """``seat``'s player was shown what the computer would play in their place: a change of the
    table, not of the cards (a new version with a public ``suggested`` event, and a ``suggestion``
    entry in the match's log), so every seat, the match's record and its replay see it. ``None``
    when that seat was the last one shown a suggestion, and nobody moved since."""
    check_suggestion(session, engine, state, seat)
    if any(event.kind == "suggested" and event.seat == seat for event in session.events):
        return None
    marked = session.with_suggestion(seat, now)
    return Step(marked, state, logged=Logged.suggested(marked.version, now, seat))


def mark_recorded(session: LiveGame, state: Any, ratings: tuple[RatingChange, ...] = ()) -> Step | None:
    """The finished match's result is in the database (``ratings``: how a rated one moved each
    seat's rating); ``None`` when it was marked already."""
    if session.result_recorded:
        return None
    if session.phase != Phase.FINISHED:
        raise IllegalMove("only a finished match has a result to record")
    return Step(session.marked_recorded(ratings), state)


def ask_rematch(session: LiveGame, user_id: str, next_game: str, now: float) -> Step | None:
    """A player of a finished match asks for a rematch; once every person at the table has
    (computer players always agree), the rematch is ``next_game``. ``None`` when asked already."""
    if session.phase != Phase.FINISHED:
        raise IllegalMove("a rematch is asked for once the match is over")
    if session.arena is not None:
        raise Forbidden("an arena game has no rematch: the arena pairs its players again")
    seat = session.seat_of(user_id)
    if seat is None:
        raise Forbidden("only the players of the match can ask for a rematch")
    if seat in session.rematch_seats:
        return None
    everyone = set(session.humans) <= {*session.rematch_seats, seat}
    return Step(session.with_rematch_asked(seat, next_game if everyone else None, now), None)


def _check_playing(session: LiveGame) -> None:
    if session.phase == Phase.LOBBY or session.state is None:
        raise GameNotStarted("the match has not started yet")
    if session.phase == Phase.FINISHED:
        raise GameOver("the match is over")


def _seed_of(session: LiveGame) -> str:
    if session.seed is None:
        raise ValueError(f"game {session.id} has started without a seed")
    return session.seed


def _advanced(
    session: LiveGame,
    engine: GameEngine,
    outcome: Outcome,
    now: float,
    *,
    seat: int | None = None,
    action: Mapping[str, Any] | None = None,
    token: str | None = None,
) -> Step:
    after = session.advanced(engine.dump(outcome.state), now, engine.is_over(outcome.state), outcome.events)
    if token is not None:
        logged = Logged.fired(after.version, now, token)
    else:
        assert seat is not None and action is not None, "a change of the match is an action or a deadline"
        logged = Logged.acted(after.version, now, seat, action)
    return Step(after, outcome.state, seat, action, token, logged)
