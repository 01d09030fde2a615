"""Sharing a waiting table's link: where the browser has a share sheet (the Web Share API) a Share button
opens it with the table's title and link, and a sheet the player closes says nothing; where it has none,
Copy the link copies it as before. The share sheet is a stand-in that records what it was given."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import Player, create_table, log_in, open_page
from tests.integration.server import RunningServer

# A share sheet that keeps what it was asked to share; ``outcome`` "abort" stands for a sheet the
# player closed, "share" for one that shared.
SHARE_SHEET = """(outcome) => {
  window.__shared = [];
  navigator.canShare = (data) => Boolean(data && data.url);
  navigator.share = async (data) => {
    window.__shared.push({ title: data.title, text: data.text, url: data.url });
    if (outcome === "abort") throw new DOMException("Share canceled", "AbortError");
  };
}"""


async def with_share_sheet(
    browser: Browser, server: RunningServer, outcome: str, locale: str, viewport: ViewportSize | None = None
) -> Player:
    player = await open_page(browser, server, "Anna", viewport, locale)
    await player.page.context.add_init_script(script=f"({SHARE_SHEET})({outcome!r})")
    await player.page.reload()
    await log_in(player)
    return player


@pytest.mark.parametrize(
    ("locale", "title", "said"),
    [
        ("en-GB", "A table of Scopa a quattro on tavolo", "Link shared."),
        ("it-IT", "Un tavolo di Scopa a quattro su tavolo", "Link condiviso."),
    ],
)
async def test_share_opens_the_share_sheet_with_the_tables_title_and_link(
    browser: Browser, server: RunningServer, locale: str, title: str, said: str
) -> None:
    phone: ViewportSize = {"width": 360, "height": 640}
    anna = await with_share_sheet(browser, server, "share", locale, phone if locale == "it-IT" else None)
    await create_table(anna, "scopa_a_quattro")
    link = await anna.by("invite-link").input_value()
    await anna.by("share-link").click()
    await expect(anna.by("copy-status")).to_have_text(said)
    shared: list[dict[str, Any]] = await anna.page.evaluate("window.__shared")
    assert [(call["title"], call["url"]) for call in shared] == [(title, link)]
    assert "?code=" in link, "a private table's link carries its join code"
    await expect(anna.by("copy-link")).to_be_visible()  # copying stays at hand
    await anna.screenshot(f"share-link-{locale}.png")
    assert anna.errors == []


async def test_a_share_sheet_the_player_closes_says_nothing(browser: Browser, server: RunningServer) -> None:
    anna = await with_share_sheet(browser, server, "abort", "en-GB")
    await create_table(anna, "scopa_a_quattro")
    await anna.by("share-link").click()
    await anna.page.wait_for_function("window.__shared.length === 1")
    await anna.page.wait_for_timeout(200)
    await expect(anna.by("copy-status")).to_have_text("")
    assert anna.errors == []


async def test_without_a_share_sheet_the_link_is_copied(browser: Browser, server: RunningServer) -> None:
    anna = await open_page(browser, server, "Anna", locale="it-IT")
    await log_in(anna)
    await anna.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    assert await anna.page.evaluate("typeof navigator.share") == "undefined"
    await create_table(anna, "scopa_a_quattro")
    await expect(anna.by("share-link")).to_have_count(0)
    await expect(anna.by("copy-link")).to_have_text("Copia il link")
    await anna.by("copy-link").click()
    await expect(anna.by("copy-status")).to_have_text("Link copiato.")
    copied = await anna.page.evaluate("navigator.clipboard.readText()")
    assert copied == await anna.by("invite-link").input_value()
    assert anna.errors == []
