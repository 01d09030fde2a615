"""Every label in Italian and in English: the browser's languages choose one, the header's switch the other.

An Italian browser sees Italian on every screen (login, lobby, waiting room, a table in play, the hand's
summary, the game over, the stats) with no English word left; an English one switches to Italian from the
header, keeps that choice over a reload, and switches back by keyboard in the middle of a game that then
goes on. The two dictionaries hold the same keys, placeholders and plural forms.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from entrypoints.container import build_container
from tests.browser.pages import (
    PHONE,
    Player,
    act_if_needed,
    create_table,
    join_table,
    log_in,
    open_guest,
    open_page,
    play_a_card,
    play_until_the_hand_ends,
    wait_for_turn,
    watch_table,
)
from tests.browser.scripted import guests, join, playing
from tests.browser.seeded import captures_by_card, find_deal, seeded_server, several_captures_one_by_sum
from tests.integration.server import RunningServer, server_settings

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
CAPTURE_OPTIONS = {"target_score": 11}
VIEWPORTS = [DESKTOP, PHONE]
VIEWPORT_IDS = ["desktop", "phone"]
WEB = Path(__file__).resolve().parents[2] / "entrypoints" / "web"
MATCH_TIMEOUT = 90.0

# English words that are no Italian word: none may show on a screen in Italian. Names of players and the
# games' own words (scopa, briscola, denari, asso...) are Italian in both languages and are not listed.
ENGLISH_WORDS = frozenset(
    word
    for line in (
        "the you your yours play played playing player players seat seats card cards turn trick tricks",
        "point points table tables game games join open log loading waiting watch watching stats",
        "history leaderboard win wins won lose lost draw matches match next previous score hand hands",
        "deck code take took taken cancel trump of and with to is are yet lobby guest name ratings",
        "rating side caller defenders auction bid bids pass partner page find back sign empty several",
        "ready over share friends starts last lead needs called alone secret refused connecting",
        "connection reconnecting not round",
    )
    for word in line.split()
)

# Every text a person meets on the page: visible text nodes (screen-reader-only ones too, like the
# announcements), and the aria-label, title, placeholder and alt of every element. Text marked as
# being in another language (the switch's "EN" button has lang="en") is left out.
PAGE_TEXTS = """() => {
  const lang = document.documentElement.lang;
  const foreign = (el) => { const marked = el.closest("[lang]"); return marked && marked.lang !== lang; };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim() || el.closest("script, style, noscript") || foreign(el)) continue;
    if (!el.checkVisibility()) continue;
    texts.push(node.textContent);
  }
  for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (foreign(el)) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
    }
  }
  return texts;
}"""


def viewport_id(viewport: ViewportSize) -> str:
    return "phone" if viewport == PHONE else "desktop"


async def assert_all_italian(player: Player, screen: str) -> None:
    """No English word in the page's texts, and (at phone width) nothing wider than the screen."""
    await expect(player.page.locator("html")).to_have_attribute("lang", "it")
    texts: list[str] = await player.page.evaluate(PAGE_TEXTS)
    words = {word for text in texts for word in re.findall(r"[^\W\d_]+", text.lower())}
    english = sorted(words & ENGLISH_WORDS)
    assert not english, f"English on the {screen} screen in Italian: {english} in {texts}"
    await assert_fits(player, screen)


async def assert_fits(player: Player, screen: str) -> None:
    width = await player.page.evaluate("document.documentElement.scrollWidth")
    viewport = player.page.viewport_size
    assert viewport and width <= viewport["width"], f"the {screen} screen overflows: {width}px"


