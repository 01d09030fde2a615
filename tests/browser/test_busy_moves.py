"""A move the server was too busy to take is sent again by the table itself: the person clicks a
card once and sees it played, a little later, with no error; only a server that stays busy past
the table's patience shows one, in the page's language."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.async_api import Browser, expect

from application.operations.admission import Admission
from domain.errors import Busy
from tests.browser.pages import (
    PHONE,
    Player,
    create_table,
    join_table,
    open_guest,
    play_a_card,
    wait_for_turn,
)
from tests.integration.server import RunningServer


class BusyAtFirst(Admission):
    """Refuses each of the first ``refusals`` tries of every move as busy, then takes it."""

    def __init__(self, refusals: int) -> None:
        super().__init__(retry_after_ms=60)
        self.refusals = refusals
        self.refused_tries = 0
        self._tries = 0

    @contextmanager
    def move(self, game_id: str) -> Iterator[None]:
        if self._tries < self.refusals:
            self._tries += 1
            self.refused_tries += 1
            raise Busy("the table is busy; try the move again in a moment", 60)
        self._tries = 0
        with super().move(game_id):
            yield


async def play_through_busy(player: Player) -> None:
    await wait_for_turn(player)
    version = await player.version()
    card = await play_a_card(player)
    await player.wait_for_version_after(version)
    await expect(player.by("hand").locator(f"[data-card='{card}']")).to_have_count(0)
    await expect(player.by("error")).to_be_hidden()


async def test_a_move_refused_as_busy_is_played_by_one_click_at_both_sizes_and_languages(
    browser: Browser, server: RunningServer
) -> None:
    admission = BusyAtFirst(refusals=2)
    server.container.admission.override(admission)  # every socket opened from now on asks it
    anna = await open_guest(browser, server, "Anna")
    code = await create_table(anna, "scopa")
    bruno = await open_guest(browser, server, "Bruno", PHONE, "it-IT")
    await join_table(bruno, code)

    players = [anna, bruno]
    for player in players:  # both pages show the started match before the turn is read off one
        await expect(player.table).to_have_attribute("data-phase", "playing")
    first = 0 if await anna.your_turn() else 1
    for turn in range(2):
        await play_through_busy(players[(first + turn) % 2])
    assert admission.refused_tries == 4, "each move was refused twice before it was taken"
    await anna.screenshot("busy-retried-desktop-en.png")
    await bruno.screenshot("busy-retried-phone-it.png")
    for player in players:
        assert not player.errors, player.errors


async def test_a_server_that_stays_busy_says_so_after_the_table_tried_enough(
    browser: Browser, server: RunningServer
) -> None:
    admission = BusyAtFirst(refusals=1_000)
    server.container.admission.override(admission)
    anna = await open_guest(browser, server, "Anna", PHONE, "it-IT")
    code = await create_table(anna, "scopa")
    bruno = await open_guest(browser, server, "Bruno")
    await join_table(bruno, code)
    for player in (anna, bruno):  # both pages show the started match before its version is read
        await expect(player.table).to_have_attribute("data-phase", "playing")
    mover = anna if await anna.your_turn() else bruno
    version = await mover.version()
    await wait_for_turn(mover)
    await play_a_card(mover)
    words = "Il server è molto occupato" if mover is anna else "The server is very busy"
    await expect(mover.by("error")).to_contain_text(words, timeout=15_000)
    assert await mover.version() == version, "nothing was played"
    assert admission.refused_tries > 1, "the table tried again before it gave up"
    await wait_for_turn(mover)  # the player may try once more
    await mover.screenshot("busy-gave-up.png")
    for player in (anna, bruno):
        assert not player.errors, player.errors
