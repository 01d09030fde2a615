"""What a game family gives the platform: one ``GamePackage``, found by the entry point group
``tavolo.games``.

Everything the platform knows about a game comes from its package; shared code names no game type
and no event kind of a family. A package holds:

* its **variants**: each one ``GameEngine`` (a game type: its rules, seats and options), the
  computer player for every level in ``domain.bots.levels.LEVELS``, and the file of the package's
  web folder that draws its table in the browser;
* its **event kinds** beyond the ones every game shares (``domain.events.SHARED_EVENT_KINDS``),
  each with the JSON Schema of its fields, and its **actions**, each with the JSON Schema of its
  fields: what the edge documents for the WebSocket protocol and what ``legal_moves`` lists;
* its **rules** in a few paragraphs, and the **words** its table module uses, per language
  (``domain.game_package.LANGUAGES``): a word is a string with ``{name}`` placeholders, or a
  plural form (``{"one": ..., "other": ...}``);
* its **web folder**: the ES modules (and nothing the server runs) served under
  ``/games/<name>/``; ``docs/writing-a-game.md`` says what a table module exports.

A family owns its cards: their codes and faces are its own, shared code treats a card as an
opaque string the family names (``GameEngine.card_zones`` says where every card of a state is).

``check_package`` finds what is missing or inconsistent, so a broken package stops the server at
start-up with a message naming it instead of failing later in a match.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from domain.bots.base import Strategy
from domain.bots.levels import LEVELS
from domain.engine import JSON, GameEngine
from domain.events import SHARED_EVENT_KINDS

LANGUAGES = ("it", "en")
"""The languages every package speaks: its rules and its words come in each."""

NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
"""A package's name and a game type: lower case, digits and ``_``, as they appear in URLs."""

REQUIRED_WORDS = ("hand_name", "hand_inline", "go_to_hand", "hand_by_hand")
"""The words the shared screens ask every package for (``<name>.hand_name`` …): how it calls a hand."""

SHARED_ACTIONS = ("ack",)
"""Actions every game takes: ``ack`` dismisses a hand's summary."""


class GamePackageError(Exception):
    """A game package that cannot be hosted; the message names the package."""


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of event a family's engines make. ``fields`` is the JSON Schema (``properties``)
    of its fields besides ``kind`` and ``seat``; a ``private`` kind is shown only to its seat."""

    kind: str
    description: str
    fields: Mapping[str, JSON] = field(default_factory=dict)
    private: bool = False


def event_kind_schema(kind: EventKind) -> JSON:
    """The JSON Schema of one event of ``kind`` as its receivers get it."""
    return {
        "type": "object",
        "description": kind.description,
        "properties": {
            "kind": {"type": "string", "const": kind.kind},
            "seat": {"type": "integer", "minimum": 0},
            **kind.fields,
        },
        "required": ["kind"],
    }


@dataclass(frozen=True, slots=True)
class ActionKind:
    """One kind of action a seat sends (``{"action": kind, ...fields}``); ``fields`` is the JSON
    Schema (``properties``) of its other fields, ``required`` the ones it always carries."""

    action: str
    description: str
    fields: Mapping[str, JSON] = field(default_factory=dict)
    required: tuple[str, ...] = ()

    def json_schema(self) -> JSON:
        return {
            "type": "object",
            "description": self.description,
            "properties": {"action": {"type": "string", "const": self.action}, **self.fields},
            "required": ["action", *self.required],
            "additionalProperties": False,
        }


@dataclass(frozen=True, slots=True)
class GameVariant:
    """One game type of a family: its engine, its computer player per level, and the module of
    the package's web folder that draws its table."""

    engine: GameEngine
    computer_players: Mapping[str, Strategy]
    table: str
    remembering: frozenset[str] = frozenset()
    """The cheap levels whose computer player also reads what its seat saw happen (the ``seen`` of
    ``Strategy.decide``), as a person at the table remembers the cards gone by. The server works
    their moves out from the match's log, away from the transition, as it does a searching level's
    (``EngineRegistry.thinks_away``); the others decide from the view alone."""

    @property
    def game_type(self) -> str:
        return self.engine.game_type


