"""The page draws a game only through its family's table module: every module the server names loads and
has the whole interface (/web/js/families.js), every word it names is in its family's words in both
languages, and a game the page has no module for is said so rather than drawn as another game."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.async_api import Browser, Route, expect

from tests.browser.pages import Player, open_guest
from tests.browser.scripted import guests
from tests.integration.server import RunningServer

INTERFACE = """async (types) => {
  const { problems, familyOf } = await import("/web/js/families.js");
  const found = {};
  for (const type of types) {
    const module = await import(type.table_module);
    found[type.id] = problems(module.default, type.family, type.words);
    if (familyOf(type.id) !== module.default) found[type.id].push("familyOf gives another module");
  }
  return found;
}"""

IMPORT = re.compile(r'from "(\./[\w.]+\.js)"')
SAID = re.compile(r"\bsay\(([^,]*),")  # the first argument of ui.say(key, seat, ...)


def placeholders(entry: str | dict[str, str]) -> set[str]:
    forms = entry.values() if isinstance(entry, dict) else [entry]
    return {name for form in forms for name in re.findall(r"\{(\w+)\}", form)}


async def game_types(server: RunningServer) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(base_url=server.base_url) as http:
        types: list[dict[str, Any]] = (await http.get("/api/game-types")).json()
        return types


async def family_sources(server: RunningServer, url: str) -> dict[str, str]:
    """A table module's source and that of every module of its folder it imports, by URL."""
    sources: dict[str, str] = {}
    waiting = [url]
    async with httpx.AsyncClient(base_url=server.base_url) as http:
        while waiting:
            current = waiting.pop()
            if current in sources:
                continue
            response = await http.get(current)
            assert response.status_code == 200, f"{current}: {response.status_code}"
            sources[current] = response.text
            folder = current.rsplit("/", 1)[0]
            waiting += [f"{folder}/{name[2:]}" for name in IMPORT.findall(response.text)]
    return sources


async def test_every_table_module_the_server_names_loads_with_the_whole_interface(
    browser: Browser, server: RunningServer
) -> None:
    types = await game_types(server)
    assert types and all(type_["table_module"].startswith(f"/games/{type_['family']}/") for type_ in types)
    anna = await open_guest(browser, server, "Anna")
    found: dict[str, list[str]] = await anna.page.evaluate(INTERFACE, types)
    assert found == {type_["id"]: [] for type_ in types}
    assert not anna.errors, anna.errors


async def test_every_word_a_table_module_names_is_in_its_family_words_in_both_languages(
    server: RunningServer,
) -> None:
    for type_ in await game_types(server):
        family, words = type_["family"], type_["words"]
        it, en = words["it"], words["en"]
        assert set(it) == set(en), f"{family}: only in it {set(it) - set(en)}, only in en {set(en) - set(it)}"
        for key in en:
            assert key.startswith(f"{family}."), f"{family}'s word {key} is not under its name"
            assert isinstance(it[key], dict) == isinstance(en[key], dict), key
            if isinstance(en[key], dict):
                assert {"one", "other"} <= set(it[key]) and {"one", "other"} <= set(en[key]), key
            assert placeholders(it[key]) == placeholders(en[key]), key
        sources = await family_sources(server, type_["table_module"])
        for url, source in sources.items():
            quoted = re.findall(rf'"({family}\.[a-z_.]+)"', source)
            named = {key for key in quoted if not key.endswith(".css")}  # "tricks.css" is a stylesheet
            assert not named - set(en), f"{url} names words its family lacks: {named - set(en)}"
            said = {key for arg in SAID.findall(source) for key in re.findall(r'"([a-z_.]+)"', arg)}
            missing_you = {key for key in said if key.startswith(f"{family}.") and f"{key}.you" not in en}
            assert not missing_you, f"{url}: sentences about a seat without a .you form: {missing_you}"


async def open_scopa_table(browser: Browser, server: RunningServer) -> tuple[Player, str]:
    """Anna on a scopa table Bruno opened (she is not seated at it: she watches)."""
    anna = await open_guest(browser, server, "Anna")
    (bruno,) = await guests(server, ["Bruno"])
    created = await bruno.http.post("/api/games", json={"game_type": "scopa"})
    assert created.status_code == 201, created.text
    await bruno.close()
    return anna, created.json()["id"]


async def test_a_game_the_server_does_not_list_is_said_so_not_drawn_as_another_game(
    browser: Browser, server: RunningServer
) -> None:
    anna, game_id = await open_scopa_table(browser, server)

    async def without_scopa(route: Route) -> None:
        response = await route.fetch()
        types = [type_ for type_ in await response.json() if type_["id"] != "scopa"]
        await route.fulfill(response=response, json=types)

    await anna.page.route("**/api/game-types", without_scopa)
    await anna.page.goto(f"/#/game/{game_id}")
    await anna.page.reload()
    await expect(anna.by("table-error")).to_contain_text("does not know the game scopa")
    await expect(anna.by("felt")).to_have_count(0)
    assert not anna.errors, anna.errors


async def test_a_game_whose_table_module_fails_to_load_is_said_so(
    browser: Browser, server: RunningServer
) -> None:
    anna, game_id = await open_scopa_table(browser, server)
    await anna.page.route("**/games/fishing/table.js", lambda route: route.fulfill(status=404, body=""))
    await anna.page.goto(f"/#/game/{game_id}")
    await anna.page.reload()
    await expect(anna.by("table-error")).to_contain_text("The table of Scopa could not be loaded")
    await expect(anna.by("felt")).to_have_count(0)
    # The other families still load: the lobby offers them and their tables draw.
    await anna.page.goto("/#/")
    await expect(anna.by("game-type").locator("option[value=briscola]")).to_have_count(1)
    assert anna.errors and all("/games/fishing/table.js" in error for error in anna.errors), anna.errors
