"""Arenas in the browser, by clicks and keys as people use them.

Two guests with the longest names allowed, Anna on a desktop in English and Bruno on a small phone in
Italian, find a running one-minute arena in the lobby's Arenas panel, open it and join it (Bruno goes
berserk); the arena pairs them and both pages go to the table, where they play their match by clicks to
its end. The end of the match leads back to the arena, whose standings have moved; Bruno pauses, and once
the arena is over both see its podium, and Anna finds it among her arenas on the stats page. At each
screen the key parts (the standings, the buttons, the podium, the way back to the arena) are on the
screen, nothing is wider than it and no two parts overlap.

When an arena game ends and the arena seats its player again, the table's page goes on to the next
table by itself, a moment after the end of the match. A player with an account creates an arena from
the lobby's form and lands on its page.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from playwright.async_api import Browser, ViewportSize, expect

from application.arenas.ports import ArenaRepository
from application.identity.caller import Identity
from application.identity.login import MAX_NAME_LENGTH
from application.ports import LoginSessions
from domain.arenas.arena import LONGEST_NAME, Arena
from entrypoints.http.context import COOKIE_NAME
from tests.browser.accessibility import serious_violations
from tests.browser.pages import Player, act_if_needed, open_guest, open_page
from tests.browser.scripted import guests
from tests.browser.serving import browser_settings
from tests.browser.table_life import game_id_of, layout_problems
from tests.integration.lobby import LobbySocket
from tests.integration.players import play_until_game_over
from tests.integration.server import RunningServer, Socket, running_server

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
PHONE: ViewportSize = {"width": 390, "height": 844}
ANNA = "Annamaria Benedetta Lombard-Rosi"
BRUNO = "Bruno Massimiliano de Bartolomei"
ARENA_NAME = "Arena serale di primavera: chi vince offre il caffè a tutti!"
ARENA_ID = "primavera"
GAME_TYPE = "briscola"  # two seats and one deal: the shortest match to play by clicks
TURN_SECONDS = 30.0
MATCH_TIMEOUT = 50.0

# What is wrong with the page's layout as it is now: the ``inside`` test ids not within the screen (each
# scrolled into view first, unless ``still``), and any two shown children of each ``apart`` container
# that overlap.
GEOMETRY = """([inside, apart, still]) => {
  const problems = [];
  const width = window.innerWidth;
  const height = window.innerHeight;
  const shown = (el) => el && el.checkVisibility() && el.getClientRects().length > 0;
  const describe = (el) => el.dataset.testid || el.className || el.tagName;
  for (const testid of inside) {
    const el = document.querySelector(`[data-testid="${testid}"]`);
    if (!shown(el)) {
      problems.push(`no ${testid} on the page`);
      continue;
    }
    if (!still) el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > width + 1 || r.bottom > height + 1) {
      const at = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
      problems.push(`${testid} (${at}) is not inside the ${width}x${height} screen`);
    }
  }
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (const selector of apart) {
    for (const container of document.querySelectorAll(selector)) {
      const parts = [...container.children].filter(shown);
      for (let i = 0; i < parts.length; i += 1) {
        for (let j = i + 1; j < parts.length; j += 1) {
          if (overlap(parts[i].getBoundingClientRect(), parts[j].getBoundingClientRect())) {
            problems.push(`in ${selector}, ${describe(parts[i])} and ${describe(parts[j])} overlap`);
          }
        }
      }
    }
  }
  return problems;
}"""

ARENA_PARTS = [".arena-view", ".arena-head", ".arena-title-line", ".arena-you", ".arena-actions", ".podium"]
LOBBY_PARTS = [".lobby", ".arenas-panel", ".arena-item"]
TABLE_PARTS = [".head-line", ".head-buttons", ".arena-end"]


async def fits(player: Player, screen: str, inside: list[str], apart: list[str], still: bool = False) -> None:
    """The ``inside`` parts on the screen, the ``apart`` containers' parts apart, nothing wider than the
    screen and no control's text cut (``layout_problems``)."""
    problems: list[str] = await player.page.evaluate(GEOMETRY, [inside, apart, still])
    found = await layout_problems(player)
    # A seat's long name ends in an ellipsis at the table, by design (its title holds it whole).
    found["cut"] = [cut for cut in found["cut"] if not cut.startswith("seat-name:")]
    if found["wide"] or found["outside"] or found["cut"]:
        problems.append(f"does not fit: {found}")
    assert not problems, f"{player.name}'s {screen}: {problems}"


