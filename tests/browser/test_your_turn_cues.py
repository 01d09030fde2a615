"""Your turn, even elsewhere: the tab's title and icon say when the table waits for you, a short chime
does too once switched on, and the countdown keeps the server's time whatever this computer's clock says.

Bruno plays from Python over his own socket, one move when the test says so, so every turn change
happens when the test expects it.
"""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import PHONE, Player, create_table, open_guest, play_a_card, wait_for_turn
from tests.browser.scripted import guests, join
from tests.integration.players import first_legal_move
from tests.integration.server import Guest, RunningServer, Socket

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
TURN_SECONDS = 30  # the server's default turn timeout
LANGUAGES = {
    "en-GB": {"your_turn": "● Your turn — tavolo", "sound": "Sound"},
    "it-IT": {"your_turn": "● Tocca a te — tavolo", "sound": "Suono"},
}

# Every oscillator the page starts, counted: a chime is two notes.
COUNT_TONES = """(() => {
  window.__tones = 0;
  const Context = window.AudioContext;
  if (!Context) return;
  const create = Context.prototype.createOscillator;
  Context.prototype.createOscillator = function () {
    const oscillator = create.call(this);
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (...args) => { window.__tones += 1; return start(...args); };
    return oscillator;
  };
})();"""

# This computer's clock, off by SHIFT seconds: Date.now() and new Date() (the server's is right).
SKEW_CLOCK = """(shift) => {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  class SkewedDate extends RealDate {
    constructor(...args) { if (args.length) super(...args); else super(realNow() + shift * 1000); }
    static now() { return realNow() + shift * 1000; }
  }
  window.Date = SkewedDate;
}"""

ICONS = """async () => {
  const { ICON, YOUR_TURN_ICON } = await import("/web/js/attention.js");
  return { normal: ICON, alert: YOUR_TURN_ICON };
}"""


class Bruno:
    """The other seat of a scopa table, played over its own socket one move at a time."""

    def __init__(self, guest: Guest, socket: Socket) -> None:
        self.guest = guest
        self.socket = socket

    @classmethod
    async def join(cls, server: RunningServer, code: str) -> Bruno:
        (guest,) = await guests(server, ["Bruno"])
        game_id = (await join(guest, code))["id"]
        return cls(guest, await Socket.open(server, game_id, guest.cookie))

    async def play_when_his_turn_comes(self) -> None:
        frame = await self.socket.until(lambda f: f["type"] == "state" and f["game"].get("your_turn"))
        await self.socket.send(first_legal_move(frame["game"]))

    async def leave(self) -> None:
        await self.socket.close()
        await self.guest.close()


async def open_anna(
    browser: Browser,
    server: RunningServer,
    viewport: ViewportSize = DESKTOP,
    locale: str = "en-GB",
    scripts: tuple[str, ...] = (),
) -> Player:
    """Anna in the lobby; each of ``scripts`` runs before the page's own on every load."""
    anna = await open_guest(browser, server, "Anna", viewport, locale)
    for script in scripts:
        await anna.page.context.add_init_script(script)
    if scripts:
        await anna.page.reload()
        await expect(anna.by("lobby")).to_be_visible()
    return anna


async def icon(anna: Player) -> str | None:
    return await anna.page.locator("link[rel~=icon]").get_attribute("href")


async def tones(anna: Player) -> int:
    count: int = await anna.page.evaluate("window.__tones")
    return count


async def wait_for_tones(anna: Player, count: int) -> None:
    await anna.page.wait_for_function("n => window.__tones === n", arg=count, timeout=5000)


async def anna_plays(anna: Player) -> None:
    version = await anna.version()
    await play_a_card(anna)
    assert await anna.wait_for_version_after(version)
    await expect(anna.table).to_have_attribute("data-your-turn", "false")


