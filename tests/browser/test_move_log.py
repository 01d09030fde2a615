"""The move log beside the table: what happened, in words, newest last.

A player at a table for four reads every move made between two of their turns, their partner's too, in
English and in Italian; opens the last trick or the last capture face up; finds the previous hand's
summary on top of the next hand's log; keeps the log over a reload; is told when moves were missed while
the page was not connected; and on a phone finds the log folded, one tap away, with nothing wider than the
screen. The expected sentences are worded here from the events a spectator's socket received.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser, WebSocketRoute, expect

from tests.browser.pages import (
    PHONE,
    Player,
    create_table,
    join_table,
    open_guest,
    play_a_card,
    play_until_the_hand_ends,
    wait_for_turn,
)
from tests.browser.scripted import guests, join, playing
from tests.browser.serving import browser_settings
from tests.integration.players import first_legal_move
from tests.integration.server import RunningServer, Socket, running_server

NAMES = ["Anna", "Bruno", "Carla", "Dario"]
SUITS = {"D": "denari", "C": "coppe", "S": "spade", "B": "bastoni"}
RANK_WORDS = {
    "en": {1: "asso", 8: "fante", 9: "cavallo", 10: "re"},
    "it": {
        1: "asso",
        2: "due",
        3: "tre",
        4: "quattro",
        5: "cinque",
        6: "sei",
        7: "sette",
        8: "fante",
        9: "cavallo",
        10: "re",
    },
}
CALLS = {
    1: "Asso",
    2: "Due",
    3: "Tre",
    4: "Quattro",
    5: "Cinque",
    6: "Sei",
    7: "Sette",
    8: "Fante",
    9: "Cavallo",
    10: "Re",
}
# A random deal may be dealt again (three or more re on the table) before it is laid: the log says so.
REDEALT = r"(The cards were dealt again [^.]*\. )?"
MISSED = "Some moves were made while this page was not connected; they are not listed."


@pytest_asyncio.fixture(loop_scope="session")
async def server() -> AsyncIterator[RunningServer]:
    # Scripted players answer each frame at once, faster than any person: the flood guard (tested on its
    # own in test_edge_security) would rightly stop them mid-hand.
    async with running_server(browser_settings(ws_rate_per_second=10_000.0, ws_rate_burst=10_000)) as running:
        yield running


# ------------------------------------------------------------ the sentences, worded from the events


def card_name(code: str, lang: str) -> str:
    rank = int(code[:2])
    word = RANK_WORDS[lang].get(rank, str(rank))
    return f"{word} {'of' if lang == 'en' else 'di'} {SUITS[code[2]]}"


def listing(items: list[str], lang: str) -> str:
    """As Intl.ListFormat words a list: "a, b, and c" / "a, b e c"."""
    if len(items) < 2:
        return "".join(items)
    if lang == "en":
        return " and ".join(items) if len(items) == 2 else f"{', '.join(items[:-1])}, and {items[-1]}"
    return f"{', '.join(items[:-1])} e {items[-1]}"


def fishing_play(event: dict[str, Any], viewer: int, lang: str) -> str:
    seat, card = event["seat"], card_name(event["card"], lang)
    you = seat == viewer
    taken = listing([card_name(c, lang) for c in event["captured"]], lang)
    if lang == "en":
        subject = "You" if you else NAMES[seat]
        if not event["captured"]:
            return f"{subject} played {card}."
        text = f"{subject} played {card} and took {taken}"
    else:
        if not event["captured"]:
            return f"Hai giocato {card}." if you else f"{NAMES[seat]} ha giocato {card}."
        text = (
            f"Hai giocato {card} e hai preso {taken}"
            if you
            else f"{NAMES[seat]} ha giocato {card} e ha preso {taken}"
        )
    return f"{text}: scopa!" if event["scopa"] else f"{text}."


def won_trick(event: dict[str, Any], viewer: int, names: list[str] = NAMES) -> str:
    points = event["points"]
    unit = "point" if points == 1 else "points"
    if event["winner"] == viewer:
        return f"You won the trick, {points} {unit}."
    return f"{names[event['winner']]} won the trick, {points} {unit}."


def chiamata_line(event: dict[str, Any], viewer: int, names: list[str]) -> str | None:
    """An event of briscola chiamata in English, as the log words it (None: the log leaves it out)."""
    kind, seat = event["kind"], event.get("seat")
    you = seat == viewer
    who = "You" if you else names[seat] if seat is not None else ""
    if kind == "hand_started":
        dealer = event["dealer"]
        return f"Deal {event['hand_number']}: {'you deal' if dealer == viewer else names[dealer] + ' deals'}."
    if kind in ("bid", "auction_won"):
        bid = CALLS[event["rank"]] if "rank" in event else f"Due with {event['points']} points"
        if kind == "auction_won":
            return (
                f"{who} won the auction with {bid} and {'need' if you else 'needs'} {event['target']} points."
            )
        return f"{who} {'had to bid' if event.get('forced') else 'bid'} {bid}."
    if kind == "pass":
        return f"{who} passed."
    if kind == "call":
        return f"{who} called {card_name(event['card'], 'en')}; briscola: {SUITS[event['trump_suit']]}."
    if kind == "play":
        return f"{who} played {card_name(event['card'], 'en')}."
    if kind == "trick":
        return won_trick(event, viewer, names)
    if kind == "partner_revealed":
        if event["alone"]:
            return (
                "You play alone." if event["caller"] == viewer else f"{names[event['caller']]} plays alone."
            )
        return (
            "You are the partner."
            if event["partner"] == viewer
            else f"{names[event['partner']]} is the partner."
        )
    return None


def points_text(name: str, count: int, lang: str) -> str:
    if lang == "en":
        return f"{name} {count} {'point' if count == 1 else 'points'}"
    return f"{name} {count} {'punto' if count == 1 else 'punti'}"


def hand_summary(event: dict[str, Any], lang: str) -> str:
    """A two-player scopa hand's summary: each player's points in the hand, then the match score."""
    sides = listing(
        [points_text(NAMES[i], event["sides"][side]["total"], lang) for i, side in enumerate("AB")], lang
    )
    scores = ", ".join(f"{NAMES[i]} {event['scores'][side]}" for i, side in enumerate("AB"))
    if lang == "en":
        return f"Hand {event['hand_number']}: {sides}. Match score: {scores}."
    return f"Mano {event['hand_number']}: {sides}. Punteggio della partita: {scores}."


async def events_until(watcher: Socket, version: int) -> list[dict[str, Any]]:
    """The public events of every version up to ``version``, as a spectator received them."""

    def reached(frame: dict[str, Any]) -> bool:
        return frame["type"] == "state" and int(frame["game"]["version"]) >= version

    if not any(reached(frame) for frame in watcher.frames):
        await watcher.until(reached)
    return [
        event
        for frame in watcher.frames
        if frame["type"] == "state" and frame["game"]["version"] <= version
        for event in frame["events"]
    ]


# ------------------------------------------------------------ the page


async def entry_texts(player: Player) -> list[str]:
    return [text.strip() for text in await player.by("move-log-entry").all_text_contents()]


async def at_the_bottom(player: Player) -> bool:
    """Whether the log's list is scrolled to its newest entry."""
    return bool(
        await player.by("move-log-entries").evaluate(
            "el => el.scrollTop + el.clientHeight >= el.scrollHeight - 2"
        )
    )