async def open_the_arena_from_the_lobby(player: Player, shot: str) -> None:
    """The lobby's Arenas panel lists the arena: a guest is told creating one needs an account; a click
    on its name opens its page."""
    panel = player.by("arenas")
    item = panel.get_by_test_id("arena-item").filter(has_text=ARENA_NAME)
    await expect(item).to_be_visible()
    await expect(item.get_by_test_id("arena-status")).to_have_attribute("data-status", "running")
    await expect(item.get_by_test_id("arena-clock")).not_to_be_empty()
    await expect(panel.get_by_test_id("arena-guest-note")).to_be_visible()
    await expect(panel.get_by_test_id("arena-create")).to_have_count(0)
    await item.scroll_into_view_if_needed()
    await fits(player, "lobby", ["arenas"], LOBBY_PARTS)
    await player.screenshot(shot)
    await item.get_by_test_id("arena-link").click()
    await expect(player.by("arena-name")).to_have_text(ARENA_NAME)
    await expect(player.by("arena-join")).to_be_visible()


async def play_to_the_end(players: list[Player]) -> None:
    """Each plays a card whenever it is their turn, by clicks, until both see the end of the match."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + MATCH_TIMEOUT
    while not all([await p.by("game-over").count() for p in players]):
        assert loop.time() < deadline, "the arena's match did not finish in time"
        acted = False
        for player in players:
            before = await player.version()
            if await act_if_needed(player):
                acted = True
                await player.wait_for_version_after(before)
        if not acted:
            await asyncio.sleep(0.05)


async def rows_by_name(player: Player) -> dict[str, dict[str, str]]:
    rows: dict[str, dict[str, str]] = {}
    for row in await player.by("standing-row").all():
        name = await row.get_by_test_id("standing-name").inner_text()
        rows[name] = {
            "points": await row.get_by_test_id("standing-points").inner_text(),
            "games": await row.get_by_test_id("standing-games").inner_text(),
            "status": await row.get_attribute("data-status") or "",
        }
    return rows


async def test_two_guests_find_join_play_and_finish_an_arena_by_clicks(browser: Browser) -> None:
    assert len(ANNA) == len(BRUNO) == MAX_NAME_LENGTH and len(ARENA_NAME) == LONGEST_NAME
    async with running_server(browser_settings(arena_shortest_minutes=1)) as server:
        arenas: ArenaRepository = await server.app.ctx.container.arena_store()
        await arenas.create(
            Arena(
                id=ARENA_ID,
                name=ARENA_NAME,
                game_type=GAME_TYPE,
                starts_at=time.time(),
                minutes=1,
                turn_seconds=TURN_SECONDS,
                public=True,
            )
        )
        ends_at = time.time() + 60
        anna = await open_guest(browser, server, ANNA, DESKTOP, "en-GB")
        bruno = await open_guest(browser, server, BRUNO, SMALL_PHONE, "it-IT")
        players = [anna, bruno]

        # The lobby lists the arena; each opens it, and joins it (Bruno berserk).
        await open_the_arena_from_the_lobby(anna, "arena-lobby-desktop-en.png")
        await open_the_arena_from_the_lobby(bruno, "arena-lobby-phone-it.png")
        await expect(anna.by("arena-rules")).to_contain_text("Win 2 points, draw 1, loss 0")
        await expect(bruno.by("arena-rules")).to_contain_text("Vittoria 2 punti, pareggio 1, sconfitta 0")
        for player in players:
            await fits(player, "arena page", ["arena-join", "arena-berserk", "arena-name"], ARENA_PARTS)
        await anna.by("arena-join").click()
        await expect(anna.by("arena-you-status")).to_have_attribute("data-status", "waiting")
        await expect(anna.by("standing-row")).to_have_count(1)
        await expect(bruno.by("standing-row")).to_have_count(1)  # live, from the lobby socket
        await bruno.by("arena-berserk").check()
        await bruno.screenshot("arena-join-phone-it.png", full_page=True)
        await bruno.by("arena-join").click()

        # Paired: both pages go to the same table, whose header leads back to the arena.
        for player in players:
            await expect(player.table).to_be_visible(timeout=10_000)
            await expect(player.by("arena-link")).to_have_attribute("href", f"#/arena/{ARENA_ID}")
        assert anna.page.url.split("#")[1] == bruno.page.url.split("#")[1]
        await expect(bruno.table).to_have_attribute("data-phase", "playing")
        for player in players:
            await fits(player, "table", ["arena-link"], TABLE_PARTS, still=True)
            # No computer player sits in an arena: an arena game offers no leaving mid-match.
            await expect(player.by("leave-table")).to_have_count(0)
        await anna.screenshot("arena-table-desktop-en.png")
        await bruno.screenshot("arena-table-phone-it.png")

        await play_to_the_end(players)

        # The end of the match: the way back to the arena first, on the screen as it opens; no rematch.
        for player in players:
            await expect(player.by("arena-return")).to_be_visible()
            await expect(player.by("rematch")).to_have_count(0)
            await fits(player, "end of the match", ["arena-return", "arena-link"], TABLE_PARTS, still=True)
        await anna.screenshot("arena-game-over-desktop-en.png")
        await bruno.screenshot("arena-game-over-phone-it.png")
        for player in players:
            await player.by("arena-return").click()
            await expect(player.by("arena-name")).to_have_text(ARENA_NAME)

        # The standings moved: one game each, a win (2, 3 berserk) or a draw (1 each).
        for player in players:
            await expect(player.by("standing-games")).to_have_text(["1", "1"])
        rows = await rows_by_name(anna)
        assert set(rows) == {ANNA, BRUNO}, rows
        points = sorted(int(row["points"]) for row in rows.values())
        assert points in ([1, 1], [0, 2], [0, 3]), rows
        await expect(anna.by("standing-row").first.get_by_test_id("standing-points")).to_have_text(
            str(points[-1])
        )
        await expect(bruno.by("arena-you-status")).to_have_attribute("data-status", "waiting")
        await bruno.by("arena-pause").click()
        await expect(bruno.by("arena-you-status")).to_have_attribute("data-status", "paused")
        await expect(bruno.by("arena-join")).to_have_text("Rientra")
        await expect(anna.page.locator("[data-testid=standing-row][data-status=paused]")).to_have_count(1)
        for player in players:
            await fits(player, "arena page", ["standings-table", "arena-you"], ARENA_PARTS)
        await anna.screenshot("arena-running-desktop-en.png", full_page=True)
        await bruno.screenshot("arena-running-phone-it.png", full_page=True)
        for player in players:
            assert not await serious_violations(player.page), await serious_violations(player.page)
        # While the arena runs on, each page fits at the other's screen size and at a larger phone's.
        for player, others, size in (
            (anna, (SMALL_PHONE, PHONE), DESKTOP),
            (bruno, (DESKTOP, PHONE), SMALL_PHONE),
        ):
            for other in others:
                await player.page.set_viewport_size(other)
                await fits(
                    player, "arena page at another size", ["standings-table", "arena-you"], ARENA_PARTS
                )
            await player.screenshot(
                f"arena-running-390-{'en' if player is anna else 'it'}.png", full_page=True
            )
            await player.page.set_viewport_size(size)

        # The arena ends: its final standings, worked out again from its games, and its podium, the
        # winner first; nobody may join any more.
        left = max(0.0, ends_at - time.time())
        for player in players:
            await expect(player.by("arena-podium")).to_be_visible(timeout=(left + 15) * 1000)
            final = player.page.locator("[data-testid=standing-row][data-status=done]")
            await expect(final).to_have_count(2)
            await expect(player.by("podium-place")).to_have_count(2)
            await expect(player.by("arena-join")).to_have_count(0)
            await expect(player.by("arena-tables")).to_have_count(0)
            await expect(player.by("arena-status")).to_have_attribute("data-status", "finished")
            await fits(player, "finished arena", ["arena-podium", "standings-table"], ARENA_PARTS)
        winner = max(rows, key=lambda name: int(rows[name]["points"]))
        if points != [1, 1]:
            await expect(anna.by("podium-name").first).to_have_text(winner)
        await anna.screenshot("arena-finished-desktop-en.png", full_page=True)
        await bruno.screenshot("arena-finished-phone-it.png", full_page=True)

        # Their arenas, on the stats page: this one, with their place.
        for player, place in ((anna, "Rank"), (bruno, "posto")):
            await player.by("nav-stats").click()
            mine = player.by("my-arena")
            await expect(mine).to_have_count(1)
            await expect(mine).to_contain_text(ARENA_NAME)
            await expect(mine.get_by_test_id("my-arena-result")).to_contain_text(place)
            await mine.scroll_into_view_if_needed()
            await fits(player, "stats", ["my-arena"], [".stats"])
        await anna.screenshot("arena-stats-desktop-en.png")
        await bruno.screenshot("arena-stats-phone-it.png")
        for player in players:
            assert not player.errors, player.errors


async def test_the_table_goes_on_to_the_next_arena_table_once_the_match_is_over(
    browser: Browser, server: RunningServer
) -> None:
    """Anna plays Bruno (scripted, who pauses during the game); Carla joins and waits. Once the match is
    over the arena seats Anna with Carla: her page says so at the end of the match and goes there."""
    arenas: ArenaRepository = await server.app.ctx.container.arena_store()
    await arenas.create(
        Arena("lunga", ARENA_NAME, GAME_TYPE, starts_at=time.time(), minutes=10, turn_seconds=TURN_SECONDS)
    )
    bruno, carla = await guests(server, ["Bruno", "Carla"])
    carla_lobby: LobbySocket | None = None
    bruno_socket: Socket | None = None
    try:
        anna = await open_guest(browser, server, ANNA, SMALL_PHONE, "it-IT")
        await anna.page.goto("/#/arena/lunga")
        await anna.by("arena-join").click()
        await expect(anna.by("arena-you-status")).to_have_attribute("data-status", "waiting")
        joined = await bruno.http.post("/api/arenas/lunga/join", json={})
        assert joined.status_code == 200, joined.text
        await expect(anna.table).to_be_visible(timeout=10_000)
        first = game_id_of(anna)
        bruno_socket = await Socket.open(server, first, bruno.cookie)
        bruno_plays = asyncio.create_task(play_until_game_over(bruno_socket, timeout=MATCH_TIMEOUT))
        paused = await bruno.http.post("/api/arenas/lunga/pause")  # no table for him after this game
        assert paused.status_code == 200, paused.text
        carla_lobby = await LobbySocket.open(server.ws_url, carla.cookie)
        await carla_lobby.send({"action": "arena", "arena_id": "lunga"})
        carla_told = asyncio.create_task(carla_lobby.until("arena_table", timeout=MATCH_TIMEOUT))
        joined = await carla.http.post("/api/arenas/lunga/join", json={})
        assert joined.status_code == 200, joined.text

        await play_to_the_end([anna])
        await bruno_plays
        next_game = (await carla_told)["game_id"]
        assert next_game != first
        # The end of the match stays a moment, saying the next table is ready; then the page goes there.
        await expect(anna.by("arena-next")).to_be_visible()
        await fits(anna, "end of the match", ["arena-next", "arena-return"], TABLE_PARTS, still=True)
        assert not await anna.unnamed_controls()  # a press on the way back survives a redraw
        await anna.screenshot("arena-next-game-phone-it.png")
        await anna.page.wait_for_url(f"**/#/game/{next_game}", timeout=10_000)
        await expect(anna.by("arena-link")).to_be_visible()
        await expect(anna.table).to_have_attribute("data-phase", "playing")
        await expect(anna.page.get_by_test_id("seat-name").filter(has_text="Carla")).to_have_count(1)
        assert not anna.errors, anna.errors
    finally:
        for closing in (carla_lobby, bruno_socket):
            if closing is not None:
                await closing.close()
        await bruno.close()
        await carla.close()


async def test_join_pressed_as_the_standings_change_still_joins_the_arena_on_release(
    browser: Browser, server: RunningServer
) -> None:
    """The arena's page is drawn anew at every change of its standings: a press on Join that such a
    drawing replaced (Bruno joined meanwhile) still joins Anna on release, and the arena pairs them."""
    arenas: ArenaRepository = await server.app.ctx.container.arena_store()
    await arenas.create(
        Arena("presto", ARENA_NAME, GAME_TYPE, starts_at=time.time(), minutes=10, turn_seconds=TURN_SECONDS)
    )
    (bruno,) = await guests(server, ["Bruno"])
    try:
        anna = await open_guest(browser, server, ANNA, SMALL_PHONE, "it-IT")
        await anna.page.goto("/#/arena/presto")
        await anna.press(anna.by("arena-join"))

        joined = await bruno.http.post("/api/arenas/presto/join", json={})
        assert joined.status_code == 200, joined.text
        await expect(anna.by("standing-row")).to_have_count(1)
        await anna.release_once_redrawn()

        await expect(anna.table).to_be_visible(timeout=10_000)  # joined, and paired with Bruno
        await expect(anna.page.get_by_test_id("seat-name").filter(has_text="Bruno")).to_have_count(1)
        assert not anna.errors, anna.errors
    finally:
        await bruno.close()


async def test_watch_pressed_as_the_standings_change_still_opens_the_game_on_release(
    browser: Browser, server: RunningServer
) -> None:
    """A press on a table's Watch link that a drawing of the arena's page replaced (Dario joined
    meanwhile) still opens that table on release: links are kept like buttons."""
    arenas: ArenaRepository = await server.app.ctx.container.arena_store()
    await arenas.create(
        Arena("guarda", ARENA_NAME, GAME_TYPE, starts_at=time.time(), minutes=10, turn_seconds=TURN_SECONDS)
    )
    bruno, carla, dario = await guests(server, ["Bruno", "Carla", "Dario"])
    try:
        for player in (bruno, carla):
            joined = await player.http.post("/api/arenas/guarda/join", json={})
            assert joined.status_code == 200, joined.text
        anna = await open_guest(browser, server, ANNA, SMALL_PHONE, "it-IT")
        await anna.page.goto("/#/arena/guarda")
        watch = anna.by("arena-watch")
        await expect(watch).to_have_count(1, timeout=10_000)  # Bruno and Carla were paired
        game_id = await anna.by("arena-table").get_attribute("data-game-id")
        assert game_id
        await anna.press(watch)

        joined = await dario.http.post("/api/arenas/guarda/join", json={})
        assert joined.status_code == 200, joined.text
        await expect(anna.by("standing-row")).to_have_count(3)
        await anna.release_once_redrawn()

        await anna.page.wait_for_url(f"**/#/game/{game_id}", timeout=10_000)
        await expect(anna.table).to_be_visible()
        await expect(anna.page.get_by_test_id("seat-name").filter(has_text="Carla")).to_have_count(1)
        assert await anna.unnamed_controls() == []  # the arena link in the head among them
        assert not anna.errors, anna.errors
    finally:
        for guest in (bruno, carla, dario):
            await guest.close()


async def test_an_arena_pressed_in_the_lobby_as_its_list_is_read_again_still_opens_on_release(
    browser: Browser, server: RunningServer
) -> None:
    """The lobby reads its arenas again every few seconds and draws the list anew: a press on an
    arena's name that such a drawing replaced (another arena opened meanwhile) still opens it."""
    arenas: ArenaRepository = await server.app.ctx.container.arena_store()
    await arenas.create(Arena("prima", ARENA_NAME, GAME_TYPE, time.time(), 10, TURN_SECONDS, public=True))
    anna = await open_guest(browser, server, ANNA, SMALL_PHONE, "en-GB")
    item = anna.by("arena-item").filter(has_text=ARENA_NAME)
    await anna.press(item.get_by_test_id("arena-link"))

    await arenas.create(Arena("seconda", "Seconda", GAME_TYPE, time.time(), 10, TURN_SECONDS, public=True))
    await expect(anna.by("arena-item")).to_have_count(2, timeout=15_000)  # read again, drawn anew
    await anna.release_once_redrawn()

    await expect(anna.by("arena-name")).to_have_text(ARENA_NAME)
    assert anna.page.url.endswith("#/arena/prima")
    assert not anna.errors, anna.errors