async def test_the_title_and_icon_say_your_turn_when_it_comes_and_stop_after_you_play(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_anna(browser, server)
    icons: dict[str, str] = await anna.page.evaluate(ICONS)
    assert icons["normal"] != icons["alert"]
    assert all(url.startswith("data:image/svg+xml,") for url in icons.values())
    assert await anna.page.title() == "tavolo"
    assert await icon(anna) == icons["normal"], "the page's own icon is the one attention.js draws"

    code = await create_table(anna, "scopa")
    name = (await anna.page.locator("#table-title").text_content() or "").strip()
    await expect(anna.page).to_have_title(f"{name} — tavolo")
    bruno = await Bruno.join(server, code)
    await expect(anna.table).to_have_attribute("data-phase", "playing")
    await expect(anna.page).to_have_title(f"{name} — tavolo")  # Bruno plays first
    assert await icon(anna) == icons["normal"]

    await bruno.play_when_his_turn_comes()
    await wait_for_turn(anna)
    await expect(anna.page).to_have_title("● Your turn — tavolo")
    assert await icon(anna) == icons["alert"]

    await anna_plays(anna)
    await expect(anna.page).to_have_title(f"{name} — tavolo")
    assert await icon(anna) == icons["normal"]

    await bruno.play_when_his_turn_comes()
    await wait_for_turn(anna)
    await expect(anna.page).to_have_title("● Your turn — tavolo")

    await anna.by("brand").click()  # leaving the table gives the page its own title and icon back
    await expect(anna.by("lobby")).to_be_visible()
    await expect(anna.page).to_have_title("tavolo")
    assert await icon(anna) == icons["normal"]
    await bruno.leave()
    assert not anna.errors, anna.errors


@pytest.mark.parametrize("shift", [90, -90], ids=["clock-90s-fast", "clock-90s-slow"])
async def test_the_countdown_shows_the_servers_time_left_when_this_computers_clock_is_off(
    browser: Browser, server: RunningServer, shift: int
) -> None:
    anna = await open_anna(browser, server, scripts=(f"({SKEW_CLOCK})({shift})",))
    skewed: float = await anna.page.evaluate(
        "(Date.now() - performance.timeOrigin - performance.now()) / 1000"
    )
    assert abs(skewed - shift) < 1, "the page's clock is off"
    code = await create_table(anna, "scopa")
    bruno = await Bruno.join(server, code)
    await bruno.play_when_his_turn_comes()
    await wait_for_turn(anna)

    offset: float = await anna.page.evaluate("async () => (await import('/web/js/clock.js')).serverOffset()")
    assert abs(offset + shift) < 1, f"the estimated offset {offset} undoes the clock's {shift} s"
    text = await anna.by("my-countdown").text_content() or ""
    match = re.fullmatch(r"(\d+)s", text)
    assert match, text
    assert TURN_SECONDS - 2 <= int(match[1]) <= TURN_SECONDS, f"{text} left of a {TURN_SECONDS} s turn"
    await anna.page.wait_for_timeout(2100)  # and it keeps counting down by the server's clock
    later = int(re.sub(r"\D", "", await anna.by("my-countdown").text_content() or ""))
    assert int(match[1]) - 3 <= later <= int(match[1]) - 1

    await bruno.leave()
    assert not anna.errors, anna.errors


@pytest.mark.parametrize(
    ("viewport", "locale"), [(DESKTOP, "en-GB"), (PHONE, "it-IT")], ids=["desktop-english", "phone-italian"]
)
async def test_the_chime_is_off_by_default_and_once_on_it_is_remembered_and_plays_when_your_turn_comes(
    browser: Browser, server: RunningServer, viewport: ViewportSize, locale: str
) -> None:
    words = LANGUAGES[locale]
    where = f"{locale[:2]}-{'phone' if viewport == PHONE else 'desktop'}"
    anna = await open_anna(browser, server, viewport, locale, (COUNT_TONES,))
    code = await create_table(anna, "scopa")
    switch = anna.by("sound-toggle")
    await expect(switch).to_be_visible()
    await expect(switch).to_have_attribute("aria-pressed", "false")
    await expect(switch).to_have_accessible_name(words["sound"])
    assert await anna.page.evaluate("localStorage.getItem('tavolo.sound')") is None

    bruno = await Bruno.join(server, code)
    await bruno.play_when_his_turn_comes()
    await wait_for_turn(anna)
    await expect(anna.page).to_have_title(words["your_turn"])
    assert await tones(anna) == 0, "the sound is off: no chime"

    await anna.screenshot(f"sound-switch-off-{where}.png")
    await switch.click()
    await expect(switch).to_have_attribute("aria-pressed", "true")
    await wait_for_tones(anna, 2)  # turning it on lets you hear it once
    await anna.screenshot(f"sound-switch-{where}.png")

    await anna.page.reload()  # on your turn: the switch is still on, and a reload plays nothing
    await expect(anna.table).to_have_attribute("data-your-turn", "true")
    await expect(anna.by("sound-toggle")).to_have_attribute("aria-pressed", "true")
    await anna.page.wait_for_timeout(300)
    assert await tones(anna) == 0

    await anna_plays(anna)
    await bruno.play_when_his_turn_comes()
    await wait_for_turn(anna)
    await wait_for_tones(anna, 2)  # two notes: one chime as the turn came
    await anna.by("hand-order").click()  # a redraw is no new turn
    await anna.page.wait_for_timeout(300)
    assert await tones(anna) == 2

    await anna.by("sound-toggle").click()
    await expect(anna.by("sound-toggle")).to_have_attribute("aria-pressed", "false")
    await anna_plays(anna)
    await bruno.play_when_his_turn_comes()
    await wait_for_turn(anna)
    await anna.page.wait_for_timeout(300)
    assert await tones(anna) == 2, "switched off again: no chime"
    assert await anna.page.evaluate("localStorage.getItem('tavolo.sound')") == "off"

    await bruno.leave()
    assert not anna.errors, anna.errors
