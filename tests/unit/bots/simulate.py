"""Playing whole matches bot against bot, straight on an engine (no server)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.bots import Level, Strategy
from domain.engine import GameEngine, MatchResult, Timeouts
from entrypoints.game_packages import installed_registry

NOW = 1_000.0
TIMEOUTS = Timeouts()
MAX_STEPS = 20_000

REGISTRY = installed_registry()


def strategy_for(game_type: str, level: str) -> Strategy:
    """The computer player the installed game packages give ``game_type`` at ``level``."""
    return REGISTRY.computer_player(game_type, level)


def engine_for(game_type: str) -> GameEngine:
    return REGISTRY.get(game_type)


def play_match(
    engine: GameEngine,
    strategies: Sequence[Strategy],
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> MatchResult:
    """Play one match to the end: whoever must act decides from its own view."""
    game_rng = random.Random(seed)
    bot_rng = random.Random(seed * 7919 + 1)
    state = engine.start(options or {}, TIMEOUTS, NOW, game_rng).state
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            break
        waiting = engine.to_act(state)
        assert waiting, "nobody can act but the match is not over"
        seat = waiting[0]
        view = engine.view(state, seat)
        action = strategies[seat].decide(view, bot_rng)
        assert action in view["legal_moves"], "a bot sends one of its legal moves as it is"
        state = engine.apply(state, seat, action, NOW, game_rng).state
    else:
        raise AssertionError("the match did not end")
    result = engine.result(state)
    assert result is not None
    return result


@dataclass
class Tally:
    """Seat-level wins of each bot level over a series of matches."""

    seats: dict[str, int]
    wins: dict[str, int]
    matches: int = 0
    normal_side_wins: int = 0

    @staticmethod
    def empty() -> Tally:
        return Tally(seats={"easy": 0, "normal": 0}, wins={"easy": 0, "normal": 0})

    def rate(self, level: str) -> float:
        return self.wins[level] / self.seats[level] if self.seats[level] else 0.0

    @property
    def normal_share(self) -> float:
        """The normal seats' win rate over the sum of both levels' win rates."""
        total = self.rate("normal") + self.rate("easy")
        return self.rate("normal") / total if total else 0.0


def record(tally: Tally, result: MatchResult, levels: Sequence[Level]) -> None:
    winners = set(result.sides[result.winner]) if result.winner is not None else set()
    tally.matches += 1
    for seat, level in enumerate(levels):
        tally.seats[level] += 1
        tally.wins[level] += seat in winners
    normal = {seat for seat, level in enumerate(levels) if level == "normal"}
    if normal and normal <= winners:
        tally.normal_side_wins += 1


def strategies(game_type: str, levels: Sequence[Level]) -> list[Strategy]:
    return [strategy_for(game_type, level) for level in levels]
