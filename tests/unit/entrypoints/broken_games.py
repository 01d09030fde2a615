"""Game packages that cannot be hosted, each broken in one way, for the loader's tests to find
through entry points (``tests.unit.entrypoints.broken_games:NAME``)."""

from __future__ import annotations

from dataclasses import replace

from domain.game_package import EventKind
from domain.games.fishing.package import PACKAGE as FISHING

_first = FISHING.variants[0]

NO_NORMAL_PLAYER = replace(
    FISHING,
    name="no_normal",
    variants=(replace(_first, computer_players={"easy": _first.computer_players["easy"]}),),
)
KIND_TWICE = replace(
    FISHING, name="kind_twice", event_kinds=(*FISHING.event_kinds, EventKind("play", "again"))
)
SHARED_KIND_AGAIN = replace(FISHING, name="shared_again", event_kinds=(EventKind("match_end", "mine too"),))
NO_TABLE_MODULE = replace(FISHING, name="no_table", variants=(replace(_first, table="missing.js"),))
REMEMBERING_NO_LEVEL = replace(
    FISHING, name="remembering_no_level", variants=(replace(_first, remembering=frozenset({"expert"})),)
)
WORDS_IN_ONE_LANGUAGE = replace(FISHING, name="one_language", words={"it": {"a": "b"}, "en": {}})
NOT_A_PACKAGE = {"name": "just_a_dict"}
SAME_GAMES = replace(
    FISHING,
    name="same_games",
    words={
        language: {key.replace("fishing.", "same_games.", 1): text for key, text in words.items()}
        for language, words in FISHING.words.items()
    },
)
"""A sound package on its own, offering the fishing game types again."""


def _fails_to_import() -> None:
    raise RuntimeError("this package's own import fails")
