"""Driving the tavolo web UI from Playwright: log in, open and join tables, play through the UI."""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass, field
from pathlib import Path

from playwright.async_api import Browser, Locator, Page, ViewportSize, expect
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from tests.integration.server import RunningServer

ROOT = Path(__file__).resolve().parents[2]
# Screenshots are for people to look at, and cost about a fifth of the browser tests' CPU: a run takes
# them only when asked. TAVOLO_SCREENSHOTS=1 writes them to a git-ignored folder (TAVOLO_SCREENSHOTS_DIR,
# which asks for them too, else var/screenshots), so the run leaves the working tree clean; the README's
# pictures change only with TAVOLO_UPDATE_SCREENSHOTS=1.
YES = {"1", "true", "yes", "on"}
UPDATE_SCREENSHOTS = os.environ.get("TAVOLO_UPDATE_SCREENSHOTS", "").lower() in YES
TAKE_SCREENSHOTS = (
    UPDATE_SCREENSHOTS
    or os.environ.get("TAVOLO_SCREENSHOTS", "").lower() in YES
    or bool(os.environ.get("TAVOLO_SCREENSHOTS_DIR"))
)
SCREENSHOTS = (
    ROOT / "docs" / "screenshots"
    if UPDATE_SCREENSHOTS
    else Path(os.environ.get("TAVOLO_SCREENSHOTS_DIR") or ROOT / "var" / "screenshots")
)
DESKTOP: ViewportSize = {"width": 1000, "height": 700}
PHONE: ViewportSize = {"width": 390, "height": 844}
# How often a page checks what a test waits for in it (``wait_for_function``). Playwright's default looks
# at every animation frame, which keeps the page drawing frames for as long as the test waits.
POLL_MS = 50


# What a player waits for next (see ``Player.next_of``): the first shown test id, a summary to acknowledge,
# or their turn with a card in hand; false (keep waiting) otherwise.
NEXT_OF = """([shown, ack]) => {
  for (const id of shown) if (document.querySelector(`[data-testid="${id}"]`)) return id;
  if (ack && document.querySelector('[data-testid=ack]')) return 'ack';
  const table = document.querySelector('[data-testid=table]');
  const card = document.querySelector('[data-testid=hand] [data-testid=hand-card]');
  return table?.dataset.yourTurn === 'true' && card ? 'turn' : false;
}"""


@dataclass
class Player:
    """One browser context logged in as a guest, and the JavaScript errors its page raised."""

    name: str
    page: Page
    errors: list[str] = field(default_factory=list)
    held: str | None = None  # the key ``press`` holds down until ``release_once_redrawn``

    def console_error(self, kind: str, text: str) -> None:
        # The login screen's first GET /api/me answers 401 by design; the browser logs that as an error.
        if kind == "error" and not text.startswith("Failed to load resource"):
            self.errors.append(text)

    def by(self, testid: str) -> Locator:
        return self.page.get_by_test_id(testid)

    @property
    def table(self) -> Locator:
        return self.by("table")

    async def version(self) -> int:
        value = await self.table.get_attribute("data-version")
        return int(value or 0)

    async def your_turn(self) -> bool:
        return await self.table.get_attribute("data-your-turn") == "true"

    async def hand(self) -> list[str]:
        cards = await self.by("hand").locator("[data-card]").all()
        return [code for code in [await c.get_attribute("data-card") for c in cards] if code]

    async def next_of(self, *shown: str, ack: bool = False, timeout: float = 60.0) -> str:
        """Wait, in the page, until one of the ``shown`` test ids is on it (returns that id), or, with
        ``ack``, a hand's summary waits for its acknowledgement ("ack"), or it is this player's turn with
        a card in hand ("turn"). The page looks every 50 ms itself: no round trip per look."""
        handle = await self.page.wait_for_function(
            NEXT_OF, arg=[list(shown), ack], polling=POLL_MS, timeout=timeout * 1000
        )
        what = await handle.json_value()
        assert isinstance(what, str), what
        return what

    async def wait_for_version_after(self, version: int, timeout: float = 5000) -> bool:
        """Wait until the table shows a newer state than ``version``; False on timeout."""
        try:
            await self.page.wait_for_function(
                "v => Number(document.querySelector('[data-testid=table]')?.dataset.version || 0) > v",
                arg=version,
                polling=POLL_MS,
                timeout=timeout,
            )
        except PlaywrightTimeoutError:
            return False
        return True

    async def press(self, target: Locator, holding: str | None = None) -> None:
        """Hold the mouse button down on ``target``, as a person starts a click, and mark the element
        pressed; ``release_once_redrawn`` ends the click. ``holding``: a key held down from before the
        press until after the release ("Control", to open a link in another tab)."""
        self.held = holding
        await expect(target).to_be_visible()
        await expect(target).to_be_enabled()
        await target.scroll_into_view_if_needed()
        # The middle of the element's first box: a link's text wrapped over two lines has two boxes,
        # and the middle of the rectangle around both may be beside the text, on no link at all.
        x, y = await target.evaluate(
            """(element) => {
              element.dataset.pressedHere = 'yes';
              const box = element.getClientRects()[0];
              return [box.left + box.width / 2, box.top + box.height / 2];
            }"""
        )
        await self.page.mouse.move(x, y)
        if holding:
            await self.page.keyboard.down(holding)
        await self.page.mouse.down()

    async def release_once_redrawn(self) -> None:
        """Release the mouse button once the element ``press`` started on was replaced by a redraw."""
        await expect(self.page.locator("[data-pressed-here]")).to_have_count(0)
        await self.page.mouse.up()
        if self.held:
            await self.page.keyboard.up(self.held)
            self.held = None

    async def unnamed_controls(self) -> list[str]:
        """The table's buttons and links that a redraw could not find again (``steady_click.js``):
        neither a card (``data-card``) nor named by a ``data-action``; by their test ids."""
        names: list[str] = await self.page.evaluate(
            """() => [...document.querySelectorAll('[data-testid=table] :is(button, a[href])')]
              .filter((b) => !b.dataset.card && !b.dataset.action)
              .map((b) => b.dataset.testid || b.className || b.textContent)"""
        )
        return names

    async def screenshot(self, name: str, full_page: bool = False) -> None:
        """``full_page``: the whole page, scrolled parts too, rather than the screen's view. Only when
        the run asks for screenshots (``TAKE_SCREENSHOTS``)."""
        if not TAKE_SCREENSHOTS:
            return
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        await self.page.wait_for_timeout(150)  # let the last render settle
        await self.page.screenshot(path=str(SCREENSHOTS / name), full_page=full_page)


