"""The OpenAPI document narrowed to the games this server hosts, read from the running registry.

The game types are installed at run time (entry points; ``GAMES`` hosts a subset), so the builder
fills in what only the running server knows:

- every ``game_type`` a request may name is an ``enum`` of the installed game types (the schemas
  mark such a field with ``INSTALLED_GAME_TYPE``);
- a body naming a game type and its ``options`` ties the two with ``oneOf``: one alternative per
  game type, its options as the engine's ``OptionSpec`` JSON Schema, and one for the game type
  left out (or null), whose options are the default game type's; ``turn_time`` is one of the
  server's turn times;
- the WebSocket components list the installed packages' event kinds and actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from domain.engine import JSON, OptionSpec
from domain.game_package import event_kind_schema
from domain.registry import EngineRegistry
from entrypoints.http.frame_schemas import installed_actions, installed_kinds
from entrypoints.http.schemas import INSTALLED_GAME_TYPE

_MARKER = next(iter(INSTALLED_GAME_TYPE))


def with_installed_games(
    document: dict[str, Any], registry: EngineRegistry, game_types: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """``document`` with the installed game types, each game type's options and the WebSocket
    messages of the installed packages. ``game_types`` are the entries of ``/api/game-types``."""
    installed = [entry["id"] for entry in game_types]
    _enumerate_game_types(document, installed)
    schemas = document["components"]["schemas"]
    for schema in schemas.values():
        if _names_a_game_and_its_options(schema):
            schema["oneOf"] = _one_game_type_each(schema, registry, game_types)
    _with_installed_messages(schemas, registry)
    return document


def _enumerate_game_types(node: Any, installed: list[str]) -> None:
    """Every schema marked ``INSTALLED_GAME_TYPE``, wherever it is, becomes an enum of ``installed``."""
    if isinstance(node, list):
        for item in node:
            _enumerate_game_types(item, installed)
    elif isinstance(node, dict):
        if node.pop(_MARKER, None) is not None:
            node["enum"] = [*installed, None] if node.get("nullable") else list(installed)
        for value in node.values():
            _enumerate_game_types(value, installed)


def _names_a_game_and_its_options(schema: Mapping[str, Any]) -> bool:
    properties = schema.get("properties", {})
    return "enum" in properties.get("game_type", {}) and "options" in properties


def _one_game_type_each(
    schema: Mapping[str, Any], registry: EngineRegistry, game_types: Sequence[Mapping[str, Any]]
) -> list[JSON]:
    """One alternative per game type (named), and one for the default (left out or null)."""
    alternatives: list[JSON] = []
    for entry in game_types:
        alternatives.append(
            {
                "required": ["game_type"],
                "properties": {
                    "game_type": {"enum": [entry["id"]]},
                    "options": options_schema(entry, registry.get(entry["id"]).option_specs),
                    **_turn_time(schema, entry),
                },
            }
        )
    default = next(entry for entry in game_types if entry["id"] == registry.default_game_type)
    alternatives.append(
        {
            "properties": {
                "game_type": {"type": "string", "nullable": True, "enum": [None]},
                "options": options_schema(default, registry.get(default["id"]).option_specs),
                **_turn_time(schema, default),
            },
        }
    )
    return alternatives


def _turn_time(schema: Mapping[str, Any], entry: Mapping[str, Any]) -> JSON:
    if "turn_time" not in schema.get("properties", {}):
        return {}
    return {"turn_time": {"type": "number", "nullable": True, "enum": [*entry["turn_times"], None]}}


def options_schema(entry: Mapping[str, Any], specs: Iterable[OptionSpec]) -> JSON:
    """The game type's ``options_schema``, with what an option needs of the others
    (``OptionSpec.only_with``): either it keeps its default, or the others have the values it needs."""
    schema: JSON = as_openapi_30(dict(entry["options_schema"]))
    specs = list(specs)
    defaults = {spec.name: spec.default for spec in specs}
    needs = [_needs(spec, defaults) for spec in specs if spec.only_with]
    if needs:
        schema["allOf"] = needs
    return schema


def _needs(spec: OptionSpec, defaults: Mapping[str, Any]) -> JSON:
    """An option left out takes its default: it is required only where that default will not do."""
    others: JSON = {"properties": {other: {"enum": [wanted]} for other, wanted in spec.only_with}}
    required = sorted(other for other, wanted in spec.only_with if defaults.get(other) != wanted)
    if required:
        others["required"] = required
    return {"anyOf": [{"properties": {spec.name: {"enum": [spec.default]}}}, others]}


def _with_installed_messages(schemas: dict[str, Any], registry: EngineRegistry) -> None:
    """The WebSocket components narrowed to the hosted games: the event kinds and actions of the
    installed game packages, and each action's message as its own component."""
    schemas["WsEvent"]["properties"]["kind"]["enum"] = installed_kinds(registry)
    schemas["WsAction"]["properties"]["action"]["enum"] = installed_actions(registry)
    for package in registry.packages:
        for action in package.actions:
            schemas[f"WsAction_{package.name}_{action.action}"] = as_openapi_30(action.json_schema())
        for kind in package.event_kinds:
            schemas[f"WsEvent_{package.name}_{kind.kind}"] = as_openapi_30(event_kind_schema(kind))


def as_openapi_30(schema: Any) -> Any:
    """A package's JSON Schema in the dialect of OpenAPI 3.0: ``const`` as a one-value ``enum``,
    a ``type`` list with ``"null"`` as ``nullable``."""
    if isinstance(schema, list):
        return [as_openapi_30(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {key: as_openapi_30(value) for key, value in schema.items() if key != "const"}
    if "const" in schema:
        converted["enum"] = [schema["const"]]
    kinds = schema.get("type")
    if isinstance(kinds, list):
        others = [kind for kind in kinds if kind != "null"]
        if len(others) == 1:
            converted["type"] = others[0]
        else:
            del converted["type"]
        if "null" in kinds:
            converted["nullable"] = True
    return converted
