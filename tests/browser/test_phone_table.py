"""The table on one screen, steady: a whole hand played by clicks against computer players, at a small
phone, a phone and a desktop, in Italian and in English, by a guest with the longest name allowed.

At every turn of the player: the hand and the prompt are inside the screen with nothing scrolled and
nothing to scroll; no two of the seats, the trick or the table's cards, the hand and the auction's list
overlap, and no "Scopa!" badge lies over a name. At the end of the hand its summary and its button are
on the screen, and the browser's layout shifts over the whole hand (those a click caused aside) add up
to less than 0.02.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from application.identity.login import MAX_NAME_LENGTH
from tests.browser.pages import Player, open_guest, play_a_card
from tests.browser.table_life import open_by_api, quick_server

# As long as a name may be: the seats and the header must hold it.
LONGEST_NAME = "Massimiliano Giuseppe Bartolomei"
SIZES: dict[str, ViewportSize] = {
    "360x640": {"width": 360, "height": 640},
    "390x844": {"width": 390, "height": 844},
    "1280x720": {"width": 1280, "height": 720},
}
LOCALES = {"it": "it-IT", "en": "en-GB"}
# A family each: fishing at four, briscola at four, briscola chiamata with its auction and call; the
# trick games in matches of several deals, so the hand ends on a summary with the running score.
GAMES: dict[str, dict[str, int]] = {
    "scopone_scientifico": {},
    "briscola_a_quattro": {"deals_to_win": 2},
    "briscola_chiamata": {"deals_to_play": 5},
    "tressette_a_quattro": {},  # ten tricks a hand; the two-player hand is played in test_tressette_table
}
DEALS_WORD = {"it": "Smazzate", "en": "Deals"}
HAND_TIMEOUT = 150.0
MOST_SHIFT = 0.02

# The layout shifts of the page from now on, input-caused ones aside, added up in window.__shift.
WATCH_SHIFTS = """() => {
  const since = performance.now();
  window.__shift = 0;
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput || entry.startTime < since) continue;
      window.__shift += entry.value;
      window.__shifts.push({
        value: entry.value,
        sources: (entry.sources || []).map((s) => {
          const node = s.node;
          const name = node && node.nodeType === 1
            ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}[${node.dataset.testid || ''}]`
            : String(node && node.nodeName);
          return `${name} ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)}`;
        }),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}"""

# What a player sees at their turn: what is off the screen, and which of the table's parts overlap.
LAYOUT = """() => {
  const problems = [];
  const width = window.innerWidth;
  const height = window.innerHeight;
  const root = document.documentElement;
  if (window.scrollY !== 0) problems.push(`the page is scrolled by ${window.scrollY}px`);
  if (root.scrollHeight > height + 1) problems.push(`the page is ${root.scrollHeight}px tall`);
  if (root.scrollWidth > width + 1) problems.push(`the page is ${root.scrollWidth}px wide`);
  const shown = (el) => el && el.checkVisibility() && el.getClientRects().length > 0;
  const box = (el) => el.getBoundingClientRect();
  const inside = (name, el) => {
    if (!shown(el)) {
      problems.push(`no ${name} on the screen`);
      return;
    }
    const r = box(el);
    if (r.top < -1 || r.left < -1 || r.bottom > height + 1 || r.right > width + 1) {
      const at = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
      problems.push(`the ${name} (${at}) is not inside the ${width}x${height} screen`);
    }
  };
  const by = (testid) => document.querySelector(`[data-testid=${testid}]`);
  inside("hand", by("hand"));
  inside("prompt", document.querySelector(".table-controls .prompt"));
  for (const prompt of document.querySelectorAll(".table-controls .prompt")) {
    if (prompt.scrollHeight > prompt.clientHeight + 1 || prompt.scrollWidth > prompt.clientWidth + 1) {
      problems.push(`the prompt "${prompt.textContent}" is cut`);
    }
  }

  const parts = [];
  for (const seat of document.querySelectorAll("[data-testid=seat]")) {
    parts.push([`seat ${seat.dataset.seat}`, seat]);
  }
  for (const testid of ["trick", "table-cards", "hand", "auction"]) {
    const el = by(testid);
    if (shown(el)) parts.push([testid, el]);
  }
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (let i = 0; i < parts.length; i += 1) {
    for (let j = i + 1; j < parts.length; j += 1) {
      if (shown(parts[i][1]) && shown(parts[j][1]) && overlap(box(parts[i][1]), box(parts[j][1]))) {
        problems.push(`the ${parts[i][0]} and the ${parts[j][0]} overlap`);
      }
    }
  }
  const cut = (el) => el.scrollWidth > el.clientWidth + 1;
  const title = document.getElementById("table-title");
  if (shown(title) && cut(title)) problems.push(`the game's name "${title.textContent}" is cut`);
  const short = by("short-scores");
  if (shown(short) && cut(short)) problems.push(`the short score line "${short.textContent}" is cut`);
  for (const label of document.querySelectorAll(".short-label")) {
    if (shown(label) && cut(label)) problems.push(`the score's label "${label.textContent}" is cut`);
  }
  for (const badge of document.querySelectorAll("[data-testid=scopa-flash]")) {
    for (const name of document.querySelectorAll("[data-testid=seat-name]")) {
      if (overlap(box(badge), box(name))) problems.push(`a badge covers the name "${name.textContent}"`);
    }
  }
  return problems;
}"""


async def act_by_clicks(player: Player) -> None:
    """The player's move, by clicks: pass in the auction (bid when the last one left), call the first
    card offered, or play a card."""
    if await player.by("bid-pass").count():
        await player.by("bid-pass").click()
    elif await player.by("bid-rank").count():
        await player.by("bid-rank").first.click()
    elif await player.by("call-card").count():
        await player.by("call-card").first.click()
    else:
        await play_a_card(player)
        if await player.by("capture-choice").count():  # the table's cards did not settle it: a button does
            await player.by("capture-option").first.click()


# A "Scopa!" called out on every seat at once, as the fishing table draws it: none covers a name. A
# scopa by a given seat at the moment of a check is chance; this looks at every seat every time.
SCOPA_ON_EVERY_SEAT = """async () => {
  const { t } = await import("/web/js/i18n.js");
  const found = [];
  const box = (el) => el.getBoundingClientRect();
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const badges = [...document.querySelectorAll("[data-testid=seat]")].map((seat) => {
    const badge = document.createElement("span");
    badge.className = "scopa-flash";
    badge.textContent = t("fishing.seat.scopa_flash");
    seat.append(badge);
    badge.getAnimations().forEach((animation) => animation.finish());  // at its full size
    return badge;
  });
  for (const badge of badges) {
    for (const name of document.querySelectorAll("[data-testid=seat-name]")) {
      if (overlap(box(badge), box(name))) found.push(`a badge covers the name "${name.textContent}"`);
    }
  }
  badges.forEach((badge) => badge.remove());
  return found;
}"""


async def hand_over(player: Player) -> bool:
    return bool(await player.by("hand-end").count() or await player.by("game-over").count())


# From now on: whether a finished trick's winner was written on the felt (window.__trickStayed).
WATCH_TRICKS = """() => {
  window.__trickStayed = false;
  const look = () => {
    if (document.querySelector("[data-testid=trick-winner]")) window.__trickStayed = true;
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  look();
}"""
# The page's next moment to act or to stop: the player's turn (no move of theirs waiting for its
# answer), or the hand's summary, or the match's end.
TURN_OR_END = """() => {
  const table = document.querySelector("[data-testid=table]");
  return (table && table.dataset.yourTurn === "true")
    || Boolean(document.querySelector("[data-testid=hand-end], [data-testid=game-over]"));
}"""


async def play_the_hand_looking(player: Player, where: str) -> list[str]:
    """Play by clicks until the hand ends; at each turn note what does not fit or overlaps."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HAND_TIMEOUT
    found: list[str] = []
    turns = 0
    tricks = "briscola" in where
    await player.page.evaluate(WATCH_TRICKS)
    while not await hand_over(player):
        left = deadline - loop.time()
        assert left > 0, f"[{where}] the hand did not end in time"
        await player.page.wait_for_function(TURN_OR_END, timeout=left * 1000)
        if await player.your_turn():
            turns += 1
            version = await player.version()
            problems: list[str] = await player.page.evaluate(LAYOUT)
            if turns == 1:
                problems += await seats_in_playing_order(player)
                if await player.by("table-cards").count():
                    problems += await player.page.evaluate(SCOPA_ON_EVERY_SEAT)
            hand = await player.hand()
            if hand != sorted(hand, key=lambda code: (SUITS.index(code[2]), int(code[:2]))):
                problems.append(f"the hand is not sorted: {hand}")
            found.extend(f"[{where}, turn {turns}] {problem}" for problem in problems)
            if problems and len(found) == len(problems):
                await player.screenshot(f"phone-table-{where}-problem.png")
            await act_by_clicks(player)
            await player.wait_for_version_after(version)
    assert turns, f"[{where}] the player never had a turn"
    # A finished trick stays on the felt a moment, its winner written on it.
    saw_a_trick_stay = await player.page.evaluate("window.__trickStayed")
    assert saw_a_trick_stay or not tricks, f"[{where}] no finished trick stayed on the table"
    return found


# Counter-clockwise, as Italian cards are played: the next seat is on your right.
POSITIONS = {
    2: ["bottom", "top"],
    4: ["bottom", "right", "top", "left"],
    5: ["bottom", "right", "top-right", "top-left", "left"],
}
SUITS = "DCSB"


async def seats_in_playing_order(player: Player) -> list[str]:
    """You at the bottom, the others around the felt in playing order (a partner opposite), your seat
    marked as the one whose turn it is."""
    seated: dict[int, str] = {}
    for seat in await player.by("seat").all():
        number = await seat.get_attribute("data-seat")
        position = await seat.get_attribute("data-position")
        assert number is not None and position is not None
        seated[int(number)] = position
    me = next(seat for seat, position in seated.items() if position == "bottom")
    count = len(seated)
    expected = {(me + step) % count: position for step, position in enumerate(POSITIONS[count])}
    problems = [] if seated == expected else [f"the seats sit at {seated}, not {expected}"]
    turn = player.by("seat").and_(player.page.locator("[aria-current=true]"))
    if await turn.get_attribute("data-position") != "bottom":
        problems.append("the seat whose turn it is is not the player's")
    return problems


def cases() -> list[tuple[str, str, str]]:
    """By default every game at the smallest phone, where a layout breaks first, and half the games at
    each larger size (every game meets two sizes), in one language each, the languages alternating so
    each game meets both and each size both; TAVOLO_BROWSER_MATRIX=full plays every game at every size
    in both languages."""
    full = os.environ.get("TAVOLO_BROWSER_MATRIX", "").lower() == "full"
    return [
        (game_type, size, language)
        for g, game_type in enumerate(GAMES)
        for s, size in enumerate(SIZES)
        for index, language in enumerate(LOCALES)
        if full or ((s == 0 or g % 2 == s % 2) and index == (g // 2 + (s == 0)) % len(LOCALES))
    ]


@pytest.mark.parametrize(("game_type", "size", "language"), cases())
async def test_a_whole_hand_fits_the_screen_and_nothing_jumps(
    browser: Browser, game_type: str, size: str, language: str
) -> None:
    assert len(LONGEST_NAME) == MAX_NAME_LENGTH
    where = f"{game_type}, {size}, {language}"
    async with quick_server() as server:
        anna = await open_guest(browser, server, LONGEST_NAME, SIZES[size], LOCALES[language])
        body = {"game_type": game_type, "level": "easy", "options": GAMES[game_type]}
        game: dict[str, Any] = await open_by_api(anna, "/api/games/computer", body)
        assert game["id"]
        await expect(anna.by("hand")).to_be_visible()
        await anna.page.evaluate(WATCH_SHIFTS)

        found = await play_the_hand_looking(anna, where)

        if GAMES[game_type]:  # a match of several deals: the running score
            await the_running_score_shows(anna, game["id"], language)
        if await anna.by("hand-end").count():  # the summary over the felt, its button on the screen
            summary = await anna.page.evaluate(
                """() => {
                  const r = document.querySelector('[data-testid=hand-end]').getBoundingClientRect();
                  const tall = document.documentElement.scrollHeight > innerHeight + 1;
                  const scrolled = window.scrollY !== 0 || tall;
                  return { bottom: r.bottom, right: r.right, scrolled };
                }"""
            )
            assert summary["bottom"] <= SIZES[size]["height"] + 1 and not summary["scrolled"], summary
            await expect(anna.by("ack")).to_be_in_viewport()
        shift: float = await anna.page.evaluate("window.__shift")
        shifts: list[Any] = await anna.page.evaluate("window.__shifts")
        await anna.screenshot(f"phone-table-{game_type}-{size}-{language}.png")
        assert not found, "\n".join(found)
        assert shift < MOST_SHIFT, f"[{where}] layout shift {shift:.4f}: {shifts}"
        assert not anna.errors, anna.errors


async def the_running_score_shows(player: Player, game_id: str, language: str) -> None:
    """After the first deal of a longer match: best-of-three briscola's deals won in the header (or its
    details on a desktop) and the summary; chiamata's points and running total of every player in the
    summary, on the screen, and each total in the header's short line on a phone."""
    await expect(player.by("hand-end")).to_be_visible()
    response = await player.page.request.get(f"/api/games/{game_id}")
    view: dict[str, Any] = await response.json()
    short = player.by("short-scores")
    phone = await short.is_visible()
    if view["game_type"] == "briscola_a_quattro":
        won = view["last_hand"]["deals_won"]
        assert won == view["deals_won"] and sum(won.values()) <= 1, view
        for side, count in won.items():
            await expect(player.by(f"deals-won-{side}")).to_have_text(str(count))
        await expect(player.by("breakdown")).to_be_in_viewport()
        if phone:
            await expect(short).to_have_text(
                f"{DEALS_WORD[language]} A {won['A']} · B {won['B']}", use_inner_text=True
            )
        else:
            await expect(player.by("deals-won")).to_contain_text(f"{won['A']}")
        return
    standings = view["last_hand"]["standings"]
    points = view["last_hand"]["points"]
    assert standings == view["standings"] and len(standings) == 5, view
    rows = player.by("standing")
    await expect(rows).to_have_count(5)
    for seat in range(5):
        row = rows.nth(seat)
        await expect(row).to_be_in_viewport()
        await expect(row.get_by_test_id("standing-points")).to_have_text(signed(points[seat]))
        await expect(row.get_by_test_id("standing-total")).to_have_text(signed(standings[seat]))
    if phone:
        for total in standings:
            await expect(short).to_contain_text(signed(total))


def signed(total: int) -> str:
    return f"+{total}" if total > 0 else str(total)


# Every prompt the prompt's line may hold, longest first, in Italian (the longest language).
PROMPTS: list[tuple[str, dict[str, str]]] = [
    ("tricks.chiamata.call_prompt", {}),
    ("tressette.follow", {"suit": "denari"}),
    ("tricks.chiamata.bid_now", {}),
    ("table.play_a_card", {}),
]
# Each prompt in the real prompt's line at 360x640: whole, inside the line, and the line's height kept.
PROMPTS_FIT = """async (keys) => {
  const { t } = await import("/web/js/i18n.js");
  const { fitPrompts } = await import("/web/js/table.js");
  const line = document.querySelector(".table-controls");
  const height = line.getBoundingClientRect().height;
  const found = [];
  for (const [key, params] of keys) {
    const prompt = document.createElement("p");
    prompt.className = "prompt";
    prompt.textContent = t(key, params);
    line.replaceChildren(prompt);
    fitPrompts(document);
    const box = prompt.getBoundingClientRect();
    const room = line.getBoundingClientRect();
    found.push({
      key, text: prompt.textContent, size: getComputedStyle(prompt).fontSize,
      cut: prompt.scrollHeight > prompt.clientHeight + 1 || prompt.scrollWidth > prompt.clientWidth + 1,
      inside: box.top >= room.top - 1 && box.bottom <= room.bottom + 1 && box.right <= innerWidth,
      kept: Math.abs(room.height - height) < 1,
    });
  }
  return found;
}"""


async def test_every_prompt_is_whole_on_the_smallest_phone_in_italian(browser: Browser) -> None:
    """The prompt's line keeps two lines' height: the longest prompts of every family wrap in it, set
    smaller where they must, and none is cut."""
    async with quick_server() as server:
        anna = await open_guest(browser, server, LONGEST_NAME, SIZES["360x640"], LOCALES["it"])
        await open_by_api(anna, "/api/games/computer", {"game_type": "briscola_chiamata", "level": "easy"})
        await expect(anna.by("table-controls")).to_be_visible()
        found: list[dict[str, Any]] = await anna.page.evaluate(PROMPTS_FIT, PROMPTS)
        for prompt in found:
            assert prompt["text"] != prompt["key"], prompt  # the words are there, in Italian
            assert not prompt["cut"] and prompt["inside"] and prompt["kept"], prompt
        small = [float(prompt["size"].removesuffix("px")) for prompt in found]
        assert min(small) >= 11, found  # legible
