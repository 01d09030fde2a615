"""Events are what the package declares: each kind is among ``package.kinds`` (the shared ones and
its own); an event of the package's own kinds has the fields its ``EventKind`` declares, of the
types declared (the JSON Schema the edge documents), and no other; a private event has a seat and a
kind declared private (``EventKind.private``) or the shared ``dealt``; no event's fields hold
``kind`` or ``seat``; every event is plain JSON."""

from __future__ import annotations

import json

from jsonschema import Draft202012Validator

from domain.events import event_json
from domain.game_package import GamePackage, GameVariant
from engine_contract.playing import random_match

SHARED_PRIVATE = frozenset({"dealt"})


def check_event_kinds_are_declared(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    kinds = set(package.kinds)
    private = SHARED_PRIVATE | {kind.kind for kind in package.event_kinds if kind.private}
    declared = {
        kind.kind: Draft202012Validator(
            {"type": "object", "properties": dict(kind.fields), "additionalProperties": False}
        )
        for kind in package.event_kinds
    }
    for change in match.changes:
        at = match.at(change.step)
        for event in change.outcome.events:
            if event.kind not in kinds:
                raise at.fail(f"a {event.kind!r} event is made: {package.name!r} declares no such kind")
            if not event.public and (event.kind not in private or event.seat is None):
                raise at.fail(f"a private {event.kind!r} event (seat {event.seat}) is of no private kind")
            fields = declared.get(event.kind)
            wrong = None if fields is None else next(iter(fields.iter_errors(dict(event.data))), None)
            if wrong is not None:
                raise at.fail(
                    f"a {event.kind!r} event {dict(event.data)} is not as declared: {wrong.message}"
                )
            if "kind" in event.data or "seat" in event.data:
                raise at.fail(f"a {event.kind!r} event holds 'kind' or 'seat' among its fields")
            try:
                json.dumps(event_json(event))
            except (TypeError, ValueError) as error:
                raise at.fail(f"a {event.kind!r} event is not plain JSON: {error}") from error
