"""``Thinking`` doubles for the use cases that ask a searching computer player's move."""

from __future__ import annotations

from application.playing.live_games import LiveGames
from application.playing.thinking import InlineThinking, ThinkingUnavailable
from domain.bots.base import Action
from domain.bots.thinking import Question


class Recorded(InlineThinking):
    """Answers inline and keeps every question and answer."""

    def __init__(self, games: LiveGames) -> None:
        super().__init__(games.registry)
        self.answered: list[tuple[Question, Action]] = []

    async def answer(self, question: Question) -> Action:
        action = await super().answer(question)
        self.answered.append((question, action))
        return action


class Unreachable(InlineThinking):
    """Nothing can answer: every question gets ``ThinkingUnavailable``."""

    async def answer(self, question: Question) -> Action:
        raise ThinkingUnavailable("nobody thinks today")
