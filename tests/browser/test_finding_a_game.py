"""Finding a game from the lobby, by clicks only: a person alone plays the computer; two people find each
other by Play now and by the open tables; a friend follows an invitation link; a guest is warned before
logging out what they lose, and told what became of their games after signing in; the stats page opens
on the last game played and says which matches were casual.

Each new screen is also looked at in both languages at desktop and phone size: screenshots go to
var/screenshots/finding-*.png, nothing is wider than the screen, and axe-core finds nothing serious.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TypeVar

import pytest
from playwright.async_api import Browser, Route, ViewportSize, WebSocketRoute, expect

from tests.browser.accessibility import serious_violations
from tests.browser.finding import (
    ACME,
    MATCH_TIMEOUT,
    eventually,
    open_invitation,
    open_public_table,
    play_cards_until,
    play_the_computer,
    press_play_now,
    recorded_matches,
)
from tests.browser.pages import DESKTOP, Player, create_table, log_in, open_guest, open_page
from tests.browser.scripted import finish_a_match
from tests.browser.serving import browser_settings
from tests.browser.table_life import game_id_of, play_for
from tests.browser.test_screen_sizes import PROBLEMS
from tests.integration.server import RunningServer, running_server

T = TypeVar("T")
SMALL_PHONE: ViewportSize = {"width": 360, "height": 740}
LOCALES = {"en": "en-GB", "it": "it-IT"}
# Computer players that answer at once, and a flood guard that lets scripted seats answer every frame.
QUICK = {"bot_move_delay_seconds": 0.05, "ws_rate_per_second": 10_000.0, "ws_rate_burst": 10_000}


@asynccontextmanager
async def a_server(with_a_provider: bool = False) -> AsyncIterator[RunningServer]:
    """The test server; ``with_a_provider``: it also names an identity provider (guests still welcome)."""
    extra = {"oidc_providers": (ACME,), "auth_guest": True} if with_a_provider else {}
    async with running_server(browser_settings(**QUICK, **extra)) as server:
        yield server


def async_value(read: Callable[[], T]) -> Callable[[], Awaitable[T]]:
    async def value() -> T:
        return read()

    return value


def size_of(viewport: ViewportSize) -> str:
    return "phone" if viewport["width"] < 500 else "desktop"


async def assert_looks_right(player: Player, screen: str) -> None:
    """At the page's size, then at the other one (a desktop, a small phone), then back: the screen fits
    its width (nothing cut, no one-word lines) and has no serious a11y violation; its picture goes to
    var/screenshots/finding-<screen>-<language>-<size>.png."""
    language = await player.page.evaluate("document.documentElement.lang")
    viewport = player.page.viewport_size
    assert viewport
    other = SMALL_PHONE if size_of(viewport) == "desktop" else DESKTOP
    for size in (viewport, other):
        await player.page.set_viewport_size(size)
        await player.page.wait_for_timeout(120)  # the new size's layout
        where = f"[{screen}, {language}, {size_of(size)}] "
        await player.screenshot(f"finding-{screen}-{language}-{size_of(size)}.png", full_page=True)
        problems: list[str] = await player.page.evaluate(PROBLEMS)
        assert not problems, where + "\n".join(problems)
        violations = await serious_violations(player.page)
        assert not violations, where + "\n".join(violations)
    await player.page.set_viewport_size(viewport)


# ---------------------------------------------------------------- play the computer


LEVEL_WORDS = {"en": {"easy": "easy", "hard": "hard"}, "it": {"easy": "facile", "hard": "difficile"}}


@pytest.mark.parametrize(
    ("language", "viewport", "level"),
    [("en", DESKTOP, "easy"), ("it", SMALL_PHONE, "hard")],
    ids=["en-desktop-easy", "it-phone-hard"],
)
async def test_a_person_alone_plays_a_whole_briscola_against_the_computer_from_the_landing_page(
    browser: Browser, language: str, viewport: ViewportSize, level: str
) -> None:
    async with a_server() as server:
        anna = await open_page(browser, server, "Anna", viewport, LOCALES[language])
        await log_in(anna)

        panel = anna.by("play-computer-panel")
        # The panel opens on the server's first game, the default turn time and the first level.
        first = (await (await anna.page.request.get("/api/game-types")).json())[0]["id"]
        await expect(panel.get_by_test_id("computer-game")).to_have_value(first)
        await expect(panel.get_by_test_id("computer-turn-time")).to_have_value("30")
        first_level = "facile" if language == "it" else "easy"
        await expect(panel.get_by_label(first_level)).to_be_visible()
        # The hard level searches: its moves are worked out in the server's thinking processes.
        await expect(panel.get_by_label(LEVEL_WORDS[language][level])).to_be_visible()
        await play_the_computer(anna, "briscola", level)

        seats = anna.by("seat")
        await expect(seats).to_have_count(2)
        await expect(seats.nth(1)).to_contain_text(f"Computer 2 · {LEVEL_WORDS[language][level]}")
        shown = await play_cards_until(anna, "game-over", timeout=MATCH_TIMEOUT, ack=True)
        assert shown == "game-over"
        await expect(anna.by("game-over-headline")).to_be_visible()
        await anna.screenshot(f"finding-computer-game-over-{level}-{language}-{size_of(viewport)}.png")
    assert not anna.errors, anna.errors


# ---------------------------------------------------------------- quick match


async def test_two_people_find_each_other_by_play_now_and_their_match_is_played_out(browser: Browser) -> None:
    async with a_server() as server:
        anna = await open_guest(browser, server, "Anna", DESKTOP)
        bruno = await open_guest(browser, server, "Bruno", SMALL_PHONE, LOCALES["it"])
        lobby_sockets: list[WebSocketRoute] = []
        sent: list[list[dict[str, object]]] = []

        async def through_the_lobby_socket(ws: WebSocketRoute) -> None:
            upstream = ws.connect_to_server()
            messages: list[dict[str, object]] = []
            lobby_sockets.append(ws)
            sent.append(messages)

            def forward(message: str | bytes) -> None:
                messages.append(json.loads(message))
                upstream.send(message)

            ws.on_message(forward)
            ws.on_close(lambda code, reason: upstream.close())

        await anna.page.route_web_socket(re.compile(r"/ws/lobby$"), through_the_lobby_socket)
        await anna.page.reload()
        await expect(anna.by("lobby")).to_be_visible()

        await press_play_now(anna, "briscola")
        await expect(anna.by("seek-status")).to_contain_text("Looking for players…")
        await expect(anna.by("seek-clock")).to_have_text(re.compile(r"^0:0[1-9]$"), timeout=5000)
        await expect(anna.by("seek-detail")).to_have_text("Briscola · people only")
        await expect(anna.by("play-now")).to_be_disabled()

        await lobby_sockets[0].close()  # the connection drops while Anna waits: the page seeks again
        seek = {"action": "seek", "game_type": "briscola", "computers_after": None}
        await eventually(async_value(lambda: sent), lambda s: len(s) > 1 and seek in s[-1])
        await expect(anna.by("seek-status")).to_contain_text("Looking for players…")

        await press_play_now(bruno, "briscola")  # Bruno's page is in Italian, on a phone
        await expect(anna.table).to_be_visible(timeout=10_000)
        await expect(bruno.table).to_be_visible(timeout=10_000)
        assert game_id_of(anna) == game_id_of(bruno)
        await expect(anna.table).to_have_attribute("data-phase", "playing")
        await play_for(server, game_id_of(anna), [anna, bruno])  # their sockets play it out
    for player in (anna, bruno):
        assert not player.errors, player.errors


async def test_cancelling_play_now_stops_the_search(browser: Browser) -> None:
    async with a_server() as server:
        anna = await open_guest(browser, server, "Anna", SMALL_PHONE, LOCALES["it"])
        await press_play_now(anna, "scopa", computers_after=60)
        await expect(anna.by("seek-status")).to_contain_text("Cerco giocatori…")
        await expect(anna.by("seek-detail")).to_have_text(
            "Scopa · il computer entra dopo 60 secondi di attesa"
        )
        await expect(anna.by("seek-clock")).to_have_text(re.compile(r"^0:\d\d$"))
        # The lobby drawn anew in English goes on looking (over a new lobby socket).
        await anna.by("language-en").click()
        await expect(anna.by("seek-status")).to_contain_text("Looking for players…")
        await expect(anna.by("seek-detail")).to_have_text(
            "Scopa · computer players after 60 seconds of waiting"
        )
        await expect(anna.by("seek-clock")).to_have_text(re.compile(r"^0:\d\d$"))
        await expect(anna.by("quick-game")).to_have_value("scopa")
        await anna.by("cancel-seek").click()
        await expect(anna.by("seeking")).to_be_hidden()
        await expect(anna.by("play-now")).to_be_enabled()
        await expect(anna.by("play-now")).to_be_focused()

        # Nobody is left waiting: Bruno's Play now finds no one, and computer players come after 15 s.
        bruno = await open_guest(browser, server, "Bruno", DESKTOP)
        await press_play_now(bruno, "scopa", computers_after=15)
        await expect(bruno.by("seek-status")).to_contain_text("Looking for players…")
        await expect(bruno.table).to_be_visible(timeout=25_000)
        await expect(bruno.by("seat").nth(1)).to_contain_text("Computer")
        await expect(anna.by("lobby")).to_be_visible()
    for player in (anna, bruno):
        assert not player.errors, player.errors


# ---------------------------------------------------------------- open tables


async def test_a_public_table_appears_live_and_one_click_takes_its_seat_at_a_match_played_out(
    browser: Browser,
) -> None:
    async with a_server() as server:
        bruno = await open_guest(browser, server, "Bruno", SMALL_PHONE)
        await expect(bruno.by("no-open-tables")).to_have_text(
            "No table is waiting for players right now. Open one below, or press Play now."
        )
        anna = await open_guest(browser, server, "Anna", DESKTOP, LOCALES["it"])
        await open_public_table(anna, "briscola")

        table = bruno.by("open-table")
        await expect(table).to_have_count(1)  # no reload: the lobby socket brought it
        await expect(table.get_by_role("heading")).to_have_text("Briscola")
        await expect(bruno.by("open-table-seats")).to_have_text("1 of 2 seats taken: Anna, free")
        await expect(bruno.by("open-table-rated")).to_have_text("Rated")
        await expect(bruno.by("open-table-facts")).to_contain_text("30 seconds per move")
        await table.scroll_into_view_if_needed()
        await bruno.screenshot("finding-open-table-en-phone.png")
        await table.get_by_role("button", name="Take a seat").click()

        await expect(bruno.table).to_be_visible()
        await expect(anna.table).to_have_attribute("data-phase", "playing")
        assert game_id_of(anna) == game_id_of(bruno)
        await play_for(server, game_id_of(anna), [anna, bruno])  # their sockets play it out
    for player in (anna, bruno):
        assert not player.errors, player.errors


async def test_the_open_tables_list_follows_tables_that_fill_up(browser: Browser) -> None:
    async with a_server() as server:
        carla = await open_guest(browser, server, "Carla", DESKTOP, LOCALES["it"])
        anna = await open_guest(browser, server, "Anna", DESKTOP)
        await open_public_table(anna, "scopone_scientifico", casual=True)
        table = carla.by("open-table")
        await expect(carla.by("open-table-seats")).to_have_text(
            "1 posto occupato su 4: Anna, libero, libero, libero"
        )
        await expect(carla.by("open-table-rated")).to_have_text("Amichevole")
        await table.get_by_role("button", name="Siediti").click()
        await expect(carla.table).to_be_visible()

        # Back in the lobby, her own table has a link back rather than a seat to take.
        await carla.by("nav-lobby").click()
        await expect(carla.by("open-table-seats")).to_have_text(
            "2 posti occupati su 4: Anna, Carla, libero, libero"
        )
        await expect(carla.by("my-open-table")).to_have_text("Torna al tuo tavolo")
        await expect(carla.by("open-take-seat")).to_have_count(0)
    for player in (anna, carla):
        assert not player.errors, player.errors


async def test_take_a_seat_pressed_as_another_table_opens_still_seats_the_player_at_the_pressed_table(
    browser: Browser,
) -> None:
    """The list is drawn anew when a table opens; the press began on Anna's table's button, so the
    release takes Anna's seat, whatever the new list put under the pointer."""
    async with a_server() as server:
        bruno = await open_guest(browser, server, "Bruno", SMALL_PHONE)
        anna = await open_guest(browser, server, "Anna", DESKTOP)
        await open_public_table(anna, "briscola")
        await expect(bruno.by("open-take-seat")).to_have_count(1)
        await bruno.press(bruno.by("open-take-seat"))

        carla = await open_guest(browser, server, "Carla", DESKTOP)
        opened = await carla.page.request.post("/api/games", data={"game_type": "scopa", "public": True})
        assert opened.status == 201, await opened.text()
        await expect(bruno.by("open-table")).to_have_count(2)
        await bruno.release_once_redrawn()

        await expect(bruno.table).to_be_visible()
        assert game_id_of(bruno) == game_id_of(anna)
        await expect(anna.table).to_have_attribute("data-phase", "playing")
    for player in (anna, bruno, carla):
        assert not player.errors, player.errors


