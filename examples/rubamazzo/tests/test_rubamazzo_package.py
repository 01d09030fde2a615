"""The package as the platform finds it: its entry point, its check, its texts and its web folder."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tavolo_rubamazzo.package import PACKAGE

from domain.game_package import LANGUAGES, check_package
from domain.games.fishing.package import PACKAGE as FISHING
from domain.games.tricks.package import PACKAGE as TRICKS
from domain.registry import EngineRegistry

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "tavolo_rubamazzo" / "web"
SHARED_WORDS = tuple(
    f"rubamazzo.{word}" for word in ("hand_name", "hand_inline", "go_to_hand", "hand_by_hand")
)


def test_the_package_passes_the_platforms_check() -> None:
    assert check_package(PACKAGE) is PACKAGE
    assert [variant.game_type for variant in PACKAGE.variants] == [
        "rubamazzo",
        "rubamazzo_a_tre",
        "rubamazzo_a_quattro",
    ]
    assert [variant.engine.seats for variant in PACKAGE.variants] == [2, 3, 4]


def test_the_distribution_registers_the_package_under_tavolo_games() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "tavolo-rubamazzo"
    assert project["entry-points"]["tavolo.games"] == {"rubamazzo": "tavolo_rubamazzo.package:PACKAGE"}
    assert project["dependencies"] == []  # installed into tavolo's environment, never reinstalling it


def test_the_table_module_ships_in_the_web_folder() -> None:
    assert PACKAGE.web == ROOT / "tavolo_rubamazzo" / "web"
    assert {variant.table for variant in PACKAGE.variants} == {"table.js"}
    assert "export default" in (PACKAGE.web / "table.js").read_text()


def test_every_language_has_the_rules_and_the_words_the_shared_ui_reads() -> None:
    for language in LANGUAGES:
        words = PACKAGE.words[language]
        assert PACKAGE.rules[language]
        assert all(word in words for word in SHARED_WORDS)
        assert all(f"rubamazzo.about.{variant.game_type}" in words for variant in PACKAGE.variants)
        assert all(key.startswith("rubamazzo.") for key in words)


def test_the_package_is_hosted_beside_the_built_in_games() -> None:
    registry = EngineRegistry((FISHING, TRICKS, PACKAGE))
    assert registry.get("rubamazzo").seats == 2
    assert registry.get("scopa").seats == 2


def placeholders(word: str | dict[str, str]) -> set[str]:
    forms = word.values() if isinstance(word, dict) else [word]
    return {name for form in forms for name in re.findall(r"\{(\w+)\}", form)}


def test_both_languages_have_the_same_words_with_the_same_placeholders() -> None:
    italian, english = PACKAGE.words["it"], PACKAGE.words["en"]
    assert set(italian) == set(english)
    for key, word in english.items():
        assert isinstance(italian[key], dict) == isinstance(word, dict), key
        if isinstance(word, dict):
            assert {"one", "other"} <= set(word) and {"one", "other"} <= set(italian[key]), key
        assert placeholders(italian[key]) == placeholders(word), key


def test_every_word_the_table_module_names_exists_with_its_you_form_when_said_of_a_seat() -> None:
    words = PACKAGE.words["en"]
    for module in sorted(WEB.glob("*.js")):
        source = module.read_text()
        named = set(re.findall(r'"(rubamazzo\.[a-z_.]+)"', source))
        assert named <= set(words), f"{module.name} names {named - set(words)}"
        said = set(re.findall(r'\bsay\("(rubamazzo\.[a-z_.]+)"', source))
        assert all(f"{key}.you" in words for key in said), f"{module.name}: {said}"
