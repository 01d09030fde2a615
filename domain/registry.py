"""The engines the platform can host, by game type."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from domain.engine import GameEngine
from domain.errors import InvalidOptions


class EngineRegistry:
    def __init__(self, engines: Iterable[GameEngine]) -> None:
        self._engines: dict[str, GameEngine] = {}
        for engine in engines:
            if engine.game_type in self._engines:
                raise ValueError(f"game type registered twice: {engine.game_type}")
            self._engines[engine.game_type] = engine

    def get(self, game_type: str) -> GameEngine:
        try:
            return self._engines[game_type]
        except KeyError:
            raise InvalidOptions(f"unknown game type: {game_type!r}") from None

    def __iter__(self) -> Iterator[GameEngine]:
        return iter(self._engines.values())

    def __contains__(self, game_type: object) -> bool:
        return game_type in self._engines
