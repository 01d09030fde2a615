"""``dump`` / ``load`` round-trip: every state dumps to JSON, and what ``load`` reads back from that
JSON dumps to the same bytes and answers the same (views, who is waited for, deadlines, card
zones, result). A worker that loads a stored state must carry on exactly as the one that wrote it."""

from __future__ import annotations

import json
from typing import Any

from domain.game_package import GamePackage, GameVariant
from domain.match_record import plain
from engine_contract.playing import random_match


def check_dump_load_round_trips(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    engine = match.engine
    for change in match.changes:
        at, state = match.at(change.step), change.after
        try:
            written = json.dumps(engine.dump(state))
        except (TypeError, ValueError) as error:
            raise at.fail(f"the dump is not plain JSON: {error}") from error
        try:
            loaded = engine.load(json.loads(written))
        except Exception as error:
            raise at.fail(f"load cannot read what dump wrote: {error!r}") from error
        again = json.dumps(engine.dump(loaded))
        if again != written:
            raise at.fail(f"load(dump(state)) dumps otherwise: {_first_difference(written, again)}")
        for viewer in match.viewers():
            if plain(engine.view(loaded, viewer)) != plain(match.view(change.step, viewer)):
                raise at.fail(f"the loaded state shows {_viewer(viewer)} another view")
        answers = (
            ("to_act", engine.to_act),
            ("turn", engine.turn),
            ("deadlines", engine.deadlines),
            ("is_over", engine.is_over),
            ("card_zones", engine.card_zones),
            ("result", engine.result),
        )
        for name, answer in answers:
            if answer(loaded) != answer(state):
                raise at.fail(f"the loaded state answers {name} {answer(loaded)!r}, not {answer(state)!r}")


def _viewer(viewer: int | None) -> str:
    return "a spectator" if viewer is None else f"seat {viewer}"


def _first_difference(first: str, second: str) -> str:
    old: Any = json.loads(first)
    new: Any = json.loads(second)
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted({*old, *new}):
            if old.get(key) != new.get(key):
                return f"{key!r} was {old.get(key)!r}, is {new.get(key)!r}"
    return "the key order differs"
