"""Which time is which: the history lists a finished match by when it ended ("Ended …"), and its
replay says when it started and when it ended ("Started … · ended …"), the end being the same time
the history shows. In English and in Italian."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from playwright.async_api import Browser, expect

from tests.browser.pages import DESKTOP, open_guest
from tests.browser.replaying import get_json, watch_a_whole_match
from tests.browser.serving import browser_settings
from tests.integration.server import RunningServer, running_server

LOCALES = {"en": "en-GB", "it": "it-IT"}
WORDS = {
    "en": {"ended": "Ended {date}", "replay": "Started {start} · ended {end}"},
    "it": {"ended": "Finita il {date}", "replay": "Iniziata il {start} · finita alle {end}"},
}


@pytest_asyncio.fixture(loop_scope="session")
async def server() -> AsyncIterator[RunningServer]:
    # Scripted players answer each frame at once: the flood guard would rightly stop them mid-hand.
    async with running_server(browser_settings(ws_rate_per_second=10_000.0, ws_rate_burst=10_000)) as running:
        yield running


@pytest.mark.parametrize("language", ["en", "it"])
async def test_the_history_says_ended_and_the_replay_says_started_and_ended(
    browser: Browser, server: RunningServer, language: str
) -> None:
    anna = await open_guest(browser, server, "Anna", DESKTOP, LOCALES[language])
    game_id = await watch_a_whole_match(anna, server, "briscola", {})
    history = await get_json(anna, "/api/me/matches")
    replay = await get_json(anna, f"/api/matches/{game_id}/replay")
    finished_at = history["matches"][0]["finished_at"]
    started_at = replay["frames"][0]["time"]
    ended_at = replay["frames"][-1]["time"]
    # The same clock, the page's way of writing it.
    formatted = await anna.page.evaluate(
        """([lang, start, end, finished]) => ({
            start: new Date(start * 1000).toLocaleString(lang),
            end: new Date(end * 1000).toLocaleTimeString(lang),
            finished: new Date(finished * 1000).toLocaleString(lang),
            finishedTime: new Date(finished * 1000).toLocaleTimeString(lang),
        })""",
        [language, started_at, ended_at, finished_at],
    )

    await anna.by("nav-stats").click()
    row = anna.by("history-row")
    await expect(row).to_have_count(1)
    await expect(row.get_by_test_id("history-ended")).to_have_text(
        WORDS[language]["ended"].format(date=formatted["finished"])
    )

    await row.get_by_test_id("history-replay").click()
    when = anna.by("replay-when")
    await expect(when).to_have_text(
        WORDS[language]["replay"].format(start=formatted["start"], end=formatted["end"])
    )
    # The replay's end is the time the history lists the match by.
    assert formatted["end"] == formatted["finishedTime"], (finished_at, ended_at)
    assert not anna.errors, anna.errors
    await anna.page.context.close()
