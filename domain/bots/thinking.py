"""A computer player's move worked out from its match's log alone, wherever that runs.

A searching computer player (``domain.bots.levels.SEARCHING``) costs far more CPU than a web worker
may spend on its event loop, and a remembering one (``GameVariant.remembering``) needs the events
its seat saw, which only a replay of the match's log gives, so its decision is asked as a
``Question``: everything needed to work it out again from nothing — the match's engine type and
options, its seed and its log up to the version the question is about (``domain.match_log``), the
seat and its level. ``answer`` replays the log (``domain.match_replay``), gives the strategy the
seat's own view and the events that seat saw (``domain.bots.base.Seen``), and returns the action it
chooses, drawing its randomness from the seed and the version, so the same question always gets the
same answer.

The question carries the whole log (hidden cards and all): it never leaves the server's side — a
process pool or the ``computer-players`` process — and the strategy sees only its seat's part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.bots.base import Action, Seen, Strategy
from domain.engine import JSON, GameEngine
from domain.events import visible_events
from domain.match_log import Logged
from domain.match_replay import replay
from domain.seeding import match_rng


class StaleQuestion(Exception):
    """The log does not end at the question's version: the match moved on, or the log is short."""


@dataclass(frozen=True, slots=True)
class Question:
    """What a computer player is asked: its move in game ``game_id`` at ``version``."""

    game_id: str
    game_type: str
    level: str
    seat: int
    version: int
    options: Mapping[str, Any]
    seed: str
    log: tuple[Logged, ...]

    def dump(self) -> JSON:
        """As JSON, for a process that answers it elsewhere (``load`` reads it back)."""
        return {
            "game_id": self.game_id,
            "game_type": self.game_type,
            "level": self.level,
            "seat": self.seat,
            "version": self.version,
            "options": dict(self.options),
            "seed": self.seed,
            "log": [logged.dump() for logged in self.log],
        }

    @staticmethod
    def load(data: Mapping[str, Any]) -> Question:
        """What ``dump`` wrote; ``ValueError`` (or ``KeyError``) for anything else."""
        return Question(
            game_id=str(data["game_id"]),
            game_type=str(data["game_type"]),
            level=str(data["level"]),
            seat=int(data["seat"]),
            version=int(data["version"]),
            options=dict(data["options"]),
            seed=str(data["seed"]),
            log=tuple(Logged.load(entry) for entry in data["log"]),
        )


def information_set(engine: GameEngine, question: Question) -> tuple[JSON, Seen]:
    """The seat's view at the question's version and every event it saw before, from the log."""
    seen: list[JSON] = []
    state: Any = None
    version = 0
    for step in replay(engine, question.options, question.seed, question.log):
        seen.extend(visible_events(step.events, question.seat))
        state, version = step.state, step.logged.version
    if state is None or version != question.version:
        raise StaleQuestion(
            f"the log of game {question.game_id} ends at version {version}, not {question.version}"
        )
    return engine.view(state, question.seat), tuple(seen)


def answer(engine: GameEngine, strategy: Strategy, question: Question) -> Action:
    """The action ``strategy`` chooses for the question's seat; the same for the same question."""
    view, seen = information_set(engine, question)
    rng = match_rng(question.seed, question.version + 1, "bot")
    return strategy.decide(view, rng, seen)
