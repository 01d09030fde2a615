"""Tressette as a game package the platform can host."""

from __future__ import annotations

import pytest

from domain.engine import validate_options
from domain.errors import InvalidOptions
from domain.game_package import check_package
from domain.games.tressette.package import PACKAGE
from entrypoints.game_packages import installed_registry


def test_the_package_is_complete_and_registered_by_its_entry_point() -> None:
    assert check_package(PACKAGE) is PACKAGE
    installed = {package.name: package for package in installed_registry().packages}
    assert installed["tressette"] is PACKAGE
    assert [variant.game_type for variant in PACKAGE.variants] == ["tressette", "tressette_a_quattro"]


def test_the_target_is_one_of_eleven_twenty_one_thirty_one_forty_one() -> None:
    specs = PACKAGE.variant("tressette").engine.option_specs
    assert validate_options(specs, {})["target_score"] == 21
    target = next(spec for spec in specs if spec.name == "target_score")
    assert target.json_schema()["enum"] == [11, 21, 31, 41]
    with pytest.raises(InvalidOptions, match="one of 11, 21, 31, 41"):
        validate_options(specs, {"target_score": 25})


def test_each_game_type_has_its_own_options_with_their_defaults() -> None:
    two = validate_options(PACKAGE.variant("tressette").engine.option_specs, {})
    four = validate_options(PACKAGE.variant("tressette_a_quattro").engine.option_specs, {})
    assert two == {"target_score": 21, "declarations": True, "cappotto": False, "show_draws": True}
    assert four == {"target_score": 21, "declarations": True, "cappotto": False, "signals": False}


def test_the_words_say_every_combination_and_signal_in_both_languages() -> None:
    for words in PACKAGE.words.values():
        for kind in ("napoletana", "three_assi", "three_2", "three_3", "four_assi", "four_2", "four_3"):
            assert f"tressette.combination.{kind}" in words
        for signal in ("busso", "striscio", "volo"):
            assert f"tressette.signal.{signal}" in words
