"""The card faces and their reference page (#/cards), in Italian and in English, on desktops and phones.

The page shows the forty cards of the chosen deck (Napoletane until the player picks the Piacentine)
suit by suit, each named under its face, with nothing wider than the screen. In either deck every face
is drawn differently from every other, and the rank in its corners is always upright: top-left and
bottom-right, never turned, so no rank reads as another one upside down. The Piacentine figures are
double-ended: each is drawn twice, the second half turned round the card's centre.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import Player, log_in, open_page
from tests.browser.test_languages import assert_all_italian, assert_fits
from tests.integration.server import RunningServer

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE_SMALL: ViewportSize = {"width": 360, "height": 740}
PHONE: ViewportSize = {"width": 390, "height": 844}
VIEWPORTS = {"desktop": DESKTOP, "phone-360": PHONE_SMALL, "phone": PHONE}
LOCALES = {"it": "it-IT", "en": "en-US"}

SUITS = ["D", "C", "S", "B"]
SUIT_NAMES = {"D": "denari", "C": "coppe", "S": "spade", "B": "bastoni"}
RANK_NAMES = {
    "it": ["asso", "due", "tre", "quattro", "cinque", "sei", "sette", "fante", "cavallo", "re"],
    "en": ["asso", "2", "3", "4", "5", "6", "7", "fante", "cavallo", "re"],
}
HEADINGS = {
    "it": ["Denari", "Coppe", "Spade", "Bastoni", "Il dorso"],
    "en": ["Denari (coins)", "Coppe (cups)", "Spade (swords)", "Bastoni (clubs)", "The back"],
}
DECK = [f"{rank:02d}{suit}" for suit in SUITS for rank in range(1, 11)]

# Each face on the page: its code, the SVG markup, its drawn width, and its rank indices: their text,
# where they sit in the card's 60x90 box, and whether anything (the text or a group around it) turns them.
FACES = """() => [...document.querySelectorAll("[data-testid=gallery-card]")].map((figure) => {
  const svg = figure.querySelector("svg");
  return {
    code: figure.dataset.card,
    markup: svg.outerHTML,
    width: svg.getBoundingClientRect().width,
    texts: svg.querySelectorAll("text").length,
    deck: svg.dataset.deck,
    halves: svg.querySelectorAll("g[transform='rotate(180 30 45)']").length,
    indices: [...svg.querySelectorAll("text.card-index")].map((text) => {
      const box = text.getBBox();
      const m = text.getCTM();
      return {
        text: text.textContent,
        x: box.x, y: box.y, right: box.x + box.width, bottom: box.y + box.height,
        rotated: Boolean(text.closest("[transform*=rotate]")) || Math.abs(m.b) > 1e-6 || Math.abs(m.c) > 1e-6
          || m.a <= 0 || m.d <= 0,
      };
    }),
  };
})"""


def card_names(language: str) -> list[str]:
    joiner = " di " if language == "it" else " of "
    ranks = RANK_NAMES[language]
    return [f"{ranks[rank - 1]}{joiner}{SUIT_NAMES[suit]}" for suit in SUITS for rank in range(1, 11)]


def centre(box: dict[str, float]) -> tuple[float, float]:
    """Where a text's box is centred in the card's 60x90 drawing."""
    return (box["x"] + box["right"]) / 2, (box["y"] + box["bottom"]) / 2


async def open_gallery(
    browser: Browser, server: RunningServer, viewport: ViewportSize, language: str
) -> Player:
    player = await open_page(browser, server, "Anna", viewport, locale=LOCALES[language])
    await player.page.goto("/#/cards")
    await expect(player.by("gallery")).to_be_visible()
    return player


async def faces(player: Player) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = await player.page.evaluate(FACES)
    return found


@pytest.mark.parametrize(
    ("where", "language"), [("desktop", "en"), ("phone-360", "it"), ("phone", "en"), ("desktop", "it")]
)
async def test_the_gallery_shows_the_forty_cards_by_suit_with_their_names_and_fits_the_screen(
    browser: Browser, server: RunningServer, where: str, language: str
) -> None:
    player = await open_gallery(browser, server, VIEWPORTS[where], language)
    gallery = player.by("gallery")
    await expect(gallery.get_by_role("heading", level=1)).to_have_text(
        "Le carte napoletane" if language == "it" else "The Neapolitan cards"
    )
    await expect(gallery.get_by_role("heading", level=2)).to_have_text(HEADINGS[language])
    await expect(player.by("gallery-lead")).to_contain_text(
        "il fante (8" if language == "it" else "the fante (8"
    )
    await expect(player.by("gallery-suit")).to_have_count(4)
    await expect(player.by("gallery-card")).to_have_count(40)
    await expect(player.by("gallery-card-name")).to_have_text(card_names(language))
    first = player.by("gallery-card").first.locator(".card")
    await expect(first).to_have_attribute("aria-label", card_names(language)[0])
    await expect(player.by("gallery-back")).to_be_visible()

    drawn = await faces(player)
    assert [face["code"] for face in drawn] == DECK
    smallest = 50 if where.startswith("phone") else 80
    assert min(face["width"] for face in drawn) >= smallest, [face["width"] for face in drawn]
    if language == "it":
        await assert_all_italian(player, "card gallery")
    else:
        await assert_fits(player, "card gallery")
    await player.screenshot(f"cards-{where}-{language}.png")
    await player.by("gallery-suit").last.scroll_into_view_if_needed()
    await player.screenshot(f"cards-{where}-{language}-bastoni.png")
    assert not player.errors, player.errors


@pytest.mark.parametrize("deck", ["napoletane", "piacentine"])
async def test_every_face_is_drawn_differently_and_its_rank_stands_upright_in_two_corners(
    browser: Browser, server: RunningServer, deck: str
) -> None:
    player = await open_gallery(browser, server, DESKTOP, "en")
    await player.by(f"deck-{deck}").click()
    await expect(player.by("gallery")).to_have_attribute("data-deck", deck)
    drawn = await faces(player)
    assert len(drawn) == 40
    assert {face["deck"] for face in drawn} == {deck}
    double_ended = [face["code"] for face in drawn if face["halves"]]
    assert double_ended == ([code for code in DECK if int(code[:2]) >= 8] if deck == "piacentine" else [])
    assert len({face["markup"] for face in drawn}) == 40, "two faces share the same drawing"
    for face in drawn:
        rank = str(int(face["code"][:2]))
        top_left, bottom_right = face["indices"]
        assert face["texts"] == 2, f"{face['code']}: text other than the two indices"
        assert top_left["text"] == bottom_right["text"] == rank, face["code"]
        assert not top_left["rotated"] and not bottom_right["rotated"], f"{face['code']}: a turned index"
        (left, top), (right, bottom) = centre(top_left), centre(bottom_right)
        assert left < 15 and top < 15, f"{face['code']}: the first index is not top-left: {top_left}"
        assert right > 45 and bottom > 75, f"{face['code']}: the second is not bottom-right: {bottom_right}"
        assert len(face["markup"]) < 8_000, f"{face['code']}: {len(face['markup'])} characters of SVG"
    assert not re.search(r"<text[^>]*rotate", "".join(face["markup"] for face in drawn))
    assert not player.errors, player.errors


async def test_the_cards_link_leads_to_the_gallery_from_the_login_screen_and_from_the_lobby(
    browser: Browser, server: RunningServer
) -> None:
    player = await open_page(browser, server, "Anna", PHONE, locale="en-US")
    await player.by("cards-link").click()
    await expect(player.by("gallery")).to_be_visible()
    await expect(player.by("gallery-home")).to_have_text("Log in and play")
    await player.by("language-it").click()  # the page is drawn anew in the other language
    await expect(player.by("gallery-card-name").first).to_have_text("asso di denari")
    await expect(player.by("gallery-home")).to_have_text("Entra e gioca")
    await player.by("gallery-home").click()
    await expect(player.by("login")).to_be_visible()
    await player.by("language-en").click()

    await log_in(player)
    await expect(player.by("cards-link")).to_have_text("The cards")
    await player.by("cards-link").click()
    await expect(player.by("gallery-card")).to_have_count(40)
    await expect(player.by("gallery-home")).to_have_text("Back to the lobby")
    await player.by("gallery-home").click()
    await expect(player.by("lobby")).to_be_visible()
    assert not player.errors, player.errors
