"""The table moves as a real one does: a trick stays, then goes to its winner; a capture slides to the
capturer's pile; a scopa is marked on the pile. With reduced motion asked for, nothing slides.

A finished trick stays about a second and a half on the table of a server that pauses the usual two
seconds after it, and less on one that pauses less (as the browser tests' servers do)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, expect

from entrypoints.container import build_container
from tests.browser.pages import (
    PHONE,
    Player,
    create_table,
    join_table,
    open_guest,
    play_a_card,
    wait_for_turn,
)
from tests.browser.scripted import guests, join, playing
from tests.browser.seeded import captures_by_card, find_deal, seeded_server
from tests.browser.serving import browser_settings
from tests.integration.server import RunningServer, running_server, server_settings

# Counts the sliding copies of cards the page draws (each is removed when it arrives).
COUNT_FLIGHTS = """() => {
  window.flights = 0;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node.classList && node.classList.contains('flying')) window.flights += 1;
      }
    }
  }).observe(document.body, { childList: true });
  // How long a finished trick's "won the trick" stays on the table, in ms (the first one seen).
  window.trickShownFor = null;
  let shownAt = null;
  new MutationObserver(() => {
    const shown = Boolean(document.querySelector('[data-testid=trick-winner]'));
    if (shown && shownAt === null) shownAt = performance.now();
    if (!shown && shownAt !== null && window.trickShownFor === null) {
      window.trickShownFor = performance.now() - shownAt;
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


async def flights(player: Player) -> int:
    return int(await player.page.evaluate("window.flights"))


# How long the finished trick stays, in ms, by the server's pause after a trick: about a second and a
# half after the usual pause (on a busy machine, up to 3.5 s), less after a shorter one.
SHOWN_FOR = {"usual-pause": (1400, 3500), "short-pause": (50, 1400)}


@pytest.mark.parametrize("pause", list(SHOWN_FOR))
async def test_a_finished_trick_stays_on_the_table_then_slides_to_its_winner(
    browser: Browser, pause: str
) -> None:
    settings = server_settings() if pause == "usual-pause" else browser_settings()
    async with running_server(settings) as server:
        await a_trick_stays_then_slides(browser, server, SHOWN_FOR[pause])


async def a_trick_stays_then_slides(
    browser: Browser, server: RunningServer, shown_for: tuple[int, int]
) -> None:
    anna = await open_guest(browser, server, "Anna")
    code = await create_table(anna, "briscola")
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]
    await anna.page.evaluate(COUNT_FLIGHTS)

    async with playing(server, game_id, [bruno]):
        for _ in range(3):  # until Anna plays the second card of a trick
            await wait_for_turn(anna)
            if await anna.by("trick-card").count() == 1:
                break
            await play_a_card(anna)
            await expect(anna.by("trick-winner")).to_have_count(0, timeout=3000)
        assert await anna.by("trick-card").count() == 1, "Bruno never led a trick"
        await play_a_card(anna)

        # The two cards stay where they were played, with who takes them, a moment (a short one is
        # seen by the page's observer rather than looked at).
        least, most = shown_for
        if least > 1000:
            await expect(anna.by("trick-winner")).to_be_visible()
            await expect(anna.by("trick-card")).to_have_count(2)
            await expect(anna.by("trick-winner")).to_contain_text(re.compile(r"(You|Bruno) won the trick"))
            await anna.screenshot("trick-lingers.png")
        await anna.page.wait_for_function("() => window.trickShownFor !== null", timeout=4000)
        assert least <= await anna.page.evaluate("window.trickShownFor") < most
        assert await flights(anna) >= 2  # both cards slid to the winner's pile
    assert not anna.errors, anna.errors


def a_scopa_on_the_first_play(view: dict[str, Any]) -> bool:
    table = view.get("table") or []
    return any(
        len(capture) == len(table) for captures in captures_by_card(view).values() for capture in captures
    )


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
async def test_a_scopa_slides_to_the_pile_and_is_marked_on_it(
    browser: Browser, tmp_path: Path, motion: str
) -> None:
    options = {"target_score": 11}
    deal = find_deal(
        build_container(server_settings()).registry(),
        "scopa",
        options,
        a_scopa_on_the_first_play,
        tries=20000,
    )
    card, capture = next(
        (c, taken)
        for c, captures in captures_by_card(deal.view).items()
        for taken in captures
        if len(taken) == len(deal.view["table"])
    )
    async with seeded_server(deal.seed) as server:
        anna = await open_guest(browser, server, "Anna", PHONE)
        await anna.page.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
        (bruno,) = await guests(server, ["Bruno"])
        if deal.turn == 0:
            code = await create_table(anna, "scopa", options)
            await join(bruno, code)
        else:
            created = await bruno.http.post("/api/games", json={"game_type": "scopa", "options": options})
            await join_table(anna, created.json()["join_code"])
        await wait_for_turn(anna)
        await anna.page.evaluate(COUNT_FLIGHTS)

        await anna.by("hand").locator(f'[data-card="{card}"]').click()
        if await anna.by("capture-choice").count():  # the scopa is one of several captures
            for code in capture:
                await anna.by("table-cards").locator(f'[data-card="{code}"]').click()

        me = anna.by("seat").and_(anna.page.locator("[data-position=bottom]"))
        await expect(me.get_by_test_id("scopa-flash")).to_have_text("Scopa!")
        taken = len(capture) + 1
        await expect(me.get_by_test_id("pile")).to_have_attribute(
            "aria-label", f"{taken} cards taken, 1 scopa"
        )
        await expect(me.locator(".scopa-mark")).to_have_count(1)
        await expect(anna.by("table-cards").locator("[data-card]")).to_have_count(0)
        await anna.screenshot(f"scopa-marked-{motion}.png")
        if motion == "reduce":
            assert await flights(anna) == 0
        else:
            assert await flights(anna) == len(capture) + 1
        await guests_close(bruno)
    assert not anna.errors, anna.errors


async def guests_close(*others: Any) -> None:
    for other in others:
        await other.close()
