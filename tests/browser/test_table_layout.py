"""The table as a round felt: you at the bottom, the others in playing order, on every screen size."""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import Player, create_table, open_guest, wait_for_turn
from tests.browser.screens import SEATS
from tests.browser.scripted import guests, join, playing
from tests.integration.server import RunningServer

NAMES = ["Bruno", "Carla", "Dario", "Elena"]
SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 740},
}
# Each size in a language, so the screenshots show both: (browser locale, "your turn" on the seat).
LANGUAGES = {
    "desktop": ("en-GB", "your turn"),
    "phone": ("it-IT", "tocca a te"),
    "small-phone": ("en-GB", "your turn"),
}
# Counter-clockwise, as Italian cards are played: the next seat is on your right.
POSITIONS = {
    2: ["bottom", "top"],
    4: ["bottom", "right", "top", "left"],
    5: ["bottom", "right", "top-right", "top-left", "left"],
}

OVERFLOW = """() => {
  const wide = document.documentElement.scrollWidth > window.innerWidth;
  const outside = (el) => {
    const r = el.getBoundingClientRect();
    return r.left < -1 || r.right > window.innerWidth + 1;
  };
  const boxes = '[data-testid=seat], [data-testid=hand-card], [data-testid=felt]';
  const clipped = [...document.querySelectorAll(boxes)]
    .filter(outside)
    .map((el) => el.dataset.testid + ':' + (el.dataset.seat || el.dataset.card || ''));
  const names = [...document.querySelectorAll('[data-testid=seat-name]')]
    .filter((el) => el.getBoundingClientRect().width < 20)
    .map((el) => el.textContent);
  return { wide, clipped, names };
}"""


async def positions(player: Player) -> dict[int, str]:
    seats = await player.by("seat").all()
    found: dict[int, str] = {}
    for seat in seats:
        number = await seat.get_attribute("data-seat")
        where = await seat.get_attribute("data-position")
        assert number is not None and where is not None
        found[int(number)] = where
    return found


# Every game at a desktop; on phones a 2-, 4- and 5-seat table, for the README's pictures (the playing
# order, the fit and the overlaps at every turn of a whole hand on phones are test_phone_table's).
CASES = [(game_type, "desktop") for game_type in SEATS] + [
    ("scopa", "small-phone"),
    ("briscola_a_quattro", "small-phone"),
    ("briscola_chiamata", "phone"),
]


@pytest.mark.parametrize(("game_type", "size"), CASES)
async def test_every_seat_sits_around_the_felt_in_playing_order_without_overflow(
    browser: Browser, server: RunningServer, game_type: str, size: str
) -> None:
    locale, your_turn = LANGUAGES[size]
    anna = await open_guest(browser, server, "Anna", viewport=SIZES[size], locale=locale)
    code = await create_table(anna, game_type)
    others = await guests(server, NAMES[: SEATS[game_type] - 1])
    game_id = ""
    for guest in others:
        game_id = (await join(guest, code))["id"]

    async with playing(server, game_id, others):
        await wait_for_turn(anna)
        count = SEATS[game_type]
        await expect(anna.by("seat")).to_have_count(count)
        seated = await positions(anna)
        me = next(seat for seat, where in seated.items() if where == "bottom")
        assert seated == {(me + step) % count: where for step, where in enumerate(POSITIONS[count])}
        turn = anna.by("seat").and_(anna.page.locator("[aria-current=true]"))
        await expect(turn).to_have_attribute("data-position", "bottom")  # it is Anna's turn
        await expect(turn.get_by_test_id("turn-indicator")).to_contain_text(your_turn)
        await anna.page.wait_for_timeout(300)
        layout = await anna.page.evaluate(OVERFLOW)
        assert layout == {"wide": False, "clipped": [], "names": []}, layout
        await anna.screenshot(f"table-{game_type}-{size}-{locale[:2]}.png")
    assert not anna.errors, anna.errors