async def assert_fits(player: Player) -> None:
    width = await player.page.evaluate("document.documentElement.scrollWidth")
    viewport = player.page.viewport_size
    assert viewport and width <= viewport["width"], f"the page overflows: {width}px"


async def play_and_wait(player: Player) -> None:
    version = await player.version()
    await play_a_card(player)
    assert await player.wait_for_version_after(version)


async def scopa_for_two(
    browser: Browser, server: RunningServer, **page: Any
) -> tuple[Player, Any, str, Socket]:
    """Anna at a scopa table in the browser, Bruno seated from Python, and a spectator's socket."""
    anna = await open_guest(browser, server, "Anna", **page)
    code = await create_table(anna, "scopa", {"target_score": 21})
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]
    return anna, bruno, game_id, await Socket.open(server, game_id)


async def four_at_the_table(
    browser: Browser, server: RunningServer, game_type: str, locale: str = "en-US"
) -> tuple[Player, list[Any], str, Socket]:
    """Anna in the browser at seat 0, three scripted guests at seats 1-3, and a spectator's socket that
    sees the match from its first deal."""
    anna = await open_guest(browser, server, "Anna", locale=locale)
    code = await create_table(
        anna, game_type, {"target_score": 11 if game_type == "scopone_scientifico" else 1000}
    )
    others = await guests(server, NAMES[1:])
    game_id = (await join(others[0], code))["id"]
    watcher = await Socket.open(server, game_id)
    for guest in others[1:]:
        await join(guest, code)
    return anna, others, game_id, watcher