@dataclass(frozen=True, slots=True)
class GamePackage:
    """A game family, as the platform hosts it (see the module docstring)."""

    name: str
    variants: tuple[GameVariant, ...]
    event_kinds: tuple[EventKind, ...]
    actions: tuple[ActionKind, ...]
    rules: Mapping[str, str]
    words: Mapping[str, Mapping[str, Any]]
    web: Path

    def variant(self, game_type: str) -> GameVariant:
        for variant in self.variants:
            if variant.game_type == game_type:
                return variant
        raise KeyError(game_type)

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every event kind its engines make: the shared ones, then its own."""
        return (*SHARED_EVENT_KINDS, *(kind.kind for kind in self.event_kinds))

    @property
    def action_names(self) -> tuple[str, ...]:
        """Every action its seats may send: the shared ones, then its own."""
        return (*SHARED_ACTIONS, *(action.action for action in self.actions))


def check_package(package: object) -> GamePackage:
    """``package`` itself when the platform can host it, else ``GamePackageError`` saying what is
    wrong (the caller adds where the package came from)."""
    if not isinstance(package, GamePackage):
        raise GamePackageError(f"is a {type(package).__name__}, not a GamePackage")
    problems = [*_naming(package), *_variants(package), *_kinds(package), *_texts(package)]
    if problems:
        raise GamePackageError("; ".join(problems))
    return package


def _naming(package: GamePackage) -> list[str]:
    if not NAME.match(package.name):
        return [f"its name {package.name!r} is not lower case letters, digits and _"]
    return []


def _variants(package: GamePackage) -> list[str]:
    problems: list[str] = []
    if not package.variants:
        problems.append("it offers no game type")
    seen: set[str] = set()
    for variant in package.variants:
        game_type = variant.game_type
        if not NAME.match(game_type):
            problems.append(f"game type {game_type!r} is not lower case letters, digits and _")
        if game_type in seen:
            problems.append(f"game type {game_type!r} is declared twice")
        seen.add(game_type)
        missing = [level for level in LEVELS if level not in variant.computer_players]
        if missing:
            problems.append(f"{game_type} has no computer player for level {', '.join(missing)}")
        for level, player in variant.computer_players.items():
            if not callable(getattr(player, "decide", None)):
                problems.append(f"{game_type}'s {level} computer player has no decide()")
        for level in sorted(variant.remembering - set(LEVELS)):
            problems.append(f"{game_type} says its {level!r} computer player remembers: no such level")
        if not (package.web / variant.table).is_file():
            problems.append(f"{game_type}'s table module {variant.table!r} is not in {package.web}")
    return problems


def _kinds(package: GamePackage) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set(SHARED_EVENT_KINDS)
    for kind in package.event_kinds:
        if kind.kind in seen:
            problems.append(f"event kind {kind.kind!r} is declared twice")
        seen.add(kind.kind)
    actions: set[str] = set(SHARED_ACTIONS)
    for action in package.actions:
        if action.action in actions:
            problems.append(f"action {action.action!r} is declared twice")
        actions.add(action.action)
    return problems


def _texts(package: GamePackage) -> list[str]:
    problems: list[str] = []
    for language in LANGUAGES:
        if not package.rules.get(language):
            problems.append(f"it has no rules in {language!r}")
        if language not in package.words:
            problems.append(f"it has no words in {language!r}")
    prefix = f"{package.name}."
    for language, words in package.words.items():
        foreign = sorted(key for key in words if not key.startswith(prefix))
        if foreign:
            problems.append(f"its {language!r} words {', '.join(foreign[:3])} do not start with {prefix!r}")
        missing = [word for word in REQUIRED_WORDS if prefix + word not in words]
        if missing:
            problems.append(f"its {language!r} words lack {', '.join(prefix + word for word in missing)}")
    keys = [set(package.words.get(language, {})) for language in LANGUAGES]
    for language, own in zip(LANGUAGES, keys, strict=True):
        others = set().union(*keys) - own
        if others:
            problems.append(f"its {language!r} words lack {', '.join(sorted(others)[:5])}")
    return problems