# ---------------------------------------------------------------- invitation link


async def test_a_friend_follows_the_invitation_link_logs_in_and_takes_the_open_seat(browser: Browser) -> None:
    async with a_server() as server:
        anna = await open_guest(browser, server, "Anna")
        code = await create_table(anna, "briscola")  # private: found by its code only

        bruno = await open_invitation(browser, server, "Bruno", code.lower(), SMALL_PHONE)
        invitation = bruno.by("invitation")
        await expect(invitation.get_by_role("heading", level=1)).to_have_text("You are invited to a table")
        await expect(invitation).to_contain_text(f"A friend shared the code {code} with you.")
        await expect(bruno.by("preview-name")).to_have_text("Briscola")
        await expect(invitation).to_contain_text("Players: Anna, free")
        await expect(bruno.by("preview-seats")).to_have_text("1 of 2 seats open")
        await expect(bruno.by("watch-button")).to_have_count(0)
        await bruno.by("join-button").click()
        await expect(bruno.table).to_be_visible()
        await expect(anna.table).to_have_attribute("data-phase", "playing")

        # Once every seat is taken the same link offers to watch.
        carla = await open_invitation(browser, server, "Carla", code, DESKTOP, LOCALES["it"])
        await expect(carla.by("invitation-full")).to_have_text(
            "I posti sono tutti occupati: puoi guardare la partita."
        )
        await expect(carla.by("join-button")).to_have_count(0)
        await carla.by("watch-button").click()
        await expect(carla.by("spectator-badge")).to_be_visible()

        # A code that no table has is said in words.
        await carla.page.goto("/#/join/ZZZZZZ")
        await expect(carla.by("invitation-error")).to_have_text("Nessun tavolo ha questo codice.")
    for player in (anna, bruno, carla):
        assert not player.errors, player.errors


