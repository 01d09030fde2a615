"""The ``computer-players`` service: answers searching computer players' questions taken from the
shared ``ThinkingRequests``, and submits each answer through the one transition path.

A web worker whose computer player's deadline fired only hands over the game and the deadline's
token (``computer_players.next_move``). A process of this service takes one request at a time,
reads the game from the live store, works the move out (``LiveGames.thinker``: in this process,
which has nothing else to do) and commits it keyed by the version the question was asked at
(``computer_players.thought_move``): a repeated request, or an answer the game has moved past, is
refused by that version check and changes nothing. Only then is the request marked done, so a
process killed mid-decision leaves its request held; another process reclaims it once it has been
held ``reclaim_seconds``, and if no process answers in time the seat's turn deadline plays for it,
as it does for a person.
"""

from __future__ import annotations

import asyncio
import logging

from application.playing.computer_players import question_at, thought_move
from application.playing.live_games import LiveGames
from application.playing.thinking_requests import TakenRequest, ThinkingRequest, ThinkingRequests
from application.playing.transition import transition
from application.ports import StorageUnavailable
from domain.bots.thinking import StaleQuestion
from domain.errors import TavoloError

log = logging.getLogger(__name__)

RETRY_SECONDS = 1.0
"""How long the service waits before trying again when a storage is out of reach."""


async def answer_request(games: LiveGames, request: ThinkingRequest) -> bool:
    """Work out and submit the move a request asks for; whether it changed the game (``False``:
    the game had moved on, or the answer came too late)."""
    question = await question_at(games, request.game_id, request.token)
    if question is None:
        log.debug("request %s of game %s is stale", request.token, request.game_id)
        return False
    try:
        action = await games.thinker().answer(question)
    except StaleQuestion:
        return False
    committed = await transition(games, request.game_id, thought_move(games, question, action))
    if committed.step is None:
        log.info("the answer for game %s at version %d came too late", request.game_id, question.version)
        return False
    log.debug("the computer player of game %s moved at version %d", request.game_id, question.version)
    return True


class ThinkingService:
    """One consumer of the requests: ``consumer`` names it in the group (unique per process)."""

    def __init__(
        self,
        games: LiveGames,
        requests: ThinkingRequests,
        consumer: str,
        reclaim_seconds: float,
        wait_seconds: float = 1.0,
    ) -> None:
        self.games = games
        self.requests = requests
        self.consumer = consumer
        self.reclaim_seconds = reclaim_seconds
        self.wait_seconds = wait_seconds

    async def run(self, stopping: asyncio.Event) -> None:
        """Answer requests until ``stopping`` is set (the request under way is finished first)."""
        log.info("computer players' consumer %s started", self.consumer)
        while not stopping.is_set():
            try:
                await self.serve_once()
            except StorageUnavailable as error:
                log.warning("computer players' consumer %s waits for storage: %s", self.consumer, error)
                await asyncio.sleep(RETRY_SECONDS)
        log.info("computer players' consumer %s stopped", self.consumer)

    async def serve_once(self) -> int:
        """Answer one request, if one comes within the wait: one held too long by another first.
        Returns how many were answered (0 or 1)."""
        taken = await self.requests.reclaim(self.consumer, self.reclaim_seconds, 1)
        for request in taken:
            log.info("%s took over the request of game %s", self.consumer, request.request.game_id)
        if not taken:
            taken = await self.requests.take(self.consumer, 1, self.wait_seconds)
        for request in taken:
            await self._answer(request)
        return len(taken)

    async def _answer(self, taken: TakenRequest) -> None:
        try:
            await answer_request(self.games, taken.request)
        except StorageUnavailable:
            raise  # held, not done: it is answered once the storage is back, here or elsewhere
        except TavoloError as error:  # the game refused the move: nothing a retry would change
            log.error("the answer for game %s was refused: %s", taken.request.game_id, error)
        except Exception:  # a strategy's bug must not stop the service, nor come back forever
            log.exception("the request of game %s could not be answered", taken.request.game_id)
        await self.requests.done(taken)