async def open_page(
    browser: Browser,
    server: RunningServer,
    name: str,
    viewport: ViewportSize | None = None,
    locale: str | None = None,
) -> Player:
    """A fresh browser context on the login screen; ``locale`` is the browser's language (e.g. "it-IT")."""
    context = await browser.new_context(base_url=server.base_url, viewport=viewport or DESKTOP, locale=locale)
    page = await context.new_page()
    player = Player(name, page)
    page.on("pageerror", lambda error: player.errors.append(str(error)))
    page.on("console", lambda msg: player.console_error(msg.type, msg.text))
    await page.goto("/")
    await expect(player.by("login")).to_be_visible()
    return player


async def log_in(player: Player) -> None:
    await player.by("guest-name").fill(player.name)
    await player.by("guest-login").click()
    await expect(player.by("lobby")).to_be_visible()
    await expect(player.by("me-name")).to_have_text(player.name)


async def open_guest(
    browser: Browser,
    server: RunningServer,
    name: str,
    viewport: ViewportSize | None = None,
    locale: str | None = None,
) -> Player:
    player = await open_page(browser, server, name, viewport, locale)
    await log_in(player)
    return player


async def create_table(player: Player, game_type: str, options: dict[str, int | bool] | None = None) -> str:
    """Open a table from the lobby form; returns its join code (the page shows the table)."""
    await player.by("game-type").select_option(game_type)
    for key, value in (options or {}).items():
        field_ = player.by(f"option-{key}")
        if isinstance(value, bool):
            await field_.set_checked(value)
        elif await field_.evaluate("el => el.tagName") == "SELECT":  # an option with fixed choices
            await field_.select_option(str(value))
        else:
            await field_.fill(str(value))
    await player.by("create-game").click()
    await expect(player.table).to_be_visible()
    code = await player.by("table-join-code").text_content()
    assert code
    return code.strip()


async def look_up(player: Player, code: str) -> None:
    await player.by("join-code").fill(code)
    await player.by("preview-button").click()
    await expect(player.by("preview")).to_be_visible()


async def join_table(player: Player, code: str) -> None:
    await look_up(player, code)
    await player.by("join-button").click()
    await expect(player.table).to_be_visible()


async def watch_table(player: Player, code: str) -> None:
    await look_up(player, code)
    await player.by("watch-button").click()
    await expect(player.by("spectator-badge")).to_be_visible()


async def wait_for_turn(player: Player, timeout: float = 15.0) -> None:
    await expect(player.table).to_have_attribute("data-your-turn", "true", timeout=timeout * 1000)


async def play_a_card(player: Player) -> str:
    """Play the first playable hand card through the UI; captures are picked by clicking table cards."""
    card = player.by("hand").locator("[data-testid=hand-card]:not([aria-disabled=true])").first
    code = await card.get_attribute("data-card")
    assert code
    # Where the hand is wider than the screen the cards overlap, each showing its left edge (with the
    # rank): a person clicks there, not on the middle of a card that the next one covers.
    await card.click(position={"x": 6, "y": 24})
    choice = player.by("capture-choice")
    while await choice.count():
        # Several captures: click table cards the card can take until exactly one capture matches.
        option = player.by("table-cards").locator("button[data-testid=table-card][aria-pressed=false]").first
        if not await option.count():
            break
        await option.click()
    return code


async def play_until_the_hand_ends(player: Player, timeout: float = 60.0) -> None:
    """Play a card on each of the player's turns until the hand-end summary shows."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while await player.next_of("hand-end", timeout=max(0.1, deadline - loop.time())) == "turn":
        version = await player.version()
        await play_a_card(player)
        await player.wait_for_version_after(version)


async def act_if_needed(player: Player) -> bool:
    """Acknowledge a hand-end summary or play on our turn; True if something was sent."""
    if await player.by("game-over").count():
        return False
    ack = player.by("ack")
    if await ack.count():
        await ack.click()
        return True
    if await player.your_turn() and await player.by("hand").count():
        await play_a_card(player)
        return True
    return False