# ---------------------------------------------------------------- guests


async def test_a_guest_is_warned_before_logging_out_and_offered_to_keep_their_games(browser: Browser) -> None:
    async with a_server(with_a_provider=True) as server:
        anna = await open_guest(browser, server, "Anna", SMALL_PHONE)
        asked: list[str] = []

        async def the_provider_and_back(route: Route) -> None:
            # Where the provider's login would end: the server's redirect after keeping the history.
            asked.append(route.request.url)
            await route.fulfill(status=302, headers={"Location": "/?guest_history=kept"})

        await anna.page.route("**/auth/Acme/login?keep=guest", the_provider_and_back)
        await expect(anna.by("keep-games")).to_have_attribute("href", "/auth/Acme/login?keep=guest")
        await anna.by("logout").click()

        page = anna.by("logout-confirmation")
        await expect(anna.by("guest-warning")).to_have_text(
            "You play as a guest: if you log out, the name Anna, your match history and your ratings "
            "are lost for good."
        )
        keep = page.get_by_role("link", name="Sign in with Acme and keep my games")
        await expect(keep).to_be_focused()
        assert (await anna.page.request.get("/api/me")).status == 200  # still logged in
        await keep.click()

        notice = anna.by("guest-history-notice")
        await expect(notice).to_have_text(
            re.compile(r"^Your guest games, history and ratings are now part of")
        )
        assert asked and asked[0].endswith("/auth/Acme/login?keep=guest")
        assert "guest_history" not in anna.page.url  # the word is dropped from the address
        await anna.by("dismiss-notice").click()
        await expect(notice).to_have_count(0)
        await anna.page.reload()
        await expect(anna.by("lobby")).to_be_visible()
        await expect(notice).to_have_count(0)  # and it does not come back
    assert not anna.errors, anna.errors


