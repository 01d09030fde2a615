"""Every screen fits the small phones players use (360x740, 390x844) and a desktop (1280x800), in English
and in Italian: nothing wider than the screen, the header on one row, the join code's six characters
all visible, no text column so narrow that it shows one word per line, no control whose text is cut.

The screens: the login, the lobby (and a looked-up table's preview), a waiting room, the stats page
with a finished match, and a table of each of the six game types in play (briscola chiamata's auction
and call too). Each failure lists every problem found on every screen and size of the test.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import Player, look_up, open_guest, open_page
from tests.browser.screens import (
    GAME_TYPES,
    lobby_with_a_preview,
    relaxed_server,
    stats_page,
    switch_language,
    table_screens,
    waiting_room,
)
from tests.browser.scripted import finish_a_match
from tests.integration.server import RunningServer

SMALL_PHONE: ViewportSize = {"width": 360, "height": 740}
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
SIZES = [SMALL_PHONE, PHONE, DESKTOP]
# The widest letters of the join codes' alphabet: a box that shows these shows any code.
WIDEST_CODE = "WMWMWM"

# What does not fit, as sentences; the page is measured as laid out now.
PROBLEMS = """() => {
  const problems = [];
  const width = window.innerWidth;
  const visible = (el) => el.checkVisibility() && el.getClientRects().length > 0;
  const box = (el) => el.getBoundingClientRect();
  const describe = (el) => {
    const testid = el.closest("[data-testid]")?.dataset.testid;
    const names = typeof el.className === "string" ? el.className.trim().split(/\\s+/).filter(Boolean) : [];
    const classes = names.map((name) => `.${name}`).join("");
    const text = (el.innerText || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 60);
    return `<${el.tagName.toLowerCase()}${classes}>${testid ? ` in [${testid}]` : ""} "${text}"`;
  };
  // How many lines the element's text takes (a bigger number on its label's line is one line).
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    rects.sort((a, b) => a.top - b.top);
    let count = 0;
    let bottom = -Infinity;
    for (const rect of rects) {
      if (rect.top >= bottom - 1) {
        count += 1;
        bottom = rect.bottom;
      } else {
        bottom = Math.max(bottom, rect.bottom);
      }
    }
    return count;
  };

  const root = document.documentElement;
  if (root.scrollWidth > width) {
    const sticking = (el) => visible(el) && box(el).right > width + 0.5;
    const wide = [...document.body.querySelectorAll("*")]
      .filter((el) => sticking(el) && !(el.parentElement && sticking(el.parentElement)))
      .slice(0, 5).map((el) => `${describe(el)} ends at ${Math.round(box(el).right)}px`);
    const page = `the page is ${root.scrollWidth}px wide, wider than the ${width}px screen`;
    problems.push(`${page}: ${wide.join("; ")}`);
  }

  // The header: its parts side by side on one row, no taller than its tallest part (on a phone the
  // name may stand over the logout button, as one part), and no label of it broken over two lines.
  const header = document.querySelector(".topbar");
  const parts = (container) => [...container.children].filter(visible).map(box);
  const rows = (container) => {
    const boxes = parts(container);
    const lowestTop = Math.max(...boxes.map((b) => b.top));
    return boxes.length && lowestTop >= Math.min(...boxes.map((b) => b.bottom)) - 1;
  };
  for (const container of [header, ...header.querySelectorAll(".nav, .topbar-end, .language")]) {
    if (visible(container) && rows(container)) {
      problems.push(`the header's ${describe(container)} wraps onto two rows`);
    }
  }
  const style = getComputedStyle(header);
  const oneRow = Math.max(...parts(header).map((b) => b.height))
    + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const height = box(header).height;
  if (height > oneRow + 1) {
    problems.push(`the header is ${Math.round(height)}px high, more than one row (${Math.round(oneRow)}px)`);
  }
  for (const el of header.querySelectorAll("a, button")) {
    if (visible(el) && lines(el) > 1) problems.push(`the header's ${describe(el)} breaks over two lines`);
  }

  // Text: a label, cell or line showing one word per line, or a control that cuts its text.
  const texts = [
    "a, button, label, dt, dd, th, td, li, h1, h2, h3, p, strong",
    ".score, .seat-name, .seat-meta, .badge, .hint",
  ].join(", ");
  const display = (el) => getComputedStyle(el).display;
  const inline = (el) => [...el.children].every((child) => /^inline|^none$/.test(display(child)));
  for (const el of document.body.querySelectorAll(texts)) {
    // Only a run of text and inline elements: parts laid out as blocks are lines of their own by design.
    if (!visible(el) || el.closest(".sr-only, [aria-hidden=true]") || !inline(el)) continue;
    const words = (el.innerText || "").trim().split(/\\s+/).filter((w) => /[\\p{L}\\p{N}]/u.test(w));
    if (words.length < 2) continue;
    const count = lines(el);
    if (count >= words.length) problems.push(`${describe(el)} shows one word per line (${count} lines)`);
    else if (el.matches("a, button, .badge, .score, dt, th") && count > 2 && words.length <= 4) {
      problems.push(`${describe(el)} breaks its short label over ${count} lines`);
    }
  }
  // A table in play: the whole hand on the screen without scrolling, and no two of its parts overlapping.
  const hand = document.querySelector("[data-testid=hand]");
  if (hand && visible(hand)) {
    const r = box(hand);
    if (window.scrollY !== 0 || r.bottom > window.innerHeight + 1 || r.top < 0) {
      problems.push(`the hand (${Math.round(r.top)}-${Math.round(r.bottom)}px) is not on the screen`);
    }
  }
  const tableParts = ["seat", "trick", "table-cards", "hand", "auction"]
    .flatMap((testid) => [...document.querySelectorAll(`[data-testid=${testid}]`)]).filter(visible);
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  tableParts.forEach((a, i) => tableParts.slice(i + 1).forEach((b) => {
    if (over(box(a), box(b))) problems.push(`${describe(a)} and ${describe(b)} overlap`);
  }));
  const boxes = "input:not([type=checkbox]), select, button, .badge, .seat-name";
  for (const el of document.body.querySelectorAll(boxes)) {
    // A seat's name may end in an ellipsis: the whole name is its title and its accessible name.
    const ellipsis = el.matches(".seat-name") && el.title && getComputedStyle(el).textOverflow === "ellipsis";
    if (visible(el) && !ellipsis && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${describe(el)} cuts its text: ${el.scrollWidth}px of text in ${el.clientWidth}px`);
    }
  }
  return problems;
}"""

Check = Callable[[Player, str], Awaitable[None]]


def size_name(size: ViewportSize) -> str:
    return f"{size['width']}x{size['height']}"


async def problems_at_every_size(player: Player, screen: str, found: list[str]) -> None:
    """Lay the screen out at each size (in the current language) and note what does not fit; the
    small phone's picture goes to var/screenshots/ (size-<screen>-<language>.png) to be looked at."""
    language = await player.page.evaluate("document.documentElement.lang")
    for size in SIZES:
        await player.page.set_viewport_size(size)
        await player.page.wait_for_timeout(100)
        problems: list[str] = await player.page.evaluate(PROBLEMS)
        found.extend(f"[{screen}, {language}, {size_name(size)}] {problem}" for problem in problems)
        if size == SMALL_PHONE:
            await player.screenshot(f"size-{screen.replace(' ', '-')}-{language}.png", full_page=True)
    await player.page.set_viewport_size(SIZES[0])


def checker(found: list[str], prepare: Callable[[Player], Awaitable[Any]] | None = None) -> Check:
    """A check for each screen, in English and then in Italian (the header's switch redraws it)."""

    async def check(player: Player, screen: str) -> None:
        for language in ("en", "it"):
            await switch_language(player, language)
            if prepare:
                await prepare(player)
            await problems_at_every_size(player, screen, found)
        await switch_language(player, "en")

    return check


def assert_fits(found: list[str]) -> None:
    assert not found, "\n".join(found)


async def test_the_login_screen_fits(browser: Browser, server: RunningServer) -> None:
    found: list[str] = []
    anna = await open_page(browser, server, "Anna", SMALL_PHONE)
    await checker(found)(anna, "login")
    assert_fits(found)


async def test_the_lobby_fits_and_shows_the_whole_join_code(browser: Browser, server: RunningServer) -> None:
    found: list[str] = []
    anna = await open_guest(browser, server, "Annunziata", SMALL_PHONE)

    async def a_code_typed(player: Player) -> None:
        await expect(player.by("game-options").locator("input").first).to_be_visible()
        await player.by("join-code").fill(WIDEST_CODE)

    await checker(found, a_code_typed)(anna, "lobby")
    code = await lobby_with_a_preview(server, anna)
    await checker(found, lambda player: look_up(player, code))(anna, "lobby with a preview")
    assert_fits(found)


async def test_a_waiting_room_fits(browser: Browser, server: RunningServer) -> None:
    found: list[str] = []
    anna = await open_guest(browser, server, "Annunziata", SMALL_PHONE)
    await waiting_room(anna)
    await checker(found)(anna, "waiting room")
    assert_fits(found)


async def test_the_stats_page_fits(browser: Browser) -> None:
    found: list[str] = []
    async with relaxed_server() as server:
        anna = await open_guest(browser, server, "Annunziata", SMALL_PHONE)
        await finish_a_match(anna, server)
        await stats_page(anna)
        await checker(found, stats_page)(anna, "stats")
    assert_fits(found)


@pytest.mark.parametrize("game_type", GAME_TYPES)
async def test_a_table_in_play_fits(browser: Browser, server: RunningServer, game_type: str) -> None:
    found: list[str] = []
    check = checker(found)

    async def of_this_game(player: Player, screen: str) -> None:
        await check(player, f"{game_type} {screen}")

    await table_screens(browser, server, game_type, of_this_game, SMALL_PHONE)
    assert_fits(found)
