"""The replay of a finished match, in the browser: from the history, step by step with every hand face up.

A player who watched their match live opens the stats page, follows the history's Replay link and steps
through the match with the buttons, the arrow keys, Home and End, a click on the move log, and the jump
to a hand; every hand shows face up as the server's frame has it, the last step shows the match's
final score, and the verified mark says the shuffle matches the commitment the page saw before the first
deal. At a desktop's and a phone's size (nothing wider than the screen), in English and in Italian, with
no serious accessibility violation. Every frame of each game family draws; a replay the browser cannot
check (a commitment that does not match, a server that found a problem, no Web Crypto) says why; and a
match without a replay says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser, Route, expect

from tests.browser.accessibility import serious_violations
from tests.browser.pages import DESKTOP, PHONE, Player, open_guest
from tests.browser.replaying import (
    assert_hands_face_up,
    get_json,
    remembered_commitment,
    shot,
    watch_a_whole_match,
)
from tests.browser.scripted import finish_a_match
from tests.browser.serving import browser_settings
from tests.browser.test_languages import assert_all_italian
from tests.integration.server import RunningServer, running_server

LOCALES = {"en": "en-GB", "it": "it-IT"}
WEB_JS = Path(__file__).resolve().parents[2] / "entrypoints" / "web" / "js"
# Two deals at least: no deal gives a side more than 120 points.
TWO_DEALS = {"target_score": 121}


def position(language: str, step: int, steps: int, deal: int) -> str:
    if language == "it":
        return f"Passo {step} di {steps} · smazzata {deal}"
    return f"Step {step} of {steps} · deal {deal}"


@pytest_asyncio.fixture(loop_scope="session")
async def server() -> AsyncIterator[RunningServer]:
    # Scripted players answer each frame at once: the flood guard would rightly stop them mid-hand.
    async with running_server(browser_settings(ws_rate_per_second=10_000.0, ws_rate_burst=10_000)) as running:
        yield running


async def fits_the_screen(player: Player) -> None:
    width = await player.page.evaluate("document.documentElement.scrollWidth")
    viewport = player.page.viewport_size
    assert viewport and width <= viewport["width"], f"the replay is {width}px wide on a {viewport} screen"


async def assert_at(player: Player, index: int, replay: dict[str, Any], language: str) -> None:
    """The page shows step ``index`` (0: the first deal): its position, its log entry, its hands."""
    frames = replay["frames"]
    deal = frames[index]["view"]["hand_number"]
    await expect(player.by("replay-position")).to_have_text(position(language, index + 1, len(frames), deal))
    current = player.by("replay-log").locator("[aria-current=step]")
    await expect(current).to_have_count(1)
    await expect(current).to_have_attribute("data-step", str(index))
    await assert_hands_face_up(player, frames[index])


# Each size in one language and each language at one size.
@pytest.mark.parametrize(
    ("viewport", "language"), [(DESKTOP, "it"), (PHONE, "en")], ids=["desktop-it", "phone-en"]
)
async def test_a_player_replays_their_match_from_the_history_step_by_step(
    browser: Browser, server: RunningServer, viewport: Any, language: str
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport, LOCALES[language])
    game_id = await watch_a_whole_match(anna, server, "briscola", TWO_DEALS)
    replay = await get_json(anna, f"/api/matches/{game_id}/replay")
    record = await get_json(anna, f"/api/matches/{game_id}/record")
    frames = replay["frames"]
    last = len(frames) - 1
    second_deal = next(i for i, frame in enumerate(frames) if frame["view"]["hand_number"] == 2)
    # The end screen leads to the replay too.
    await expect(anna.by("replay-link")).to_have_attribute("href", f"#/replay/{game_id}")
    assert await anna.page.evaluate(remembered_commitment(game_id)) == record["shuffle"]["commitment"]
    await shot(anna, f"end-{language}-{viewport['width']}")

    await anna.by("nav-stats").click()
    row = anna.by("history-row")
    await expect(row).to_have_count(1)
    await expect(row.get_by_test_id("history-replay")).to_have_attribute("href", f"#/replay/{game_id}")
    await shot(anna, f"stats-{language}-{viewport['width']}")
    await row.get_by_test_id("history-replay").click()
    await expect(anna.page).to_have_url(re.compile(rf"#/replay/{game_id}$"))
    await assert_at(anna, 0, replay, language)
    await expect(anna.by("replay-log-entry")).to_have_count(len(frames))
    await expect(anna.by("replay-players").get_by_test_id("replay-player")).to_have_text(
        [re.compile(rf"{name}") for name in ("Anna", "Bruno")]
    )
    await expect(anna.by("replay-final-score")).to_have_count(0)
    await expect(anna.by("replay-verified")).to_be_visible()
    await expect(anna.by("replay-verified")).to_have_attribute("data-seen", "true")
    await expect(anna.by("replay-record-link")).to_have_attribute("href", f"/api/matches/{game_id}/record")
    await fits_the_screen(anna)
    await shot(anna, f"first-{language}-{viewport['width']}")

    # The buttons.
    await anna.by("replay-next").click()
    await assert_at(anna, 1, replay, language)
    await anna.by("replay-next").click()
    await anna.by("replay-next").click()
    await assert_at(anna, 3, replay, language)
    await anna.by("replay-prev").click()
    await assert_at(anna, 2, replay, language)
    await expect(anna.page).to_have_url(re.compile(rf"#/replay/{game_id}\?step=3$"))
    await anna.by("replay-first").click()
    await assert_at(anna, 0, replay, language)
    await expect(anna.by("replay-prev")).to_be_disabled()

    # The keys, wherever the focus is but in a field.
    await anna.page.keyboard.press("ArrowRight")
    await anna.page.keyboard.press("ArrowRight")
    await assert_at(anna, 2, replay, language)
    await anna.page.keyboard.press("ArrowLeft")
    await assert_at(anna, 1, replay, language)
    await anna.page.keyboard.press("End")
    await assert_at(anna, last, replay, language)
    await expect(anna.by("replay-next")).to_be_disabled()
    await anna.page.keyboard.press("Home")
    await assert_at(anna, 0, replay, language)

    # The move log: a click on an entry goes to its step, which the log marks.
    await anna.by("replay-log-entry").nth(6).click()
    await assert_at(anna, 6, replay, language)
    await shot(anna, f"step-{language}-{viewport['width']}")

    # The jump to a deal.
    await anna.by("replay-hand").select_option("2")
    await assert_at(anna, second_deal, replay, language)
    await expect(anna.by("replay-hand")).to_have_value("2")
    await shot(anna, f"deal2-{language}-{viewport['width']}")

    # The last step: the final score, as the record's result has it (and the history's).
    await anna.by("replay-last").click()
    await assert_at(anna, last, replay, language)
    final = anna.by("replay-final-score")
    await expect(final).to_be_visible()
    result = record["result"]
    history = await get_json(anna, "/api/me/matches")
    assert history["matches"][0]["record"] == f"/api/matches/{game_id}/record"
    for side, points in result["scores"].items():
        shown = final.locator(f"[data-testid=replay-final-side][data-side={side}] strong")
        await expect(shown).to_have_text(str(points))
        assert history["matches"][0]["result"]["scores"][side] == points
    assert replay["result"] == result
    winner = "Anna" if result["sides"][result["winner"]] == [0] else "Bruno"
    await expect(anna.by("replay-winner")).to_contain_text(winner)
    await expect(anna.by("replay-verified")).to_be_visible()
    await expect(anna.by("replay-not-verified")).to_have_count(0)
    await fits_the_screen(anna)
    await shot(anna, f"last-{language}-{viewport['width']}", full_page=True)

    found = await serious_violations(anna.page)
    assert not found, "\n".join(found)
    if language == "it":
        await assert_all_italian(anna, "replay")
    assert not anna.errors, anna.errors


@pytest.mark.parametrize("game_type", ["scopa", "briscola_a_quattro", "briscola_chiamata"])
async def test_every_step_of_each_game_family_draws_every_hand_face_up(
    browser: Browser, server: RunningServer, game_type: str
) -> None:
    anna = await open_guest(browser, server, "Anna", DESKTOP)
    options = {"target_score": 1} if game_type == "scopa" else {}
    game_id = await watch_a_whole_match(anna, server, game_type, options)
    replay = await get_json(anna, f"/api/matches/{game_id}/replay")
    frames = replay["frames"]
    # From the end screen's link, this time.
    await anna.by("replay-link").click()
    await expect(anna.by("replay-stage")).to_be_visible()
    for index, frame in enumerate(frames):
        if index:
            await anna.page.keyboard.press("ArrowRight")
        await expect(anna.by("replay")).to_have_attribute("data-step", str(index))
        if index % 7 == 0 or index == len(frames) - 1:
            await assert_hands_face_up(anna, frame)
            if game_type == "scopa":
                table = anna.by("table-cards").get_by_test_id("table-card")
                shown = [await card.get_attribute("data-card") for card in await table.all()]
                assert sorted(c for c in shown if c) == sorted(frame["view"]["table"])
        if game_type == "briscola_chiamata" and frame["view"]["phase"] == "auction" and index == 1:
            await expect(anna.by("auction")).to_be_visible()
            await shot(anna, "chiamata-auction")
    await expect(anna.by("replay-final-score")).to_be_visible()
    await expect(anna.by("replay-verified")).to_be_visible()
    await shot(anna, f"{game_type}-last", full_page=True)
    found = await serious_violations(anna.page)
    assert not found, "\n".join(found)
    assert not anna.errors, anna.errors


async def open_replay(player: Player, game_id: str) -> None:
    await player.page.goto(f"/#/replay/{game_id}")
    await expect(player.by("replay-stage")).to_be_visible()


async def test_a_replay_that_does_not_check_out_says_why(browser: Browser, server: RunningServer) -> None:
    anna = await open_guest(browser, server, "Anna")
    await finish_a_match(anna, server)
    game_id = (await get_json(anna, "/api/me/matches"))["matches"][0]["id"]
    replay = await get_json(anna, f"/api/matches/{game_id}/replay")
    path = f"**/api/matches/{game_id}/replay"

    async def answer(changed: dict[str, Any]) -> None:
        async def fulfil(route: Route) -> None:
            await route.fulfill(status=200, content_type="application/json", body=json.dumps(changed))

        await anna.page.unroute(path)
        await anna.page.route(path, fulfil)
        await anna.page.goto("/#/")
        await open_replay(anna, game_id)

    # The page never saw this match live: verified by the server's replay and its own hash alone.
    await open_replay(anna, game_id)
    await expect(anna.by("replay-verified")).to_have_attribute("data-seen", "false")

    # A commitment the seed and salt do not hash to, though the server said all was well.
    await answer({**replay, "shuffle": {**replay["shuffle"], "commitment": "0" * 64}})
    mark = anna.by("replay-not-verified")
    await expect(mark).to_have_attribute("data-reason", "commitment_mismatch")
    await expect(mark).to_contain_text("Commitment mismatch")
    await expect(anna.by("replay-verified")).to_have_count(0)

    # The server found a problem at a step.
    problem = {"ok": False, "steps": 3, "problem": {"step": 3, "message": "its card should be 07D"}}
    await answer({**replay, "verification": problem})
    await expect(mark).to_contain_text("could not replay step 4: its card should be 07D")

    # The commitment this browser remembers from the live match is another one.
    await answer(replay)
    await anna.page.evaluate(f"localStorage.setItem('tavolo.commitment.{game_id}', '{'ab' * 32}')")
    await anna.page.reload()
    await expect(mark).to_have_attribute("data-reason", "seen_mismatch")
    await expect(mark).to_contain_text("abababababab")
    await shot(anna, "not-verified")
    await anna.page.evaluate(f"localStorage.removeItem('tavolo.commitment.{game_id}')")

    # Without Web Crypto (a page off a secure origin) the page says it cannot check.
    await anna.page.add_init_script(
        "Object.defineProperty(window.crypto, 'subtle', { get: () => undefined })"
    )
    await anna.page.reload()
    await expect(mark).to_have_attribute("data-reason", "cannot_hash")
    await expect(mark).to_contain_text("cannot check")
    assert not anna.errors, anna.errors


async def test_a_match_without_a_replay_says_so(browser: Browser, server: RunningServer) -> None:
    anna = await open_guest(browser, server, "Anna", PHONE, LOCALES["it"])
    await anna.page.goto("/#/replay/no-such-match")
    await expect(anna.by("replay-error-text")).to_contain_text("non c'è una partita finita")
    await expect(anna.by("replay-retry")).to_be_visible()

    async def played_long_ago(route: Route) -> None:
        body = {"code": "no_record", "message": "this match was played before matches kept records"}
        await route.fulfill(status=404, content_type="application/json", body=json.dumps(body))

    await anna.page.route("**/api/matches/old-match/replay", played_long_ago)
    await anna.page.goto("/#/replay/old-match")
    await expect(anna.by("replay-error-text")).to_contain_text("prima che tavolo conservasse i registri")
    await expect(anna.by("replay-retry")).to_have_count(0)
    await fits_the_screen(anna)
    found = await serious_violations(anna.page)
    assert not found, "\n".join(found)
    assert not anna.errors, anna.errors


async def test_every_label_of_the_replay_is_in_both_languages(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    dictionaries = await anna.page.evaluate(
        """async () => ({
          it: (await import("/web/js/i18n/it.js")).default,
          en: (await import("/web/js/i18n/en.js")).default,
        })"""
    )
    named = set()
    for script in WEB_JS.glob("replay*.js"):
        named |= set(re.findall(r'"(replay\.[a-z_]+)"', script.read_text()))
    assert len(named) > 30
    for language, dictionary in dictionaries.items():
        assert not named - set(dictionary), f"{language} lacks {named - set(dictionary)}"
