"""A table's life in the browser, as people live it: the waiting room (computer players added and
removed by the creator, the invitation link shared, a friend sitting down from it, a player leaving),
who is connected, a player leaving a match to a computer, the end of a match (rated or casual, the
ratings before and after) and a rematch that takes everyone — a spectator too — to the next table."""

from __future__ import annotations

import re
from typing import Any
from unittest.mock import patch

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from application.playing import rematch
from tests.browser.pages import (
    DESKTOP,
    PHONE,
    create_table,
    open_guest,
    open_page,
    wait_for_turn,
)
from tests.browser.table_life import (
    SMALL_PHONE,
    game_id_of,
    look_everywhere,
    my_chair,
    my_seat,
    open_by_api,
    play_for,
    quick_server,
    rating_of,
    seat,
)
from tests.integration.server import RunningServer

LANGUAGES = {"en": "en-GB", "it": "it-IT"}
WORDS = {
    "en": {"normal": "normal", "open": "open", "casual": "Casual: a computer player sits", "rated": "Rated"},
    "it": {"normal": "normale", "open": "libero", "casual": "Amichevole: al tavolo siede", "rated": "Valida"},
}


@pytest.mark.parametrize(
    ("language", "viewport"), [("en", DESKTOP), ("it", PHONE)], ids=["desktop-en", "phone-it"]
)
async def test_the_creator_adds_a_computer_player_to_a_chosen_seat_and_removes_it(
    browser: Browser, server: RunningServer, language: str, viewport: ViewportSize
) -> None:
    words = WORDS[language]
    anna = await open_guest(browser, server, "Anna", viewport, LANGUAGES[language])
    await create_table(anna, "scopone_scientifico")
    await expect(anna.by("setting-rated")).to_contain_text(words["rated"])

    third = anna.by("computer-seat").nth(2)  # seat 3, opposite the seat on Anna's right
    await third.get_by_test_id("computer-level").select_option("normal")
    await third.get_by_test_id("add-computer").click()

    await expect(seat(anna, 2).get_by_test_id("seat-name")).to_have_text(f"Computer 3 · {words['normal']}")
    await expect(seat(anna, 1).get_by_test_id("seat-name")).to_have_text(words["open"])
    await expect(anna.by("setting-rated")).to_contain_text(words["casual"])
    await expect(third.get_by_test_id("remove-computer")).to_be_focused()
    assert not await anna.unnamed_controls()  # a press in the waiting room survives a redraw

    await third.get_by_test_id("remove-computer").click()
    await expect(seat(anna, 2).get_by_test_id("seat-name")).to_have_text(words["open"])
    await expect(third.get_by_test_id("add-computer")).to_be_focused()
    await expect(anna.by("setting-rated")).to_contain_text(words["rated"])
    assert not anna.errors, anna.errors