# ------------------------------------------------------------ the tests


@pytest.mark.parametrize("locale", ["en-US", "it-IT"], ids=["english", "italian"])
async def test_every_move_between_two_turns_shows_newest_last_with_the_partners(
    browser: Browser, server: RunningServer, locale: str
) -> None:
    lang = locale[:2]
    anna, others, game_id, watcher = await four_at_the_table(browser, server, "scopone_scientifico", locale)
    first_line = "Hand 1: you deal." if lang == "en" else "Mano 1: dai le carte tu."
    async with playing(server, game_id, others):
        for turn in range(2):
            await wait_for_turn(anna)
            plays = [e for e in await events_until(watcher, await anna.version()) if e["kind"] == "play"]
            assert [e["seat"] for e in plays[-3:]] == [1, 2, 3]  # Bruno, Carla, Dario moved since Anna's turn
            await expect(anna.by("move-log-entry")).to_have_text(
                [first_line, *(fishing_play(e, 0, lang) for e in plays)]
            )
            entries = anna.by("move-log-entry")
            count = await entries.count()
            newest = [entries.nth(i) for i in range(count - 3, count)]
            for entry, seat in zip(newest, ("1", "2", "3"), strict=True):
                await expect(entry).to_have_attribute("data-kind", "play")
                await expect(entry).to_have_attribute("data-seat", seat)
            await expect(newest[1]).to_have_class(re.compile(r"\bpartner\b"))  # Carla plays with Anna
            await expect(newest[0]).not_to_have_class(re.compile(r"\bpartner\b"))
            if turn == 1:
                await expect(entries.nth(count - 4)).to_have_class(re.compile(r"\bmine\b"))  # Anna's own move
            else:
                await play_and_wait(anna)

        log = anna.by("move-log")
        await expect(log.locator("details")).to_have_attribute("open", "")  # open on a wide screen
        title = "What happened" if lang == "en" else "Cosa è successo"
        await expect(log.locator("summary")).to_contain_text(title)
        await expect(anna.by("move-log-entries")).to_be_visible()
        await expect(anna.by("move-log-entries")).to_have_attribute(
            "aria-label", "Moves" if lang == "en" else "Mosse"
        )
        assert await log.get_attribute("aria-live") is None
        assert await at_the_bottom(anna), "the newest entry is in sight"
    await watcher.close()
    assert not anna.errors, anna.errors


async def test_the_last_trick_opens_face_up_with_who_played_each_card_and_closes_with_escape(
    browser: Browser, server: RunningServer
) -> None:
    anna, others, game_id, watcher = await four_at_the_table(browser, server, "briscola_a_quattro")
    toggle = anna.by("last-review-toggle")
    panel = anna.by("last-review")
    async with playing(server, game_id, others):
        await wait_for_turn(anna)  # seat 1 leads: three cards of the first trick are down
        await expect(toggle).to_have_text("Last trick")
        await expect(toggle).to_be_disabled()
        await play_and_wait(anna)  # the fourth card: the first trick is complete
        await wait_for_turn(anna)

        events = await events_until(watcher, await anna.version())
        trick = [e for e in events if e["kind"] == "trick"][-1]
        await expect(anna.by("move-log-entry").filter(has_text=won_trick(trick, 0))).to_have_count(1)
        await expect(toggle).to_be_enabled()
        await expect(toggle).to_have_attribute("aria-expanded", "false")
        await expect(panel).to_be_hidden()
        await toggle.click()
        await expect(toggle).to_have_attribute("aria-expanded", "true")
        await expect(panel).to_be_visible()
        await expect(panel.get_by_test_id("last-review-text")).to_have_text(won_trick(trick, 0))
        cards = panel.get_by_test_id("review-card")
        await expect(cards).to_have_count(4)
        assert [await c.get_attribute("data-card") for c in await cards.all()] == [
            p["card"] for p in trick["trick"]
        ]
        captions = ["You" if p["seat"] == 0 else NAMES[p["seat"]] for p in trick["trick"]]
        await expect(panel.locator("figcaption")).to_have_text(captions)
        await expect(cards.first).to_have_attribute("aria-label", card_name(trick["trick"][0]["card"], "en"))

        await anna.page.keyboard.press("Escape")
        await expect(panel).to_be_hidden()
        await expect(toggle).to_have_attribute("aria-expanded", "false")
        await expect(toggle).to_be_focused()
        await toggle.click()
        await expect(panel).to_be_visible()
        # The others play on and the log is drawn anew under us: scroll inside the page, in one step.
        await anna.page.evaluate("document.querySelector('[data-testid=move-log]')?.scrollIntoView()")
        await anna.screenshot("move-log-desktop.png")
    await watcher.close()
    assert not anna.errors, anna.errors


