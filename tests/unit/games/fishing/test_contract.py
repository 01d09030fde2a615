"""The three fishing engines behind the platform's ``GameEngine`` contract."""

from __future__ import annotations

import random

import pytest

from domain.cards import DECK
from domain.engine import validate_options
from domain.errors import InvalidAction, InvalidOptions
from domain.games.fishing import FISHING_ENGINES, SCOPA, SCOPA_A_QUATTRO, SCOPONE
from domain.games.fishing.package import PACKAGE
from domain.registry import EngineRegistry

from .builders import NOW, TIMEOUTS


def test_the_three_engines_are_registered_under_their_game_types() -> None:
    registry = EngineRegistry([PACKAGE])
    assert registry.get("scopone_scientifico") is SCOPONE
    assert registry.get("scopa") is SCOPA
    assert registry.get("scopa_a_quattro") is SCOPA_A_QUATTRO
    assert [engine.seats for engine in FISHING_ENGINES] == [4, 2, 4]


def test_option_defaults_follow_each_game() -> None:
    assert validate_options(SCOPONE.option_specs, {}) == {
        "target_score": 21,
        "napola": True,
        "asso_pigliatutto": False,
    }
    assert validate_options(SCOPA.option_specs, {}) == {"target_score": 11, "asso_pigliatutto": False}
    assert validate_options(SCOPA_A_QUATTRO.option_specs, {}) == {
        "target_score": 21,
        "asso_pigliatutto": False,
    }


def test_scopa_has_no_napola_option_and_targets_are_bounded() -> None:
    with pytest.raises(InvalidOptions):
        SCOPA.start({"napola": True}, TIMEOUTS, NOW, random.Random(0))
    with pytest.raises(InvalidOptions):
        SCOPONE.start({"target_score": 0}, TIMEOUTS, NOW, random.Random(0))
    with pytest.raises(InvalidOptions):
        SCOPONE.start({"target_score": 101}, TIMEOUTS, NOW, random.Random(0))


def test_the_options_given_are_kept_in_the_state() -> None:
    state = SCOPONE.start(
        {"target_score": 5, "napola": False, "asso_pigliatutto": True}, TIMEOUTS, NOW, random.Random(0)
    ).state
    assert SCOPONE.view(state, None)["options"] == {
        "target_score": 5,
        "napola": False,
        "asso_pigliatutto": True,
    }
    assert state.timeouts == TIMEOUTS


def test_an_explicit_deck_must_hold_all_forty_cards() -> None:
    with pytest.raises(InvalidAction):
        SCOPA.start({}, TIMEOUTS, NOW, random.Random(0), deck=[*DECK[:39], DECK[0]])


def test_the_same_seed_deals_the_same_match() -> None:
    first = SCOPONE.start({}, TIMEOUTS, NOW, random.Random(42)).state
    second = SCOPONE.start({}, TIMEOUTS, NOW, random.Random(42)).state
    assert first == second


def test_a_dumped_state_holds_only_plain_values() -> None:
    def plain(value: object) -> bool:
        if isinstance(value, dict):
            return all(isinstance(key, str) and plain(item) for key, item in value.items())
        if isinstance(value, list):
            return all(plain(item) for item in value)
        return value is None or isinstance(value, str | int | float | bool)

    for engine in FISHING_ENGINES:
        assert plain(engine.dump(engine.start({}, TIMEOUTS, NOW, random.Random(1)).state))


def test_a_state_of_another_game_is_not_loaded() -> None:
    data = SCOPA.dump(SCOPA.start({}, TIMEOUTS, NOW, random.Random(1)).state)
    with pytest.raises(ValueError):
        SCOPONE.load(data)
