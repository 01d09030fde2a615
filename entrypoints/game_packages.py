"""Finding the game packages: every entry point of the group ``tavolo.games``, the built-in ones
exactly like any other, narrowed to the ``GAMES`` setting.

A package that fails to import, is not a ``GamePackage``, or is incomplete (a computer player
missing for a level, an event kind declared twice, a table module missing, words in one language
only …) stops the server at start-up with a ``GamePackageError`` naming the entry point and the
distribution it came from: never a silent fallback, never a failure later in a match.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from importlib.metadata import EntryPoint, entry_points

from domain.bots.search import Budget
from domain.game_package import GamePackage, GamePackageError, check_package
from domain.registry import EngineRegistry

log = logging.getLogger(__name__)

GROUP = "tavolo.games"


def _origin(entry: EntryPoint) -> str:
    dist = entry.dist
    source = f"{dist.name} {dist.version}" if dist is not None else "an unknown distribution"
    return f"game package {entry.name!r} ({entry.value}, from {source})"


def load_entry(entry: EntryPoint) -> GamePackage:
    """The package an entry point names, checked; ``GamePackageError`` naming it otherwise."""
    try:
        loaded = entry.load()
    except Exception as error:  # whatever the package's own import raises
        raise GamePackageError(f"{_origin(entry)} fails to load: {type(error).__name__}: {error}") from error
    try:
        package = check_package(loaded)
    except GamePackageError as error:
        raise GamePackageError(f"{_origin(entry)}: {error}") from None
    if package.name != entry.name:
        raise GamePackageError(
            f"{_origin(entry)} is named {package.name!r}: the entry point must be its name"
        )
    return package


def installed_entries() -> list[EntryPoint]:
    """The group's entry points, once each (an editable install can list a distribution twice)."""
    unique: dict[tuple[str, str], EntryPoint] = {}
    for entry in entry_points(group=GROUP):
        unique.setdefault((entry.name, entry.value), entry)
    return sorted(unique.values(), key=lambda entry: entry.name)


def load_packages(
    enabled: Sequence[str] = (), entries: Iterable[EntryPoint] | None = None
) -> list[GamePackage]:
    """The installed packages, or the ``enabled`` ones in that order; a name that is not installed
    is an error too."""
    found = {entry.name: entry for entry in (installed_entries() if entries is None else entries)}
    wanted = list(enabled) or sorted(found)
    missing = [name for name in wanted if name not in found]
    if missing:
        raise GamePackageError(
            f"GAMES names {', '.join(missing)}, which no installed game package provides "
            f"(installed: {', '.join(sorted(found)) or 'none'})"
        )
    packages = [load_entry(found[name]) for name in wanted]
    for package in packages:
        log.info(
            "game package %s: %s", package.name, ", ".join(variant.game_type for variant in package.variants)
        )
    return packages


def installed_registry(enabled: Sequence[str] = (), budget: Budget | None = None) -> EngineRegistry:
    """The games this server hosts: the ``enabled`` packages (all installed ones by default), their
    searching computer players on ``budget`` (their own when None)."""
    return EngineRegistry(load_packages(enabled), budget)
