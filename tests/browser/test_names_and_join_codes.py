"""What a newcomer reads at a table (issue 33 §5): the computer players are named in the page's
language wherever they appear, every name fits its seat beside the others, and a join code shows only
while a person can still use it — at a table waiting for one, not at a table against the computer,
not once the match has started or ended."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Browser, Locator, ViewportSize, expect

from tests.browser.finding import play_the_computer
from tests.browser.pages import Player, create_table, join_table, open_guest
from tests.browser.table_life import game_id_of, my_chair, play_for, quick_server

LAPTOP: ViewportSize = {"width": 1280, "height": 720}
PHONE: ViewportSize = {"width": 360, "height": 640}
SIZES = {"desktop": LAPTOP, "phone": PHONE}
LOCALES = {"en": "en-GB", "it": "it-IT"}
NORMAL = {"en": "normal", "it": "normale"}

# Every seat's name: its box, whether its text is cut, how a cut ends, and the full name its title gives.
SEAT_NAMES = """() => [...document.querySelectorAll('[data-testid=seat-name]')].map((el) => {
  const r = el.getBoundingClientRect();
  return {
    text: el.innerText.replace(/\\s+/g, ' ').trim(), title: el.title,
    left: r.left, right: r.right, top: r.top, bottom: r.bottom,
    cut: el.scrollWidth > el.clientWidth + 1, ending: getComputedStyle(el).textOverflow,
    width: window.innerWidth,
  };
})"""


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    across = bool(a["left"] < b["right"] and b["left"] < a["right"])
    return across and bool(a["top"] < b["bottom"] and b["top"] < a["bottom"])


async def seat_names(player: Player) -> list[dict[str, Any]]:
    names: list[dict[str, Any]] = await player.page.evaluate(SEAT_NAMES)
    return names


def computer_seat(player: Player, chair: int) -> Locator:
    return player.page.locator(f"[data-testid=seat][data-seat='{chair}']").get_by_test_id("seat-name")


async def open_the_details(player: Player) -> None:
    """On a phone the join code and the full score line are behind the header's details button."""
    toggle = player.by("details-toggle")
    if await toggle.is_visible() and await toggle.get_attribute("aria-expanded") != "true":
        await toggle.click()
        await expect(toggle).to_have_attribute("aria-expanded", "true")


# Each size in one language and each language at one size: the pair the join-code test below does not use.
@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "it")])
async def test_the_computer_players_are_named_in_the_pages_language_and_their_table_shows_no_join_code(
    browser: Browser, size: str, language: str
) -> None:
    async with quick_server() as server:
        anna = await open_guest(browser, server, "Annunziata", SIZES[size], LOCALES[language])
        await play_the_computer(anna, "briscola_a_quattro", "normal")

        # The three computer players sit in the other chairs, each with its level in Anna's words.
        level = NORMAL[language]
        mine = await my_chair(anna)
        for chair in sorted({0, 1, 2, 3} - {mine}):
            await expect(computer_seat(anna, chair)).to_have_text(f"Computer {chair + 1} · {level}")
            await expect(computer_seat(anna, chair)).to_be_in_viewport()
        names = await seat_names(anna)
        assert len(names) == 4, names
        for name in names:
            assert name["left"] >= 0, f"{name['text']} runs off the screen's left"
            assert name["right"] <= name["width"] + 1, f"{name['text']} runs off the screen's right"
            assert not name["cut"] or name["ending"] == "ellipsis", f"{name['text']} is cut, no ellipsis"
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
        clashes = [(a["text"], b["text"]) for a, b in pairs if overlap(a, b)]
        assert clashes == [], f"seat names drawn over each other: {clashes}"

        # Nobody else can sit at a table against the computer: no join code, not even behind the details.
        await open_the_details(anna)
        await expect(anna.by("scores")).to_be_visible()
        await expect(anna.by("table-join-code")).to_have_count(0)
        await anna.screenshot(f"names-computer-table-{size}-{language}.png")

        # Her scripted socket plays the match out while the page watches: the end names the computer
        # players in her words too, and still offers no code.
        await play_for(server, game_id_of(anna), [anna])
        computer = f"Computer {(mine + 1) % 4 + 1} · {level}"
        await expect(anna.by("final-scores")).to_contain_text(computer)
        await open_the_details(anna)
        await expect(anna.by("table-join-code")).to_have_count(0)
        await anna.screenshot(f"names-computer-end-{size}-{language}.png", full_page=True)

        # Her history names them so as well.
        await anna.by("nav-stats").click()
        await expect(anna.by("history-row").first).to_contain_text(computer)
        await anna.screenshot(f"names-computer-history-{size}-{language}.png", full_page=True)

        # And so does the match's replay, from the record (which says only that a seat is a computer's).
        await anna.by("history-replay").first.click()
        await expect(anna.by("replay-players")).to_contain_text(computer)
        await anna.screenshot(f"names-computer-replay-{size}-{language}.png")
        assert not anna.errors, anna.errors


@pytest.mark.parametrize(("size", "language"), [("desktop", "it"), ("phone", "en")])
async def test_the_join_code_shows_while_the_table_waits_for_a_person_and_goes_once_the_match_starts(
    browser: Browser, size: str, language: str
) -> None:
    async with quick_server() as server:
        anna = await open_guest(browser, server, "Anna", SIZES[size], LOCALES[language])
        code = await create_table(anna, "briscola")

        # The waiting room shows the code in big letters, and the header beside the table's details.
        await expect(anna.by("waiting-code")).to_have_text(code)
        await open_the_details(anna)
        await expect(anna.by("table-join-code")).to_have_text(code)
        await expect(anna.by("table-join-code")).to_be_in_viewport()
        await anna.screenshot(f"names-code-waiting-{size}-{language}.png")

        # Bruno types the code and sits down: the last seat is taken, the match starts, the code goes.
        bruno = await open_guest(browser, server, "Bruno", SIZES[size], LOCALES[language])
        await join_table(bruno, code)
        for player in (anna, bruno):
            await expect(player.table).not_to_have_attribute("data-phase", "lobby")
            await open_the_details(player)
            await expect(player.by("scores")).to_be_visible()
            await expect(player.by("table-join-code")).to_have_count(0)
            await expect(player.by("waiting-code")).to_have_count(0)
        await anna.screenshot(f"names-code-started-{size}-{language}.png")

        # Their scripted sockets play the match out while the pages watch: at its end there is still no code.
        await play_for(server, game_id_of(anna), [anna, bruno])
        for player in (anna, bruno):
            await open_the_details(player)
            await expect(player.by("table-join-code")).to_have_count(0)
        await anna.screenshot(f"names-code-ended-{size}-{language}.png", full_page=True)
        assert not anna.errors and not bruno.errors, (anna.errors, bruno.errors)
