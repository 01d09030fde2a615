"""The game packages are found by entry points, and one that cannot be hosted stops the start-up
with a message naming it."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from domain.game_package import GamePackageError
from domain.registry import EngineRegistry
from entrypoints.game_packages import GROUP, installed_entries, installed_registry, load_packages

FIXTURES = "tests.unit.entrypoints.broken_games"


def entry(name: str, attribute: str) -> EntryPoint:
    return EntryPoint(name, f"{FIXTURES}:{attribute}", GROUP)


def refusal(name: str, attribute: str) -> str:
    with pytest.raises(GamePackageError) as refused:
        load_packages([name], [entry(name, attribute)])
    return str(refused.value)


def test_the_built_in_games_are_installed_as_entry_points_like_any_other() -> None:
    names = {found.name for found in installed_entries()}
    assert {"fishing", "tricks"} <= names
    registry = installed_registry()
    assert {"scopone_scientifico", "scopa", "briscola", "briscola_chiamata"} <= set(registry.game_types)
    assert registry.package_of("briscola_chiamata").name == "tricks"


def test_games_enables_a_subset_in_its_own_order() -> None:
    registry = installed_registry(["tricks"])
    assert registry.game_types == ("briscola", "briscola_a_quattro", "briscola_chiamata")
    assert registry.default_game_type == "briscola"
    assert "scopa" not in registry


def test_a_package_games_names_but_nobody_installed_stops_the_start() -> None:
    with pytest.raises(GamePackageError, match="GAMES names burraco"):
        installed_registry(["tricks", "burraco"])


def test_a_package_without_a_computer_player_for_a_level_is_refused_by_name() -> None:
    message = refusal("no_normal", "NO_NORMAL_PLAYER")
    assert "'no_normal'" in message and "no computer player for level normal" in message


def test_a_package_declaring_an_event_kind_twice_is_refused_by_name() -> None:
    assert "event kind 'play' is declared twice" in refusal("kind_twice", "KIND_TWICE")
    assert "event kind 'match_end' is declared twice" in refusal("shared_again", "SHARED_KIND_AGAIN")


def test_a_package_saying_a_level_it_lacks_remembers_is_refused() -> None:
    message = refusal("remembering_no_level", "REMEMBERING_NO_LEVEL")
    assert "its 'expert' computer player remembers: no such level" in message


def test_a_package_whose_table_module_is_missing_is_refused() -> None:
    assert "table module 'missing.js'" in refusal("no_table", "NO_TABLE_MODULE")


def test_a_package_speaking_one_language_only_is_refused() -> None:
    message = refusal("one_language", "WORDS_IN_ONE_LANGUAGE")
    assert "'en' words lack a" in message


def test_a_package_whose_words_are_not_under_its_own_name_is_refused() -> None:
    message = refusal("no_normal", "NO_NORMAL_PLAYER")
    assert "words fishing." in message and "do not start with 'no_normal.'" in message


def test_an_entry_point_that_is_not_a_game_package_is_refused() -> None:
    assert "is a dict, not a GamePackage" in refusal("just_a_dict", "NOT_A_PACKAGE")


def test_a_package_whose_import_fails_is_refused_with_the_error() -> None:
    broken = EntryPoint("ghost", "tests.unit.entrypoints.no_such_module:PACKAGE", GROUP)
    with pytest.raises(GamePackageError, match=r"'ghost'.*fails to load: ModuleNotFoundError"):
        load_packages(["ghost"], [broken])


def test_an_entry_point_must_bear_its_packages_name() -> None:
    assert "is named 'same_games'" in refusal("other_name", "SAME_GAMES")


def test_two_packages_offering_one_game_type_cannot_both_be_hosted() -> None:
    first = EntryPoint("fishing", "domain.games.fishing.package:PACKAGE", GROUP)
    second = entry("same_games", "SAME_GAMES")
    with pytest.raises(GamePackageError, match="'same_games' declares game type 'scopone_scientifico'"):
        installed = load_packages(["fishing", "same_games"], [first, second])
        EngineRegistry(installed)