async def test_a_guest_without_a_provider_to_sign_in_with_logs_out_after_the_warning(
    browser: Browser,
) -> None:
    async with a_server() as server:
        anna = await open_guest(browser, server, "Anna", DESKTOP, LOCALES["it"])
        await expect(anna.by("keep-games")).to_have_count(0)
        await anna.by("logout").click()
        await expect(anna.by("guest-warning")).to_contain_text("Giochi come ospite: se esci, il nome Anna")
        await expect(
            anna.by("logout-confirmation").get_by_role("link", name=re.compile("conserva"))
        ).to_have_count(0)
        await anna.by("confirm-logout").click()
        await expect(anna.by("login")).to_be_visible()
        response = await anna.page.request.get("/api/me")
        assert response.status == 401

        # A login that found the account's own games: the notice says nothing was moved.
        await anna.page.goto("/?guest_history=refused#/")
        await expect(anna.by("guest-history-notice")).to_have_text(
            re.compile(
                r"^Il tuo account aveva già partite sue, quindi quelle da ospite non sono state trasferite"
            )
        )
        assert anna.page.url.endswith("/#/")
    assert not anna.errors, anna.errors


# ---------------------------------------------------------------- stats


async def test_the_stats_page_opens_on_the_last_game_and_marks_the_casual_match(browser: Browser) -> None:
    async with a_server() as server:
        anna = await open_guest(browser, server, "Anna", SMALL_PHONE)
        await finish_a_match(anna, server, "scopa", {"target_score": 1}, rated=True)
        await finish_a_match(anna, server, "briscola", {"target_score": 1}, rated=False)
        await eventually(lambda: recorded_matches(anna), lambda n: n == 2)

        await anna.by("nav-stats").click()
        await expect(anna.by("leaderboard-type")).to_have_value("briscola")  # the game played last
        rows = anna.by("history-row")
        await expect(rows).to_have_count(2)
        await expect(rows.nth(0).get_by_test_id("history-rated")).to_have_text("casual")
        await expect(rows.nth(0).get_by_test_id("history-rating")).to_have_count(0)
        await expect(rows.nth(1).get_by_test_id("history-rated")).to_have_text("rated")
        await expect(rows.nth(1).get_by_test_id("history-rating")).to_have_text(
            re.compile(r"^1500 → 1[45]\d\d \([+-]\d+ Elo\)$")
        )
        await expect(anna.by("leaderboard-unranked")).to_have_text("You: no rated match yet")
        await expect(anna.by("leaderboard-row")).to_have_count(0)  # a casual match ranks nobody
        await anna.screenshot("finding-stats-history-en-phone.png", full_page=True)

        await anna.by("leaderboard-type").select_option("scopa")
        await expect(anna.by("leaderboard-row")).to_have_count(2)
        await expect(anna.by("leaderboard-me")).to_be_visible()
        await expect(anna.by("leaderboard-unranked")).to_have_count(0)
    assert not anna.errors, anna.errors