async def test_the_waiting_room_fits_every_screen_in_both_languages(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Annunziata")
    await create_table(anna, "briscola_chiamata")
    await anna.by("computer-seat").nth(1).get_by_test_id("add-computer").click()
    await expect(seat(anna, 1)).to_have_class(re.compile(r"\bcomputer\b"))
    problems = await look_everywhere(anna, "waiting-room", anna.by("invitation"))
    assert not problems, "\n".join(problems)
    assert not anna.errors, anna.errors


async def test_a_friend_opens_the_private_tables_link_takes_the_seat_in_one_click_then_leaves(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    await anna.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    code = await create_table(anna, "scopa_a_quattro")  # four seats: the table keeps waiting
    game_id = game_id_of(anna)
    await anna.by("copy-link").click()
    await expect(anna.by("copy-status")).to_have_text("Link copied.")
    link = await anna.page.evaluate("navigator.clipboard.readText()")
    assert link == f"{server.base_url}/#/game/{game_id}?code={code}"
    assert await anna.by("invite-link").input_value() == link

    bruno = await open_guest(browser, server, "Bruno", PHONE, "it-IT")
    await bruno.page.goto(f"/#/game/{game_id}")  # the link without its code
    await expect(bruno.by("private-note")).to_have_text(
        "Questo tavolo è privato: chiedi il suo link d'invito."
    )
    await expect(bruno.by("take-seat")).to_have_count(0)
    await bruno.page.goto(link)
    await bruno.by("take-seat").click()
    await expect(bruno.table).to_have_attribute("data-spectator", "false")
    await expect(my_seat(bruno)).to_have_attribute("data-seat", "1")
    await expect(seat(anna, 1).get_by_test_id("seat-name")).to_have_text("Bruno")
    await expect(anna.by("seats-open")).to_have_text("2 of 4 seats still open.")

    await bruno.by("leave-table").click()  # Bruno changes his mind
    await expect(bruno.by("lobby")).to_be_visible()
    await expect(seat(anna, 1).get_by_test_id("seat-name")).to_have_text("open")
    await expect(anna.by("seats-open")).to_have_text("3 of 4 seats still open.")
    for player in (anna, bruno):
        assert not player.errors, player.errors


async def test_take_seat_pressed_while_the_table_is_redrawn_still_seats_the_friend_on_release(
    browser: Browser, server: RunningServer
) -> None:
    """A browser clicks only when the press and the release land on the same element. The table draws
    every frame anew, so a frame arriving while the button is held (here: the creator adds a computer
    player) used to swallow the click: the friend pressed "take seat" and stayed a spectator."""
    anna = await open_guest(browser, server, "Anna")
    code = await create_table(anna, "scopa_a_quattro")
    game_id = game_id_of(anna)
    bruno = await open_guest(browser, server, "Bruno", PHONE, "it-IT")
    await bruno.page.goto(f"/#/game/{game_id}?code={code}")
    await bruno.press(bruno.by("take-seat"))

    added = await anna.page.request.post(f"/api/games/{game_id}/bots", data={"level": "easy", "seat": 2})
    assert added.status == 201, await added.text()
    await expect(seat(bruno, 2).get_by_test_id("seat-name")).to_contain_text("Computer")
    await bruno.release_once_redrawn()

    await expect(bruno.table).to_have_attribute("data-spectator", "false")
    await expect(my_seat(bruno)).to_have_attribute("data-seat", "1")
    await expect(seat(anna, 1).get_by_test_id("seat-name")).to_have_text("Bruno")
    await expect(anna.by("seats-open")).to_have_text("1 of 4 seats still open.")
    for player in (anna, bruno):
        assert not player.errors, player.errors


async def test_a_visitor_opens_a_public_tables_plain_link_logs_in_there_and_sits_down(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    game = await open_by_api(anna, "/api/games", {"game_type": "briscola_a_quattro", "public": True})
    await expect(anna.by("setting-access")).to_have_text("Public: listed among the open tables")
    link = await anna.by("invite-link").input_value()
    assert link == f"{server.base_url}/#/game/{game['id']}"

    carla = await open_page(browser, server, "Carla", SMALL_PHONE)
    await carla.page.goto(link)
    await expect(carla.by("spectator-badge")).to_be_visible()
    await carla.by("login-to-sit").click()
    await carla.by("guest-name").fill("Carla")
    await carla.by("guest-login").click()
    await expect(carla.by("take-seat")).to_be_visible()  # back at the table, logged in
    assert carla.page.url == link
    await carla.by("take-seat").click()
    await expect(my_seat(carla)).to_have_attribute("data-seat", "1")
    await expect(seat(anna, 1).get_by_test_id("seat-name")).to_have_text("Carla")
    for player in (anna, carla):
        assert not player.errors, player.errors


async def test_a_seat_shows_away_while_its_players_page_is_closed_and_here_again_when_it_is_back(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    game = await open_by_api(anna, "/api/games", {"game_type": "scopa", "turn_time": 60})
    bruno = await open_guest(browser, server, "Bruno")
    await bruno.page.goto(f"/#/game/{game['id']}?code={game['join_code']}")
    await bruno.by("take-seat").click()
    await expect(anna.table).to_have_attribute("data-phase", "playing")
    await expect(seat(anna, 1)).to_have_attribute("data-present", "true")
    await expect(anna.by("seat-away")).to_have_count(0)

    context = bruno.page.context
    await bruno.page.close()
    away = seat(anna, 1).get_by_test_id("seat-away")
    await expect(away).to_have_text("away (not connected to the table right now)")
    await expect(seat(anna, 1)).to_have_attribute("data-present", "false")
    problems = await look_everywhere(anna, "away", away)

    again = await context.new_page()
    await again.goto(f"/#/game/{game['id']}")
    await expect(seat(anna, 1)).to_have_attribute("data-present", "true")
    await expect(anna.by("seat-away")).to_have_count(0)
    assert not problems, "\n".join(problems)
    assert not anna.errors, anna.errors


async def test_a_player_who_leaves_a_match_hands_the_seat_to_a_computer_and_the_other_reads_it(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna", PHONE, "it-IT")
    code = await create_table(anna, "scopa")
    bruno = await open_guest(browser, server, "Bruno")
    await bruno.page.goto(f"/#/game/{game_id_of(anna)}?code={code}")
    await bruno.by("take-seat").click()
    await expect(bruno.table).to_have_attribute("data-phase", "playing")

    await bruno.by("leave-table").click()
    question = bruno.by("leave-confirmation")
    await expect(question).to_contain_text("A computer player will take your seat")
    await expect(question).to_contain_text("no longer be rated")
    await expect(bruno.by("leave-cancel")).to_be_focused()
    await bruno.by("leave-cancel").click()  # not yet
    await expect(question).to_have_count(0)
    await bruno.by("leave-table").click()
    await bruno.by("leave-confirm").click()
    await expect(bruno.by("lobby")).to_be_visible()

    handed = anna.by("move-log-entry").and_(anna.page.locator("[data-kind=handed_over]"))
    await expect(handed).to_have_text("Bruno ha lasciato il tavolo: ora gioca il computer al suo posto.")
    await expect(seat(anna, 1).get_by_test_id("seat-name")).to_have_text("Computer 2 · normale")
    await wait_for_turn(anna)  # the match goes on, the computer playing Bruno's cards
    for player in (anna, bruno):
        assert not player.errors, player.errors


async def test_a_rated_match_ends_with_each_rating_before_and_after_then_a_rematch_one_seat_on_for_all(
    browser: Browser,
) -> None:
    async with quick_server() as server:
        anna = await open_guest(browser, server, "Anna")
        code = await create_table(anna, "scopa", {"target_score": 1})
        game_id = game_id_of(anna)
        bruno = await open_guest(browser, server, "Bruno", PHONE, "it-IT")
        await bruno.page.goto(f"/#/game/{game_id}?code={code}")
        await bruno.by("take-seat").click()
        carla = await open_guest(browser, server, "Carla")  # watches from the table's link
        await carla.page.goto(f"/#/game/{game_id}")
        await expect(carla.by("spectator-badge")).to_be_visible()
        chairs = {"Anna": await my_chair(anna), "Bruno": await my_chair(bruno)}

        await play_for(server, game_id, [anna, bruno])
        for player in (anna, bruno, carla):
            await expect(player.by("game-over")).to_be_visible()
        await expect(anna.by("match-kind")).to_have_text("Rated match.")
        await expect(anna.by("rating-change")).to_have_count(2)  # once the result is recorded
        history = await anna.page.request.get("/api/me/matches")
        (match,) = (await history.json())["matches"]
        assert match["rated"] is True
        for row in match["players"]:
            numbers = f"{row['rating_before']} → {row['rating_after']}"
            for player in (anna, carla):  # the spectator sees them too
                await expect(rating_of(player, row["seat"])).to_contain_text(numbers)
        await expect(anna.by("match-hand")).not_to_have_count(0)
        await expect(anna.by("match-hand-summary").first).to_contain_text("Hand 1")

        await anna.by("rematch").click()
        await expect(anna.by("rematch-status")).to_have_text("You asked for a rematch: waiting for Bruno.")
        await expect(bruno.by("rematch-status")).to_have_text("1 su 2 vuole la rivincita: Anna.")
        await expect(carla.by("rematch-status")).to_have_text("1 of 2 wants a rematch: Anna.")
        await expect(carla.by("rematch")).to_have_count(0)  # a spectator has no say
        asked = bruno.by("move-log-entry").and_(bruno.page.locator("[data-kind=rematch]"))
        await expect(asked).to_have_text("Anna vuole la rivincita.")
        problems = await look_everywhere(bruno, "match-end", bruno.by("rematch"))
        problems += await look_everywhere(anna, "match-end-asked", anna.by("rematch-status"))

        await bruno.by("rematch").click()
        for player in (anna, bruno, carla):  # everyone is taken to the new table, the spectator too
            await expect(player.page).not_to_have_url(re.compile(game_id))
            await expect(player.table).to_have_attribute("data-phase", "playing")
        rematch_id = game_id_of(anna)
        assert game_id_of(bruno) == game_id_of(carla) == rematch_id != game_id
        assert await my_chair(anna) == (chairs["Anna"] + 1) % 2
        assert await my_chair(bruno) == (chairs["Bruno"] + 1) % 2
        await expect(carla.by("spectator-badge")).to_be_visible()
        assert not problems, "\n".join(problems)
        for player in (anna, bruno, carla):
            assert not player.errors, player.errors


class InterruptedOnce:
    """``open_rematch`` that does nothing the first time it is called, then opens the table."""

    def __init__(self) -> None:
        self.calls = 0
        self.real = rematch.open_rematch

    async def __call__(self, games: Any, finished: Any) -> Any:
        self.calls += 1
        return None if self.calls == 1 else await self.real(games, finished)


async def test_a_match_against_the_computer_ends_casual_without_ratings_and_its_rematch_starts_at_once(
    browser: Browser,
) -> None:
    async with quick_server() as server:
        anna = await open_guest(browser, server, "Anna", SMALL_PHONE, "it-IT")
        body = {"game_type": "scopa", "level": "easy", "options": {"target_score": 1}}
        game = await open_by_api(anna, "/api/games/computer", body)
        await expect(seat(anna, 1).get_by_test_id("seat-name")).to_have_text("Computer 2 · facile")

        await play_for(server, game["id"], [anna])
        await expect(anna.by("game-over")).to_be_visible()
        await expect(anna.by("match-kind")).to_have_text("Partita amichevole: i punteggi Elo non cambiano.")
        await expect(anna.by("match-ratings")).to_have_count(0)
        await expect(anna.by("rating-change")).to_have_count(0)
        await expect(anna.by("final-scores")).to_contain_text("Computer 2 · facile")
        await expect(anna.by("match-hand-summary").first).to_contain_text("Mano 1")
        await anna.screenshot("life-match-end-computer-small-phone-it.png", full_page=True)

        # The computer always agrees, so Anna's ask names the new table; its opening is interrupted once
        # (as if the server stopped between the two steps): the page finds no table there, asks once
        # more, and that ask opens it.
        with patch("application.playing.rematch.open_rematch", InterruptedOnce()) as opening:
            await anna.by("rematch").click()
            await expect(anna.page).not_to_have_url(re.compile(game["id"]))
            assert opening.calls == 2
        await expect(anna.table).to_have_attribute("data-phase", "playing")
        await expect(my_seat(anna)).to_have_attribute("data-seat", "1")
        await expect(seat(anna, 0).get_by_test_id("seat-name")).to_have_text("Computer 1 · facile")
        assert not anna.errors, anna.errors
