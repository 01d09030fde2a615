// How an arena is said on every screen (the lobby's panel, the arena's page, the stats page): its status,
// its clock, its facts, a player's status, points and "on fire" mark.
//
// The clock counts to the start while the arena is upcoming, to its end while it runs, on the server's
// clock (./clock.js): every arena the server sends carries its ``server_time``, noted on arrival
// (``noteArena``), so a computer whose clock is off still shows the right time. A clock element names
// the arena's start and end; ``tickClocks(root)`` sets the text of every one under ``root`` (each
// screen that shows some calls it once a second).

import { h } from "./dom.js";
import { t, has, dateTime } from "./i18n.js";
import { noteServerTime, serverNow } from "./clock.js";
import { turnTimeText } from "./summary_words.js";

const DAY = 24 * 3600;

/** Note the server's time an arena (or an arena page's data) was sent at. */
export function noteArena(arena) {
  if (arena) noteServerTime(arena.server_time);
}

/** "4:05", "1:02:03": a span of seconds as a clock shows it. */
export function clockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** The status at the server's ``now``, from the arena's times (a page may show it before the server says). */
export function statusAt(arena, now = serverNow()) {
  if (now < arena.starts_at) return "upcoming";
  return now < arena.ends_at ? "running" : "finished";
}

/** "starts in 4:05", "ends in 12:00", "ended 01/05/2025, 21:30:00"; a start more than a day away as its date. */
export function clockWords(arena, now = serverNow()) {
  const status = statusAt(arena, now);
  if (status === "upcoming") {
    const left = arena.starts_at - now;
    return left > DAY ? t("arena.starts_on", { date: dateTime(arena.starts_at) })
      : t("arena.starts_in", { time: clockText(Math.ceil(left)) });
  }
  if (status === "running") return t("arena.ends_in", { time: clockText(Math.ceil(arena.ends_at - now)) });
  return t("arena.ended", { date: dateTime(arena.ends_at) });
}

/** The arena's clock: a timer (aria-live off: a screen reader is not told every second). */
export function arenaClock(arena, testid = "arena-clock") {
  return h("span", {
    class: "arena-clock", role: "timer", "aria-live": "off", testid,
    dataset: { startsAt: String(arena.starts_at), endsAt: String(arena.ends_at) },
  }, clockWords(arena));
}

/** Set the text of every arena clock under ``root`` to the server's time now. */
export function tickClocks(root) {
  const now = serverNow();
  for (const clock of root.querySelectorAll(".arena-clock[data-starts-at]")) {
    const arena = { starts_at: Number(clock.dataset.startsAt), ends_at: Number(clock.dataset.endsAt) };
    const text = clockWords(arena, now);
    if (clock.textContent !== text) clock.textContent = text;
  }
}

/** The arena's status as a badge ("running"). */
export function statusBadge(status, testid = "arena-status") {
  return h("span", { class: `badge arena-${status}`, testid, dataset: { status } },
    has(`arena.status.${status}`) ? t(`arena.status.${status}`) : status);
}

/** "<game> · 30 minutes · 20 seconds per move · berserk allowed" (and "by link only" for a private one). */
export function arenaFacts(arena) {
  return [
    arena.game_name,
    t("arena.minutes", { count: arena.minutes }),
    turnTimeText(arena.turn_time),
    arena.berserk ? t("arena.berserk_allowed") : null,
    arena.public === false ? t("arena.link_only") : null,
  ].filter(Boolean).join(" · ");
}

/** A player's status in the standings ("waiting"), in words. */
export function playerStatus(status) {
  return has(`arena.player.${status}`) ? t(`arena.player.${status}`) : String(status || "");
}

export function pointsText(points) {
  return t("arena.points", { count: points });
}

/** The "on fire" mark: two wins in a row, the next games count double. */
export function fireMark(testid = "on-fire") {
  return h("span", { class: "badge fire", title: t("arena.on_fire_title"), testid }, t("arena.on_fire"));
}