# ---------------------------------------------------------------- each new screen: languages, sizes


@pytest.mark.parametrize(
    ("language", "viewport"), [("en", DESKTOP), ("it", SMALL_PHONE)], ids=["en-desktop", "it-phone"]
)
async def test_the_new_screens_fit_and_are_accessible(
    browser: Browser, language: str, viewport: ViewportSize
) -> None:
    """Each screen in each language at both sizes (``assert_looks_right``): the page opens at one
    and is looked at in the other too."""
    async with a_server(with_a_provider=True) as server:
        bruno = await open_guest(browser, server, "Bruno")
        await open_public_table(bruno, "scopone_scientifico")
        carla = await open_guest(browser, server, "Carla")
        code = await create_table(carla, "briscola")

        anna = await open_guest(browser, server, "Annunziata", viewport, LOCALES[language])
        await expect(anna.by("open-table")).to_have_count(1)
        await press_play_now(anna, "briscola_chiamata", computers_after=60)
        await expect(anna.by("seek-clock")).to_have_text(re.compile(r"^0:\d\d$"))
        await assert_looks_right(anna, "lobby")
        await anna.by("cancel-seek").click()

        await anna.page.goto(f"/#/join/{code}")
        await expect(anna.by("join-button")).to_be_visible()
        await assert_looks_right(anna, "invitation")

        await anna.by("logout").click()
        await expect(anna.by("guest-warning")).to_be_visible()
        await assert_looks_right(anna, "logout")

        await anna.page.goto("/?guest_history=kept#/")
        await expect(anna.by("guest-history-notice")).to_be_visible()
        await expect(anna.by("lobby")).to_be_visible()
        await assert_looks_right(anna, "notice")

        await finish_a_match(anna, server, "briscola", {"target_score": 1}, rated=False)
        await eventually(lambda: recorded_matches(anna), lambda n: n == 1)
        await anna.by("nav-stats").click()
        await expect(anna.by("history-row")).to_have_count(1)
        await expect(anna.by("leaderboard-unranked")).to_be_visible()
        await assert_looks_right(anna, "stats")
    for player in (anna, bruno, carla):
        assert not player.errors, player.errors