async def test_an_arena_pressed_with_control_as_its_list_is_read_again_opens_in_another_tab(
    browser: Browser, server: RunningServer
) -> None:
    """Ctrl held with a press on a link asks for another tab: when the list was drawn anew before the
    release, the arena still opens in a tab of its own, and the lobby stays where it was."""
    arenas: ArenaRepository = await server.app.ctx.container.arena_store()
    await arenas.create(Arena("prima", ARENA_NAME, GAME_TYPE, time.time(), 10, TURN_SECONDS, public=True))
    anna = await open_guest(browser, server, ANNA, DESKTOP, "it-IT")
    lobby_url = anna.page.url
    item = anna.by("arena-item").filter(has_text=ARENA_NAME)
    await anna.press(item.get_by_test_id("arena-link"), holding="Control")

    await arenas.create(Arena("seconda", "Seconda", GAME_TYPE, time.time(), 10, TURN_SECONDS, public=True))
    await expect(anna.by("arena-item")).to_have_count(2, timeout=15_000)  # read again, drawn anew
    async with anna.page.context.expect_page() as opened:
        await anna.release_once_redrawn()

    tab = await opened.value
    await tab.wait_for_url("**/#/arena/prima")
    await expect(tab.get_by_test_id("arena-name")).to_have_text(ARENA_NAME)
    assert anna.page.url == lobby_url
    await expect(anna.by("arena-item")).to_have_count(2)
    assert not anna.errors, anna.errors


