"""Playing whole matches bot against bot, straight on an engine (no server)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.bots import Level, Strategy, strategy_for
from domain.engine import GameEngine, MatchResult, Timeouts
from domain.games import default_registry

NOW = 1_000.0
TIMEOUTS = Timeouts()
MAX_STEPS = 20_000

REGISTRY = default_registry()


def engine_for(game_type: str) -> GameEngine:
    return REGISTRY.get(game_type)


def acting_seat(engine: GameEngine, state: Any) -> int | None:
    """The seat on turn, else the first seat that still has to acknowledge a hand summary."""
    turn = engine.turn(state)
    if turn is not None:
        return turn
    for seat in range(engine.seats):
        view = engine.view(state, seat)
        if view.get("phase") == "hand_end" and seat not in view.get("acknowledged", ()):
            return seat
    return None


def play_match(
    engine: GameEngine,
    strategies: Sequence[Strategy],
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> MatchResult:
    """Play one match to the end: whoever must act decides from its own view."""
    game_rng = random.Random(seed)
    bot_rng = random.Random(seed * 7919 + 1)
    state = engine.start(options or {}, TIMEOUTS, NOW, game_rng)
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            break
        seat = acting_seat(engine, state)
        assert seat is not None, "nobody can act but the match is not over"
        action = strategies[seat].decide(engine.view(state, seat), bot_rng)
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