async def play_to_the_end(player: Player, seen_hand_end: list[bool]) -> None:
    """Play the seat through the UI until the game is over; stop once at the first hand-end summary."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + MATCH_TIMEOUT
    while not await player.by("game-over").count():
        assert loop.time() < deadline, "the match did not finish in time"
        if not seen_hand_end and await player.by("hand-end").count():
            seen_hand_end.append(True)
            return
        before = await player.version()
        if await act_if_needed(player):
            await player.wait_for_version_after(before)
        else:
            await asyncio.sleep(0.05)


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=VIEWPORT_IDS)
async def test_an_italian_browser_sees_every_screen_in_italian(
    browser: Browser, server: RunningServer, viewport: ViewportSize
) -> None:
    where = viewport_id(viewport)
    anna = await open_page(browser, server, "Anna", viewport, locale="it-IT")
    await expect(anna.by("login").get_by_role("heading", level=1)).to_have_text(
        "Gioca a carte italiane con gli amici"
    )
    await expect(anna.by("guest-login")).to_have_text("Gioca come ospite")
    await expect(anna.page.get_by_label("Il tuo nome")).to_be_visible()
    await expect(anna.by("language-it")).to_have_attribute("aria-pressed", "true")
    await expect(anna.by("language")).to_have_attribute("aria-label", "Lingua")
    await assert_all_italian(anna, "login")
    await anna.screenshot(f"it-login-{where}.png")

    await log_in(anna)
    await expect(anna.by("nav-lobby")).to_have_text("Sala")
    await expect(anna.by("logout")).to_have_text("Esci")
    await expect(anna.by("create-game")).to_have_text("Apri un tavolo")
    await anna.by("game-type").select_option("scopone_scientifico")
    await expect(anna.by("game-about")).to_contain_text("(4 giocatori)")
    await expect(anna.by("new-table").get_by_label("Punti per vincere")).to_be_visible()
    await anna.by("game-type").select_option("scopa")
    await expect(anna.by("game-about")).to_contain_text("(2 giocatori)")
    await assert_all_italian(anna, "lobby")
    await anna.screenshot(f"it-lobby-{where}.png")

    code = await create_table(anna, "scopa", {"target_score": 1})
    await expect(anna.by("waiting").get_by_role("heading")).to_have_text("In attesa dei giocatori")
    await expect(anna.by("waiting")).to_contain_text("Ancora 1 posto libero su 2.")
    await expect(anna.by("join-code-label")).to_contain_text("Codice")
    await assert_all_italian(anna, "waiting room")
    await anna.screenshot(f"it-waiting-{where}.png")

    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]
    async with playing(server, game_id, [bruno]):
        await wait_for_turn(anna)
        await expect(anna.by("turn-indicator")).to_contain_text("tocca a te")
        await expect(anna.by("prompt")).to_have_text("Tocca a te: gioca una carta.")
        await expect(anna.by("hand")).to_have_attribute("aria-label", "La tua mano")
        await expect(anna.by("deck-count")).to_contain_text("carte")
        await assert_all_italian(anna, "table")
        await anna.screenshot(f"it-scopa-table-{where}.png")
        version = await anna.version()
        await play_a_card(anna)
        assert await anna.wait_for_version_after(version)
        await expect(anna.by("move-log-entry").last).to_contain_text(
            re.compile(r"Hai giocato|Bruno ha giocato")
        )
        await expect(anna.by("announcer")).not_to_be_empty()
        await assert_all_italian(anna, "table after a move")

        seen_hand_end: list[bool] = []
        await play_to_the_end(anna, seen_hand_end)
        if seen_hand_end:
            await expect(anna.by("hand-end").get_by_role("heading")).to_have_text("Fine della mano")
            await expect(anna.by("ack-status")).to_contain_text("Pronti:")
            await assert_all_italian(anna, "hand end")
            await anna.screenshot(f"it-hand-end-{where}.png")
            await play_to_the_end(anna, seen_hand_end)
        await expect(anna.by("game-over-headline")).to_have_text(re.compile(r"^(Hai vinto!|Hai perso)$"))
        await expect(anna.by("back-to-lobby")).to_have_text("Torna alla sala")
        await assert_all_italian(anna, "game over")
        await anna.screenshot(f"it-game-over-{where}.png")

    await anna.by("nav-stats").click()
    await expect(anna.by("nav-stats")).to_have_text("Statistiche")
    await expect(anna.by("history-row")).to_have_count(1)
    await expect(anna.by("history-row").locator(".badge")).to_have_text(re.compile(r"^(vinta|persa)$"))
    await expect(anna.by("match-history").get_by_role("heading")).to_have_text("Storico delle partite")
    await anna.by("leaderboard-type").select_option("scopa")
    await expect(anna.by("leaderboard-row")).to_have_count(2)
    await expect(anna.by("leaderboard-page")).to_have_text("Pagina 1 di 1")
    await assert_all_italian(anna, "stats")
    await anna.screenshot(f"it-stats-{where}.png")
    assert not anna.errors, anna.errors


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=VIEWPORT_IDS)
async def test_the_header_switch_changes_the_language_keeps_it_and_the_game_goes_on(
    browser: Browser, server: RunningServer, viewport: ViewportSize
) -> None:
    where = viewport_id(viewport)
    anna = await open_guest(browser, server, "Anna", viewport, locale="en-US")
    html = anna.page.locator("html")
    switch = anna.by("language")
    await expect(html).to_have_attribute("lang", "en")
    await expect(anna.by("create-game")).to_have_text("Open a table")
    await expect(switch).to_have_attribute("aria-label", "Language")
    await expect(anna.by("language-en")).to_have_attribute("aria-pressed", "true")
    await anna.screenshot(f"en-lobby-{where}.png")

    await switch.get_by_role("button", name="Italiano (IT)").click()
    await expect(html).to_have_attribute("lang", "it")
    await expect(anna.by("create-game")).to_have_text("Apri un tavolo")
    await expect(anna.by("new-table").get_by_role("heading")).to_have_text("Nuovo tavolo")
    await expect(anna.by("nav-stats")).to_have_text("Statistiche")
    await expect(anna.by("logout")).to_have_text("Esci")
    await expect(anna.by("language-it")).to_have_attribute("aria-pressed", "true")
    await expect(anna.by("language-en")).to_have_attribute("aria-pressed", "false")
    await expect(anna.by("announcer")).to_have_text("La pagina ora è in italiano.")
    await assert_all_italian(anna, "lobby")

    await anna.page.reload()
    await expect(anna.by("lobby")).to_be_visible()
    await expect(html).to_have_attribute("lang", "it")
    await expect(anna.by("create-game")).to_have_text("Apri un tavolo")

    code = await create_table(anna, "briscola")
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]
    async with playing(server, game_id, [bruno]):
        await wait_for_turn(anna)
        await expect(anna.by("trump")).to_contain_text("Briscola:")
        await expect(anna.by("deck-count")).to_contain_text("carte nel mazzo")
        await assert_all_italian(anna, "briscola table")
        await anna.screenshot(f"it-briscola-table-{where}.png")

        await anna.by("language-en").focus()  # back to English by keyboard, in the middle of the game
        await anna.page.keyboard.press("Enter")
        await expect(html).to_have_attribute("lang", "en")
        await expect(anna.by("language-en")).to_be_focused()
        await expect(anna.by("trump")).to_contain_text("Trump suit:")
        await expect(anna.by("deck-count")).to_contain_text("cards in the deck")
        await wait_for_turn(anna)
        await expect(anna.by("turn-indicator")).to_contain_text("your turn")
        await assert_fits(anna, "briscola table")
        await anna.screenshot(f"en-briscola-table-{where}.png")
        version = await anna.version()
        card = await play_a_card(anna)  # the table drawn anew still plays
        assert await anna.wait_for_version_after(version)
        await expect(anna.by("hand").locator(f'[data-card="{card}"]')).to_have_count(0)
        await expect(anna.by("error")).to_be_hidden()

    await anna.page.reload()
    await expect(anna.table).to_be_visible()
    await expect(html).to_have_attribute("lang", "en")
    await expect(anna.by("nav-lobby")).to_have_text("Lobby")
    assert not anna.errors, anna.errors


@pytest.mark.parametrize(
    ("game_type", "viewport"),
    [("scopa", DESKTOP), ("briscola", PHONE)],
    ids=["scopa-desktop", "briscola-phone"],
)
async def test_the_hand_end_summary_in_italian(
    browser: Browser, server: RunningServer, game_type: str, viewport: ViewportSize
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport, locale="it-IT")
    code = await create_table(anna, game_type, {"target_score": 21 if game_type == "scopa" else 1000})
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]
    carla = await open_guest(browser, server, "Carla", viewport, locale="it-IT")
    await watch_table(carla, code)
    await expect(carla.by("spectator-badge")).to_have_text("Spettatore")
    await expect(carla.by("spectator-note")).to_contain_text("Stai guardando")
    await assert_all_italian(carla, f"{game_type} spectator")

    async with playing(server, game_id, [bruno]):
        await play_until_the_hand_ends(anna, MATCH_TIMEOUT)

        summary = anna.by("hand-end")
        await expect(summary).to_have_attribute("aria-label", "Riepilogo della mano")
        await expect(summary.get_by_role("heading")).to_have_text("Fine della mano")
        await expect(summary.get_by_role("button", name="Mano successiva")).to_be_visible()
        await expect(summary.get_by_role("rowheader", name="Punteggio della partita")).to_be_visible()
        caption = "Mano 1" if game_type == "scopa" else re.compile(r"^Smazzata 1")
        await expect(summary.locator("caption")).to_have_text(caption)
        await assert_all_italian(anna, f"{game_type} hand end")
        await anna.screenshot(f"it-{game_type}-hand-end-{viewport_id(viewport)}.png")
        await expect(carla.by("hand-end")).to_be_visible()
        await assert_all_italian(carla, f"{game_type} hand end, as a spectator")
        await anna.by("ack").click()
        await expect(anna.by("hand-end")).to_have_count(0)
    for player in (anna, carla):
        assert not player.errors, player.errors


async def test_choosing_a_capture_in_italian_then_in_english(browser: Browser) -> None:
    deal = find_deal(
        build_container(server_settings()).registry(), "scopa", CAPTURE_OPTIONS, several_captures_one_by_sum
    )
    card, captures = next((c, taken) for c, taken in captures_by_card(deal.view).items() if len(taken) > 1)
    async with seeded_server(deal.seed) as server:
        anna = await open_guest(browser, server, "Anna", PHONE, locale="it-IT")
        (other,) = await guests(server, ["Bruno"])
        if deal.turn == 0:  # the creator sits at seat 0
            code = await create_table(anna, "scopa", CAPTURE_OPTIONS)
            await join(other, code)
        else:
            created = await other.http.post(
                "/api/games", json={"game_type": "scopa", "options": CAPTURE_OPTIONS}
            )
            await join_table(anna, created.json()["join_code"])
        await wait_for_turn(anna)

        hand_card = anna.by("hand").locator(f'[data-card="{card}"]')
        await expect(hand_card).to_have_attribute("aria-label", re.compile(r", più prese possibili$"))
        await hand_card.click()
        choice = anna.by("capture-choice")
        await expect(choice).to_contain_text("puoi prendere in più modi")
        await expect(anna.by("capture-option")).to_have_count(len(captures))
        await expect(anna.by("capture-option").first).to_have_text(re.compile(r"^Prendi \w+ di "))
        await expect(anna.by("cancel-capture")).to_have_text("Annulla")
        await assert_all_italian(anna, "capture choice")
        await anna.screenshot("it-capture-choice-phone.png")

        await anna.by("language-en").click()
        await wait_for_turn(anna)
        await hand_card.click()
        await expect(choice).to_contain_text("You can take in several ways with")
        await expect(anna.by("capture-option").first).to_have_text(re.compile(r"^Take \w+ of "))
        await expect(anna.by("cancel-capture")).to_have_text("Cancel")
        await assert_fits(anna, "capture choice")
        await anna.screenshot("en-capture-choice-phone.png")
        await other.close()
    assert not anna.errors, anna.errors


async def test_briscola_chiamata_speaks_italian_from_the_auction_to_the_tricks(
    browser: Browser, server: RunningServer
) -> None:
    dealer, bruno, carla, dario = await guests(server, ["Elena", "Bruno", "Carla", "Dario"])
    created = await dealer.http.post("/api/games", json={"game_type": "briscola_chiamata"})
    assert created.status_code == 201, created.text
    game = created.json()
    anna = await open_guest(browser, server, "Anna", DESKTOP, locale="it-IT")  # seat 1: first to speak
    await join_table(anna, game["join_code"])
    for guest in (bruno, carla, dario):
        await join(guest, game["join_code"])

    async with playing(server, game["id"], [dealer, bruno, carla, dario]):  # they pass, then play
        await wait_for_turn(anna)
        await expect(anna.by("auction").get_by_role("heading")).to_have_text("Asta")
        await expect(anna.by("bid-pass")).to_have_text("Passo")
        await expect(anna.by("bid-controls")).to_contain_text("Tocca a te fare un'offerta.")
        await assert_all_italian(anna, "auction")
        await anna.screenshot("it-chiamata-auction.png")
        await anna.by("bid-rank").first.click()
        await expect(anna.by("call-controls")).to_be_visible(timeout=10_000)
        first_call = anna.by("call-card").first
        await expect(first_call).to_have_attribute("aria-label", re.compile(r"^Chiama \w+ di "))
        await assert_all_italian(anna, "call")
        await anna.by("call-card").first.click()
        await expect(anna.by("called")).to_contain_text("Chiamata da te · briscola:")
        await wait_for_turn(anna)
        await assert_all_italian(anna, "chiamata table")
        await anna.screenshot("it-chiamata-table.png")
        version = await anna.version()
        await play_a_card(anna)
        assert await anna.wait_for_version_after(version)
        await expect(anna.by("auction")).to_have_count(0)
        await assert_all_italian(anna, "chiamata table after a move")
    assert not anna.errors, anna.errors


# The dictionaries the page reads: i18n.js merges it.js/en.js with the other i18n/ modules it imports.
DICTIONARIES = """async () => (await import("/web/js/i18n.js")).DICTIONARIES"""

PLURALS = """async () => {
  const { t } = await import("/web/js/i18n.js");
  return [1, 2].flatMap((count) => [t("tricks.seat.tricks", { count }), t("fishing.seat.pile", { count }),
    t("fishing.seat.scope", { count }), t("seat.holds", { count }),
    t("lobby.seats_open", { count, seats: 4 })]);
}"""

KEY_PREFIXES = (
    "shell|logout|login|lobby|status|game|option|stats|card|rank|table|fishing|briscola|chiamata|error"
    "|seat|log|gallery|attention|arena"
)


def placeholders(entry: str | dict[str, str]) -> set[str]:
    forms = entry.values() if isinstance(entry, dict) else [entry]
    return {name for form in forms for name in re.findall(r"\{(\w+)\}", form)}


def has_words(entry: str | dict[str, str]) -> bool:
    """Whether an entry has words: a non-empty string, or plural forms that all are."""
    forms = list(entry.values()) if isinstance(entry, dict) else [entry]
    return bool(forms) and all(isinstance(form, str) and form.strip() for form in forms)


def keys_in_the_code() -> tuple[set[str], set[str]]:
    """The dictionary keys the page's scripts name literally, and those said of a seat (with a .you form)."""
    named: set[str] = set()
    said: set[str] = set()
    for script in WEB.joinpath("js").rglob("*.js"):
        if script.parent.name == "i18n":
            continue
        source = script.read_text()
        named |= set(re.findall(rf'"((?:{KEY_PREFIXES})\.[a-z_.]+)"', source))
        for first_argument in re.findall(r"\bsay\(([^,]*),", source):
            said |= set(re.findall(r'"([a-z_.]+)"', first_argument))
    return named, said


