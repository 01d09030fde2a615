"""The two decks: the player chooses Napoletane or Piacentine on the card page (#/cards), by a click or by
the arrow keys, and sees that deck everywhere in this browser: the forty cards there, every table, and
the pages already open in other tabs, at once. The choice outlives a reload; the cards keep their names.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.finding import play_the_computer
from tests.browser.pages import Player, log_in, open_page
from tests.browser.test_card_faces import DECK, card_names
from tests.integration.server import RunningServer

PHONE: ViewportSize = {"width": 360, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 720}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
LOCALES = {"it": "it-IT", "en": "en-US"}
TITLES = {
    "it": {"napoletane": "Le carte napoletane", "piacentine": "Le carte piacentine"},
    "en": {"napoletane": "The Neapolitan cards", "piacentine": "The Piacentine cards"},
}
LEGEND = {"it": "Mazzo", "en": "Deck"}

# Each card on the card page: its code, the deck its face is drawn in, its corner indices, and where it
# lies on the screen.
GALLERY = """() => [...document.querySelectorAll("[data-testid=gallery-card]")].map((figure) => {
  const svg = figure.querySelector(".card svg");
  const box = figure.querySelector(".card").getBoundingClientRect();
  return {
    code: figure.dataset.card,
    deck: svg.dataset.deck,
    indices: [...svg.querySelectorAll("text.card-index")].map((text) => text.textContent),
    left: box.left, right: box.right, top: box.top, bottom: box.bottom,
  };
})"""

# The decks every card drawing on the page is in (faces and backs), with how many of each.
DRAWN = """() => {
  const decks = {};
  for (const svg of document.querySelectorAll(".card svg")) {
    decks[svg.dataset.deck] = (decks[svg.dataset.deck] || 0) + 1;
  }
  return decks;
}"""


# Each card in the hand and on the table: the size of its top-left rank on the screen, and whether that
# rank shows (no other card lies over its middle).
RANKS_SHOWN = """() => [
  ...document.querySelectorAll("[data-testid=hand] .card, [data-testid=table-cards] .card"),
].map((card) => {
    const box = card.querySelector("text.card-index").getBoundingClientRect();
    const over = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { code: card.dataset.card, height: box.height, shown: card.contains(over) };
  })"""


SHOW_THE_HAND = "document.querySelector('[data-testid=hand]').scrollIntoView({ block: 'nearest' })"


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    across = a["left"] < b["right"] and b["left"] < a["right"]
    return across and a["top"] < b["bottom"] and b["top"] < a["bottom"]


async def open_the_card_page(browser: Browser, server: RunningServer, where: str, language: str) -> Player:
    player = await open_page(browser, server, "Anna", VIEWPORTS[where], locale=LOCALES[language])
    await player.by("cards-link").click()
    await expect(player.by("gallery-card")).to_have_count(40)
    return player


async def the_cards(player: Player) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = await player.page.evaluate(GALLERY)
    return found


async def assert_the_page_shows(player: Player, deck: str, language: str) -> None:
    await expect(player.by("gallery")).to_have_attribute("data-deck", deck)
    await expect(player.by("gallery").get_by_role("heading", level=1)).to_have_text(TITLES[language][deck])
    await expect(player.by(f"deck-{deck}")).to_be_checked()
    cards = await the_cards(player)
    assert [card["code"] for card in cards] == DECK
    assert {card["deck"] for card in cards} == {deck}
    for card in cards:
        rank = str(int(card["code"][:2]))
        assert card["indices"] == [rank, rank], card
    await expect(player.by("gallery-card-name")).to_have_text(card_names(language))
    await expect(player.by("gallery-back").locator("svg")).to_have_attribute("data-deck", deck)


@pytest.mark.parametrize(
    ("where", "language"), [("phone", "it"), ("phone", "en"), ("desktop", "en"), ("desktop", "it")]
)
async def test_the_piacentine_are_chosen_on_the_card_page_drawn_at_once_and_kept_after_a_reload(
    browser: Browser, server: RunningServer, where: str, language: str
) -> None:
    player = await open_the_card_page(browser, server, where, language)
    choice = player.by("deck-choice")
    await expect(choice.locator("legend")).to_have_text(LEGEND[language])
    await assert_the_page_shows(player, "napoletane", language)
    await player.screenshot(f"cards-napoletane-{where}-{language}.png")

    await choice.get_by_text("Piacentine").click()
    await assert_the_page_shows(player, "piacentine", language)
    first = player.by("gallery-card").first.locator(".card")
    await expect(first).to_have_attribute("aria-label", card_names(language)[0])

    cards = await the_cards(player)
    width = VIEWPORTS[where]["width"]
    outside = [card["code"] for card in cards if card["left"] < 0 or card["right"] > width]
    assert not outside, f"cards wider than the screen: {outside}"
    touching = [(a["code"], b["code"]) for i, a in enumerate(cards) for b in cards[i + 1 :] if overlap(a, b)]
    assert not touching, f"cards lying on one another: {touching}"
    if where == "desktop" and language == "en":
        await player.screenshot("cards-piacentine-desktop-en.png")
    else:
        await player.screenshot(f"cards-piacentine-{where}-{language}.png")
    await player.by("gallery-suit").nth(2).scroll_into_view_if_needed()
    await player.screenshot(f"cards-piacentine-{where}-{language}-spade.png")

    await player.page.reload()
    await expect(player.by("gallery-card")).to_have_count(40)
    await assert_the_page_shows(player, "piacentine", language)

    await player.by("deck-piacentine").focus()
    await player.page.keyboard.press("ArrowUp")  # the arrow keys move along a radio group, choosing
    await assert_the_page_shows(player, "napoletane", language)
    assert not player.errors, player.errors


async def assert_every_rank_shows(player: Player) -> None:
    """On a phone every card in the hand (ten, overlapping) and on the table shows its rank, legibly."""
    await player.page.evaluate(SHOW_THE_HAND)
    await player.page.mouse.move(1, 1)  # a card under the pointer rises over its neighbour, as it should
    await player.page.wait_for_timeout(600)  # the deal's cards have landed
    ranks = await player.page.evaluate(RANKS_SHOWN)
    assert len(ranks) >= 10, ranks
    hidden = [rank["code"] for rank in ranks if not rank["shown"]]
    assert not hidden, f"ranks covered: {hidden}"
    small = [rank for rank in ranks if rank["height"] < 9]
    assert not small, f"ranks too small to read: {small}"


async def test_a_table_shows_the_chosen_deck_and_follows_a_change_made_in_another_tab(
    browser: Browser, server: RunningServer
) -> None:
    player = await open_the_card_page(browser, server, "phone", "it")
    await player.by("deck-choice").get_by_text("Piacentine").click()
    await player.by("gallery-home").click()
    await log_in(player)
    await play_the_computer(player, "scopone_scientifico")
    await expect(player.by("hand-card")).to_have_count(10)
    drawn = await player.page.evaluate(DRAWN)
    assert set(drawn) == {"piacentine"}, drawn
    await expect(player.by("hand").locator("svg[data-deck=piacentine] text.card-index")).to_have_count(20)
    await assert_every_rank_shows(player)
    await player.screenshot("table-piacentine-phone-it.png")

    other = await player.page.context.new_page()
    await other.goto("/#/cards")
    await other.get_by_test_id("deck-choice").get_by_text("Napoletane").click()
    await expect(other.get_by_test_id("gallery")).to_have_attribute("data-deck", "napoletane")
    await expect(player.by("hand").locator("svg[data-deck=napoletane]").first).to_be_attached()
    drawn = await player.page.evaluate(DRAWN)
    assert set(drawn) == {"napoletane"}, drawn
    await assert_every_rank_shows(player)
    names = await player.by("hand-card").evaluate_all("cards => cards.map((card) => card.ariaLabel)")
    assert names and all(" di " in name for name in names), names  # "cinque di denari": no deck in it
    assert not player.errors, player.errors


async def test_the_deck_words_are_said_in_both_languages(browser: Browser, server: RunningServer) -> None:
    player = await open_page(browser, server, "Anna")
    words: dict[str, dict[str, str]] = await player.page.evaluate(
        """async () => ({
          it: (await import("/web/js/i18n/it_decks.js")).default,
          en: (await import("/web/js/i18n/en_decks.js")).default,
        })"""
    )
    assert set(words["it"]) == set(words["en"])
    for deck in ("napoletane", "piacentine"):
        assert {f"deck.{deck}", f"deck.title.{deck}", f"deck.lead.{deck}"} <= set(words["en"])