async def test_the_last_capture_shows_the_card_played_and_the_cards_it_took(
    browser: Browser, server: RunningServer
) -> None:
    anna, bruno, game_id, watcher = await scopa_for_two(browser, server, locale="it-IT")
    toggle = anna.by("last-review-toggle")
    async with playing(server, game_id, [bruno]):
        await wait_for_turn(anna)
        await expect(toggle).to_have_text("Ultima presa")
        while not await toggle.is_enabled():  # until somebody captures (compulsory on a matching rank)
            assert not await anna.by("hand-end").count(), "a whole hand without a capture"
            await play_and_wait(anna)
            await wait_for_turn(anna)

        events = await events_until(watcher, await anna.version())
        capture = [e for e in events if e["kind"] == "play" and e["captured"]][-1]
        await toggle.click()
        panel = anna.by("last-review")
        await expect(panel).to_be_visible()
        await expect(panel.get_by_test_id("last-review-text")).to_have_text(fishing_play(capture, 0, "it"))
        shown = [await c.get_attribute("data-card") for c in await panel.get_by_test_id("review-card").all()]
        assert shown == [capture["card"], *capture["captured"]]
        who = "Tu" if capture["seat"] == 0 else "Bruno"
        await expect(panel.locator("figcaption")).to_have_text(
            [who, *["dalla tavola"] * len(capture["captured"])]
        )
        await toggle.press("Escape")
        await expect(panel).to_be_hidden()
    await watcher.close()
    assert not anna.errors, anna.errors


async def test_the_next_hand_starts_with_the_summary_of_the_previous_one(
    browser: Browser, server: RunningServer
) -> None:
    anna, bruno, game_id, watcher = await scopa_for_two(browser, server)
    async with playing(server, game_id, [bruno]):
        await play_until_the_hand_ends(anna, 90)
        events = await events_until(watcher, await anna.version())
        ended = next(e for e in events if e["kind"] == "hand_end")
        entries = anna.by("move-log-entry")
        await expect(entries.last).to_have_attribute("data-kind", "hand_end")
        await expect(entries.last).to_have_text(hand_summary(ended, "en"))

        await anna.by("ack").click()
        await wait_for_turn(anna)  # Bruno deals the second hand: Anna plays first
        started = next(
            e
            for e in await events_until(watcher, await anna.version())
            if e["kind"] == "hand_started" and e["hand_number"] == 2
        )
        table = listing([card_name(c, "en") for c in started["table"]], "en")
        await expect(entries.first).to_have_attribute("data-kind", "previous_hand")
        await expect(entries.first).to_have_text(hand_summary(ended, "en"))
        await expect(entries.nth(1)).to_have_text(
            re.compile(rf"^Hand 2: Bruno deals\. {REDEALT}On the table: {re.escape(table)}\.$")
        )
        await expect(entries).to_have_count(2)  # nothing of the first hand's moves is left

        await anna.by("language-it").click()  # the same log, worded in Italian
        await expect(entries.first).to_have_text(hand_summary(ended, "it"))
        table_it = listing([card_name(c, "it") for c in started["table"]], "it")
        await expect(entries.nth(1)).to_have_text(f"Mano 2: dà le carte Bruno. In tavola: {table_it}.")
    await watcher.close()
    assert not anna.errors, anna.errors