async def test_both_languages_have_the_same_keys_placeholders_and_plurals(
    browser: Browser, server: RunningServer
) -> None:
    italian = await open_page(browser, server, "Anna", locale="it-IT")
    english = await open_page(browser, server, "Anna", locale="en-GB")
    dictionaries: dict[str, dict[str, Any]] = await italian.page.evaluate(DICTIONARIES)
    it, en = dictionaries["it"], dictionaries["en"]

    assert set(it) == set(en), f"only in it: {set(it) - set(en)}; only in en: {set(en) - set(it)}"
    empty = sorted(
        f"{lang}:{key}" for lang, words in dictionaries.items() for key in words if not has_words(words[key])
    )
    assert not empty, f"empty texts: {empty}"
    for key in it:
        assert isinstance(it[key], dict) == isinstance(en[key], dict), key
        if isinstance(it[key], dict):
            assert {"one", "other"} <= set(it[key]) and {"one", "other"} <= set(en[key]), key
        assert placeholders(it[key]) == placeholders(en[key]), key
    named, said = keys_in_the_code()
    assert named and said
    assert not named - set(en), f"keys the scripts use but no dictionary has: {named - set(en)}"
    missing_you = {key for key in said if f"{key}.you" not in en}
    assert not missing_you, f"sentences about a seat without their form for the viewer: {missing_you}"

    assert await italian.page.evaluate(PLURALS) == [
        *["1 presa vinta", "1 carta presa", "1 scopa", "1 carta in mano", "1 posto libero su 4"],
        *["2 prese vinte", "2 carte prese", "2 scope", "2 carte in mano", "2 posti liberi su 4"],
    ]
    assert await english.page.evaluate(PLURALS) == [
        *["1 trick won", "1 card taken", "1 scopa", "1 card in hand", "1 of 4 seats open"],
        *["2 tricks won", "2 cards taken", "2 scope", "2 cards in hand", "2 of 4 seats open"],
    ]
    await expect(english.page.locator("html")).to_have_attribute("lang", "en")
    await expect(english.by("guest-login")).to_have_text("Play as guest")
    for player in (italian, english):
        assert not player.errors, player.errors
