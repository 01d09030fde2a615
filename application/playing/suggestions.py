"""A suggestion: what the ``hard`` computer player would play in a person's seat, from that seat's
own view, on their turn, in a casual game against the computer.

The person asks (``suggest``); the question is the one a ``hard`` computer player in that seat
would be asked (``computer_players.question_for``): the seat's own view and what it saw happen, never
another hand. It is answered away from the event loop (``Thinking``), like a searching computer
player's move, and only then is the suggestion marked through the one transition path
(``domain.steps.suggest``: a new version with a public ``suggested`` event and a ``suggestion``
entry in the match's log), so everyone at the table, the match's record and its replay see that
the seat's next move was suggested. The action itself goes back to the asker alone: it plays
nothing, and the player still makes their own move.

Refused at a table without a computer player, rated or casual (``suggestions_unavailable``), and
off the seat's turn (``not_your_turn``); an answer worked out for a version the game has moved past
is ``stale``, and with nothing to work it out ``unavailable`` (nothing was marked in either case).
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any

from application.playing.computer_players import question_for
from application.playing.live_games import LiveGames
from application.playing.thinking import ThinkingUnavailable
from application.playing.transition import Change, transition
from domain import steps
from domain.bots.base import Action
from domain.bots.levels import Level
from domain.bots.thinking import Question, StaleQuestion
from domain.errors import Forbidden, NotFound, Stale, Unavailable
from domain.live_game import LiveGame

log = logging.getLogger(__name__)

SUGGESTING_LEVEL: Level = "hard"
"""The computer player whose move a suggestion shows."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The move suggested (one of the seat's legal moves, as it would be sent) and the game's
    version once the suggestion was marked: it holds until the next change after that."""

    version: int
    action: Action


async def suggest(games: LiveGames, user_id: str | None, game_id: str) -> Suggestion:
    """What the ``hard`` computer player would play in the caller's seat now; marked for all."""
    session = await games.store.get(game_id)
    if session is None:
        raise NotFound("no such game")
    seat = session.seat_of(user_id)
    if seat is None:
        raise Forbidden("only a player seated at the table may ask for a suggestion")
    engine = games.registry.get(session.game_type)
    state = games.live.state_of(session, engine)
    steps.check_suggestion(session, engine, state, seat)
    question = await _question(games, session, seat)
    try:
        action = await games.thinker().answer(question)
    except StaleQuestion as error:
        log.info("no suggestion in game %s: %s", game_id, error)
        raise Stale("the game moved on while the suggestion was worked out; ask again") from None
    except ThinkingUnavailable as error:
        log.warning("no suggestion in game %s: %s", game_id, error)
        raise Unavailable("no suggestion can be worked out right now; try again shortly") from None
    committed = await transition(games, game_id, _marking(games, seat, session.version))
    assert committed.session is not None, "a game that was just asked about exists"
    return Suggestion(committed.session.version, action)


async def _question(games: LiveGames, session: LiveGame, seat: int) -> Question:
    """The ``hard`` computer player's question for a person's ``seat``, as of the seat's last change
    of the cards: a suggestion asked again before anyone moves is the same question, so it gets the
    same answer (a computer player's randomness comes from the version it is asked at)."""
    question = await question_for(games, session, seat, SUGGESTING_LEVEL)
    log_so_far = question.log
    while log_so_far and log_so_far[-1].kind == "suggestion":
        log_so_far = log_so_far[:-1]
    if not log_so_far or log_so_far == question.log:
        return question
    return dataclasses.replace(question, version=log_so_far[-1].version, log=log_so_far)


def _marking(games: LiveGames, seat: int, version: int) -> Change:
    """Mark that ``seat`` was shown a suggestion, if the game is still at the ``version`` it was
    worked out for (``Stale`` otherwise: the suggestion may no longer hold)."""

    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
        if session is None:
            raise NotFound("no such game")
        if session.version != version:
            raise Stale("the game moved on while the suggestion was worked out; ask again")
        return steps.suggest(session, games.registry.get(session.game_type), state, seat, now)

    return change