async def test_reloading_the_page_keeps_the_log(browser: Browser, server: RunningServer) -> None:
    anna, bruno, game_id, watcher = await scopa_for_two(browser, server)
    async with playing(server, game_id, [bruno]):
        await wait_for_turn(anna)
        await play_and_wait(anna)
        await wait_for_turn(anna)
        before = await entry_texts(anna)
        assert len(before) >= 3
        assert re.match(rf"Hand 1: you deal\. {REDEALT}On the table: ", before[0])

        await anna.page.reload()
        await wait_for_turn(anna)
        await expect(anna.by("move-log-entry")).to_have_text(before)  # nothing missed, nothing twice

        await play_and_wait(anna)
        await wait_for_turn(anna)
        after = await entry_texts(anna)
        assert after[: len(before)] == before
        assert len(after) >= len(before) + 2  # Anna's move and Bruno's answer
        assert MISSED not in after
    await watcher.close()
    assert not anna.errors, anna.errors


async def test_moves_made_while_the_socket_was_down_are_said_to_be_missed(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    connections: list[WebSocketRoute] = []

    async def record(ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()
        connections.append(ws)
        ws.on_message(lambda message: upstream.send(message))

    await anna.page.route_web_socket(re.compile(r"/ws/games/"), record)
    code = await create_table(anna, "scopa")
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]
    bruno_socket = await Socket.open(server, game_id, bruno.cookie)
    bruno_turn = await bruno_socket.until(lambda f: f["type"] == "state" and f["game"].get("your_turn"))
    await expect(anna.table).to_have_attribute("data-phase", "playing")
    await expect(anna.by("move-log-entry")).to_have_count(1)  # the deal

    await connections[0].close()
    move = first_legal_move(bruno_turn["game"])
    await bruno_socket.send(move)  # while Anna is away
    await wait_for_turn(anna)
    entries = anna.by("move-log-entry")
    await expect(entries).to_have_count(2)
    await expect(entries.last).to_have_attribute("data-kind", "missed")
    await expect(entries.last).to_have_text(MISSED)
    await expect(anna.by("move-log")).not_to_contain_text(f"Bruno played {card_name(move['card'], 'en')}")

    await play_and_wait(anna)  # the log goes on after the gap
    await expect(entries).to_have_count(3)
    await expect(entries.last).to_have_text(re.compile(r"^You played "))
    await bruno_socket.close()
    await bruno.close()
    assert not anna.errors, anna.errors


async def test_on_a_phone_the_log_is_a_sheet_that_a_tap_opens_and_escape_closes(
    browser: Browser, server: RunningServer
) -> None:
    anna, bruno, game_id, watcher = await scopa_for_two(browser, server, viewport=PHONE)
    log = anna.by("move-log")
    toggle = anna.by("log-sheet-toggle")
    async with playing(server, game_id, [bruno]):
        await wait_for_turn(anna)
        await play_and_wait(anna)
        await wait_for_turn(anna)
        await expect(log).to_be_hidden()  # the table has the screen: the log waits behind its button
        await expect(toggle).to_have_attribute("aria-expanded", "false")
        await assert_fits(anna)

        await toggle.click()
        await expect(toggle).to_have_attribute("aria-expanded", "true")
        await expect(anna.by("move-log-entries")).to_be_visible()
        await expect(anna.by("move-log-entry").last).to_be_in_viewport()
        assert await at_the_bottom(anna), "opened, the log shows its newest entry"
        await assert_fits(anna)
        if await anna.by("last-review-toggle").is_enabled():
            await anna.by("last-review-toggle").click()
            await expect(anna.by("last-review")).to_be_visible()
        await anna.screenshot("move-log-phone.png")

        await anna.page.keyboard.press("Escape")
        await expect(log).to_be_hidden()
        await expect(toggle).to_be_focused()
        await toggle.click()
        await anna.by("log-sheet-close").click()
        await expect(log).to_be_hidden()
    await watcher.close()
    assert not anna.errors, anna.errors


async def test_the_log_is_not_in_the_way_while_the_table_waits_for_players(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    await create_table(anna, "scopa")
    await expect(anna.by("waiting")).to_be_visible()
    await expect(anna.by("move-log")).to_be_hidden()
    await expect(anna.by("last-review-toggle")).to_have_count(0)
    stored = await anna.page.evaluate(
        "() => Object.keys(sessionStorage).filter((key) => key.startsWith('tavolo.movelog.'))"
    )
    assert len(stored) == 1
    saved = json.loads(await anna.page.evaluate(f"() => sessionStorage.getItem({json.dumps(stored[0])})"))
    assert saved["entries"] == []
    assert not anna.errors, anna.errors


async def test_the_auction_the_call_and_the_partner_of_briscola_chiamata_are_told(
    browser: Browser, server: RunningServer
) -> None:
    names = ["Elena", "Anna", "Bruno", "Carla", "Dario"]
    elena, bruno, carla, dario = await guests(server, ["Elena", "Bruno", "Carla", "Dario"])
    created = await elena.http.post("/api/games", json={"game_type": "briscola_chiamata"})
    assert created.status_code == 201, created.text
    game = created.json()
    watcher = await Socket.open(server, game["id"])
    anna = await open_guest(browser, server, "Anna")
    await join_table(anna, game["join_code"])  # seat 1: the first to speak
    for guest in (bruno, carla, dario):
        await join(guest, game["join_code"])

    async with playing(server, game["id"], [elena, bruno, carla, dario]):  # they pass, then play
        await wait_for_turn(anna)
        await anna.by("bid-rank").first.click()
        await expect(anna.by("call-controls")).to_be_visible(timeout=10_000)
        await anna.by("call-card").first.click()
        await expect(anna.table).to_have_attribute("data-phase", "playing")
        for _ in range(2):  # two of Anna's turns in the tricks, the others' moves in between
            await wait_for_turn(anna)
            events = await events_until(watcher, await anna.version())
            expected = [line for e in events if (line := chiamata_line(e, 1, names))]
            await expect(anna.by("move-log-entry")).to_have_text(expected)
            await play_and_wait(anna)
        await wait_for_turn(anna)  # the others wait for Anna: the log stands still
        events = await events_until(watcher, await anna.version())
        kinds = await anna.by("move-log-entry").evaluate_all("els => els.map((el) => el.dataset.kind)")
        assert kinds[:7] == ["hand_started", "bid", "pass", "pass", "pass", "pass", "auction_won"]
        assert kinds[7] == "call"
        assert ("partner_revealed" in kinds) == any(e["kind"] == "partner_revealed" for e in events)
        await expect(anna.by("last-review-toggle")).to_have_text("Last trick")
    await watcher.close()
    assert not anna.errors, anna.errors


async def test_a_turn_that_times_out_is_told_before_the_move_made_for_the_player(browser: Browser) -> None:
    settings = browser_settings(
        turn_timeout_seconds=2.0,
        deadline_heartbeat_ms=100,
        ws_rate_per_second=10_000.0,
        ws_rate_burst=10_000,
    )
    async with running_server(settings) as server:
        anna, bruno, game_id, watcher = await scopa_for_two(browser, server, locale="it-IT")
        async with playing(server, game_id, [bruno]):
            await wait_for_turn(anna)
            entries = anna.by("move-log-entry")
            count = await entries.count()
            summary = anna.by("move-log-toggle")
            await summary.focus()
            # Anna lets her time run out: the table plays for her
            await expect(entries.nth(count)).to_have_attribute("data-kind", "timeout", timeout=10_000)
            await expect(entries.nth(count)).to_have_text(
                "È scaduto il tuo tempo: la mossa seguente è stata fatta in automatico."
            )
            await expect(entries.nth(count + 1)).to_have_text(re.compile(r"^Hai giocato "))
            await expect(summary).to_be_focused()  # the table redrew, the keyboard user is where they were
            await summary.press("Enter")
            await expect(anna.by("move-log-entries")).to_be_hidden()
            await summary.press("Enter")
            await expect(anna.by("move-log-entries")).to_be_visible()
        await watcher.close()
        assert not anna.errors, anna.errors
