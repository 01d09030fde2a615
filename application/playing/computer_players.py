"""Computer players: seated in a lobby by the table's creator (or at a table opened against
the computer, or in a seat a player handed over), moved by deadlines.

A computer player's move is a short deadline (``bot:<version>``, see
``schedule``) scheduled whenever one must act — its turn, or a hand summary
to dismiss — so they play with every human disconnected and on any worker.
The strategy sees only its own seat's view (and what that seat saw happen),
exactly what a person in that chair would see. A cheap level decides inside
the transition, from the view; a searching one (``domain.bots.levels.SEARCHING``),
or one that remembers what its seat saw (``GameVariant.remembering``), is asked
first, away from the event loop (``thinking``), from the match's log, and its
answer then goes through the transition keyed by the version it was asked at.
If nothing can answer, a remembering level decides from the view alone, in the
transition; a searching one leaves the seat to its turn deadline. Each level and
chair is one account (``bot:<level>:<seat>``), so a table of computer
players never repeats a player.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from application.identity.caller import Identity
from application.playing.live_games import LiveGames
from application.playing.schedule import bot_token, computer_to_act
from application.playing.thinking import ThinkingUnavailable
from application.playing.thinking_requests import ThinkingRequest
from application.playing.transition import Change, new_secret, transition
from domain import steps
from domain.bots.base import Action
from domain.bots.levels import LEVELS, Level
from domain.bots.thinking import Question, StaleQuestion
from domain.errors import Conflict, InvalidAction, NotFound
from domain.live_game import LiveGame, Seat

log = logging.getLogger(__name__)

BOT_PREFIX = "bot:"


def bot_user_id(level: str, seat: int) -> str:
    return f"{BOT_PREFIX}{level}:{seat}"


def bot_level(user_id: str) -> Level:
    level = user_id.split(":")[1]
    for known in LEVELS:
        if level == known:
            return known
    raise ValueError(f"not a bot account: {user_id!r}")


def is_bot(user_id: str) -> bool:
    return user_id.startswith(BOT_PREFIX)


def check_level(level: object) -> Level:
    for known in LEVELS:
        if level == known:
            return known
    raise InvalidAction(f"a bot level is one of: {', '.join(LEVELS)}")


def computer_player(level: Level) -> Callable[[int], Seat]:
    """The computer player of ``level`` for a chair. Its name, "Computer <chair + 1>", reads
    the same in Italian and English; clients show its level beside it."""
    return lambda seat: Seat(bot_user_id(level, seat), f"Computer {seat + 1}", bot=True)


async def add_bot(
    games: LiveGames, user: Identity, game_id: str, raw_level: object, chair: int | None = None
) -> LiveGame:
    """The creator seats a computer player in ``chair`` (``None``: the first free one); the
    last chair taken starts the match."""
    level = check_level(raw_level)
    secret = new_secret()

    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step:
        found = _existing(session)
        if chair is not None and not 0 <= chair < len(found.seats):  # a seat other tables have
            raise Conflict(f"this table has seats 0 to {len(found.seats) - 1}")
        engine = games.registry.get(found.game_type)
        make = computer_player(level)
        return steps.seat_bot(found, user.user_id, make, now, engine, games.timeouts, secret, chair)

    committed = await transition(games, game_id, change)
    log.info("a %s computer player joins game %s", level, game_id)
    return _existing(committed.session)


async def remove_bot(games: LiveGames, user: Identity, game_id: str, seat: int) -> LiveGame:
    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step:
        existing = _existing(session)
        chair = existing.seats[seat] if 0 <= seat < len(existing.seats) else None
        if chair is None or not chair.bot:  # no such computer player: nothing to remove
            raise NotFound("there is no computer player in that seat")
        return steps.unseat_bot(existing, user.user_id, seat, now)

    return _existing((await transition(games, game_id, change)).session)


def move(games: LiveGames, token: str) -> Change:
    """The step of the computer player whose deadline ``token`` fired (nothing, once stale)."""

    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
        if session is None or token != bot_token(session.version) or state is None:
            return None
        engine = games.registry.get(session.game_type)
        seat = computer_to_act(session, engine, state)
        chair = None if seat is None else session.seats[seat]
        if seat is None or chair is None:
            return None
        strategy = games.registry.computer_player(session.game_type, bot_level(chair.user_id))
        return steps.computer_move(session, engine, state, seat, strategy, now)

    return change


async def next_move(games: LiveGames, game_id: str, token: str) -> Change:
    """The change for the computer player whose deadline ``token`` fired: a cheap level's (decided
    in the transition, ``move``), or the answer of a level that thinks away
    (``EngineRegistry.thinks_away``), asked first away from the loop — or, with the
    ``computer-players`` service, nothing yet: the question is handed to the service, which submits
    its answer through the transition itself (``thinking_service``)."""
    turn = await _thinking_turn(games, game_id, token)
    if turn is None:
        return move(games, token)
    if games.thinking_requests is not None:
        await games.thinking_requests.ask(ThinkingRequest(game_id, token))
        log.debug("the computer player of game %s at version %d was asked", game_id, turn[0].version)
        return _nothing
    question = await question_for(games, *turn)
    try:
        action = await games.thinker().answer(question)
    except StaleQuestion as error:
        log.info("no move from the computer player of game %s: %s", game_id, error)
        return _nothing
    except ThinkingUnavailable as error:
        session, _, level = turn
        if level not in games.registry.variant(session.game_type).remembering:
            log.info("no move from the computer player of game %s: %s", game_id, error)
            return _nothing
        log.info("the computer player of game %s decides from its view alone: %s", game_id, error)
        return move(games, token)
    log.debug("the computer player of game %s at version %d answered", game_id, question.version)
    return thought_move(games, question, action)


def thought_move(games: LiveGames, question: Question, action: Action) -> Change:
    """The step of a searching computer player's ``action``, answered to ``question``: nothing once
    the game moved past the version it was asked at (a late or repeated answer changes nothing)."""

    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
        if session is None or state is None or session.version != question.version:
            return None
        engine = games.registry.get(session.game_type)
        if computer_to_act(session, engine, state) != question.seat:
            return None
        return steps.act(session, engine, state, question.seat, action, now)

    return change


async def question_at(games: LiveGames, game_id: str, token: str) -> Question | None:
    """The question for a computer player that thinks away on turn at ``token``'s version, else
    ``None`` (the game moved on, or the seat's level decides in the transition)."""
    turn = await _thinking_turn(games, game_id, token)
    return None if turn is None else await question_for(games, *turn)


async def _thinking_turn(games: LiveGames, game_id: str, token: str) -> tuple[LiveGame, int, Level] | None:
    """The game, seat and level of a computer player that thinks away
    (``EngineRegistry.thinks_away``), on turn at ``token``'s version."""
    session = games.live.session(game_id)
    if session is None or token != bot_token(session.version):
        session = await games.store.get(game_id)
    if (
        session is None
        or token != bot_token(session.version)
        or session.state is None
        or session.seed is None
    ):
        return None
    engine = games.registry.get(session.game_type)
    state = games.live.state_of(session, engine)
    seat = computer_to_act(session, engine, state)
    chair = None if seat is None else session.seats[seat]
    if seat is None or chair is None:
        return None
    level = bot_level(chair.user_id)
    return (session, seat, level) if games.registry.thinks_away(session.game_type, level) else None


async def question_for(games: LiveGames, session: LiveGame, seat: int, level: str) -> Question:
    """What the computer player of ``level`` would play in ``seat`` of the match ``session`` at its
    version, asked with the match's log as the store holds it now (a log that does not end at that
    version makes whoever answers raise ``StaleQuestion``). The seat may be a person's: the question
    is asked from that seat's own view all the same (``application.playing.suggestions``)."""
    if session.seed is None:
        raise ValueError(f"game {session.id} has no seed: its match has not started")
    log_so_far = await games.store.log(session.id)
    return Question(
        game_id=session.id,
        game_type=session.game_type,
        level=level,
        seat=seat,
        version=session.version,
        options=dict(session.options),
        seed=session.seed,
        log=tuple(log_so_far),
    )


def _nothing(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
    return None


def _existing(session: LiveGame | None) -> LiveGame:
    if session is None:
        raise NotFound("no such game")
    return session
