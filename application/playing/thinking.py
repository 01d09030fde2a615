"""Where a searching computer player works out its move: the ``Thinking`` port.

A searching level (``domain.bots.levels.SEARCHING``) spends up to about a second of CPU on a move; a
web worker's event loop never does. A level that remembers what its seat saw
(``GameVariant.remembering``) is asked here too, for the replay of the match's log it needs. Its
move is asked of a ``Thinking`` as a ``Question`` (``domain.bots.thinking``): the server wires a
process pool on the embedded default (``adapters.thinking.process_pool``). Whatever answers, the
action comes back to the one transition path keyed by the game and the version it was asked at
(``computer_players.thought_move``), so a late, repeated or stale answer changes nothing. If no
answer comes, the seat's turn deadline plays for a searching player, as it does for a person; a
remembering one decides from its view alone (``computer_players.next_move``)."""

from __future__ import annotations

from typing import Protocol

from domain.bots.base import Action
from domain.bots.thinking import Question, answer
from domain.registry import EngineRegistry


class ThinkingUnavailable(Exception):
    """Nothing can answer a question now (the pool is gone or broken, the service unreachable):
    the seat's turn deadline will play for it."""


class Thinking(Protocol):
    """Answers computer players' questions away from the caller's event loop.

    ``answer`` returns what ``domain.bots.thinking.answer`` returns for the question with the
    installed game packages' strategy of its game type and level — the same action every time for
    the same question; it raises ``domain.bots.thinking.StaleQuestion`` when the question's log does
    not reach its version, and ``ThinkingUnavailable`` when nothing can answer now. It never blocks
    the caller's event loop for longer than handing the question over. ``close`` stops whatever
    answers (questions under way are abandoned: their deadlines come back)."""

    async def answer(self, question: Question) -> Action: ...

    async def close(self) -> None: ...


class InlineThinking:
    """Answers where it is asked, on the caller's loop: for tests and tools only (a server wires a
    process pool)."""

    def __init__(self, registry: EngineRegistry) -> None:
        self.registry = registry

    async def answer(self, question: Question) -> Action:
        engine = self.registry.get(question.game_type)
        return answer(engine, self.registry.computer_player(question.game_type, question.level), question)

    async def close(self) -> None:
        return None
