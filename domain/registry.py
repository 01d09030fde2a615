"""The games this server hosts: every game type of the enabled game packages, with its engine,
its computer players (the searching ones on the server's search budget) and the package it comes
from."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from domain.bots.base import Strategy
from domain.bots.levels import LEVELS, SEARCHING
from domain.bots.search import Budget, on_budget
from domain.engine import GameEngine
from domain.errors import InvalidAction, InvalidOptions
from domain.game_package import GamePackage, GamePackageError, GameVariant


class EngineRegistry:
    """Game types by name, in the order their packages were given (the first is the default a
    request falls back to when it names none). ``budget``: how much a searching computer player may
    search per decision (its package's own when None)."""

    def __init__(self, packages: Iterable[GamePackage], budget: Budget | None = None) -> None:
        self.budget = budget
        self._packages: dict[str, GamePackage] = {}
        self._variants: dict[str, tuple[GamePackage, GameVariant]] = {}
        for package in packages:
            if package.name in self._packages:
                raise GamePackageError(f"game package {package.name!r} is installed twice")
            self._packages[package.name] = package
            for variant in package.variants:
                if variant.game_type in self._variants:
                    other = self._variants[variant.game_type][0].name
                    raise GamePackageError(
                        f"game package {package.name!r} declares game type {variant.game_type!r}, "
                        f"which package {other!r} declares too"
                    )
                self._variants[variant.game_type] = (package, variant)
        if not self._variants:
            raise GamePackageError("no game package is enabled: the server would host no game")

    def get(self, game_type: str) -> GameEngine:
        return self.variant(game_type).engine

    def variant(self, game_type: str) -> GameVariant:
        return self._found(game_type)[1]

    def package_of(self, game_type: str) -> GamePackage:
        return self._found(game_type)[0]

    def computer_player(self, game_type: str, level: str) -> Strategy:
        """The strategy that plays ``game_type`` at ``level``: every package has one per level
        (``check_package``), so only an unknown level is refused."""
        players = self.variant(game_type).computer_players
        if level not in players:
            raise InvalidAction(f"a computer player's level is one of: {', '.join(LEVELS)}")
        return players[level] if self.budget is None else on_budget(players[level], self.budget)

    def thinks_away(self, game_type: str, level: str) -> bool:
        """Whether the computer player of ``game_type`` at ``level`` is asked for its move away
        from the transition, from the match's log (``domain.bots.thinking``): a searching level
        (``SEARCHING``), or one that remembers what its seat saw (``GameVariant.remembering``). The
        others decide inside the transition, from the seat's view alone."""
        return level in SEARCHING or level in self.variant(game_type).remembering

    @property
    def default_game_type(self) -> str:
        return next(iter(self._variants))

    @property
    def game_types(self) -> tuple[str, ...]:
        return tuple(self._variants)

    @property
    def packages(self) -> tuple[GamePackage, ...]:
        return tuple(self._packages.values())

    def _found(self, game_type: str) -> tuple[GamePackage, GameVariant]:
        try:
            return self._variants[game_type]
        except (KeyError, TypeError):
            raise InvalidOptions(f"unknown game type: {game_type!r}") from None

    def __iter__(self) -> Iterator[GameEngine]:
        return iter(variant.engine for _, variant in self._variants.values())

    def __contains__(self, game_type: object) -> bool:
        return game_type in self._variants
