"""Every game the platform hosts, one package per family."""

from __future__ import annotations

from domain.games.fishing import FISHING_ENGINES
from domain.games.tricks import TRICK_ENGINES
from domain.registry import EngineRegistry


def default_registry() -> EngineRegistry:
    return EngineRegistry((*FISHING_ENGINES, *TRICK_ENGINES))