async def member_page(browser: Browser, server: RunningServer, name: str, viewport: ViewportSize) -> Player:
    """A player with an account (not a guest), logged in as a login would: their session's cookie."""
    logins: LoginSessions = await server.app.ctx.container.logins()
    session = await logins.create(Identity(f"oidc:test:{name.lower()}", name, provider="test"))
    player = await open_page(browser, server, name, viewport, "en-GB")
    await player.page.context.add_cookies([{"name": COOKIE_NAME, "value": session, "url": server.base_url}])
    await player.page.reload()
    await expect(player.by("lobby")).to_be_visible()
    return player


async def test_a_player_with_an_account_creates_an_arena_from_the_lobby(
    browser: Browser, server: RunningServer
) -> None:
    carla = await member_page(browser, server, "Carla", SMALL_PHONE)
    panel = carla.by("arenas")
    await expect(panel.get_by_test_id("no-arenas")).to_be_visible()
    await expect(panel.get_by_test_id("arena-guest-note")).to_have_count(0)
    await panel.get_by_test_id("arena-create-toggle").click()
    await carla.by("arena-name-input").fill("Arena di Carla")
    await expect(carla.by("arena-minutes")).to_have_value("30")
    await carla.by("arena-game").select_option(GAME_TYPE)
    await carla.by("arena-start-later").check()
    await expect(carla.by("arena-when")).to_be_visible()
    await carla.by("arena-start-now").check()
    await expect(carla.by("arena-when")).to_be_hidden()
    await carla.by("arena-minutes").fill("45")
    form_parts = [".arena-form", ".arena-form .fields"]
    await fits(carla, "arena form", ["arena-name-input", "arena-create-submit"], form_parts)
    await carla.screenshot("arena-create-phone-en.png", full_page=True)
    await carla.by("arena-minutes").press("Enter")  # submits the form, as a keyboard user would

    await expect(carla.by("arena-name")).to_have_text("Arena di Carla")
    await expect(carla.by("arena-status")).to_have_attribute("data-status", "running")
    await expect(carla.by("arena-facts")).to_contain_text("45 minutes")
    await expect(carla.by("arena-join")).to_be_visible()
    await expect(carla.by("arena-berserk")).to_be_visible()
    listed: dict[str, Any] = await (await carla.page.request.get("/api/arenas")).json()
    assert [arena["name"] for arena in listed["arenas"]] == ["Arena di Carla"]
    assert not carla.errors, carla.errors
