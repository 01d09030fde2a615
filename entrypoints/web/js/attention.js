// Your turn, even elsewhere: while the table waits for you (your move, or the hand's summary owes
// your acknowledgement) the tab's title and icon say so, and, if you turned the sound on, a short
// chime says so once as the turn comes. The sound is off until switched on; the choice is remembered
// in this browser. The chime is made with the Web Audio API: no audio file.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const STORAGE_KEY = "tavolo.sound";
const DEFAULT_TITLE = "tavolo";
const SVG_NS = "http://www.w3.org/2000/svg";

// A card on the felt; the alert variant adds a red dot, as an unread badge does.
const FELT_AND_CARD = "<rect width='32' height='32' rx='7' fill='#1e5b3a'/>"
  + "<rect x='9' y='5' width='14' height='22' rx='2.5' fill='#fbf8ef' stroke='#154129'/>"
  + "<circle cx='16' cy='16' r='4.5' fill='#f2c14e' stroke='#8a1c14' stroke-width='1.5'/>";
const BADGE = "<circle cx='25' cy='7' r='6.5' fill='#e0301e' stroke='#ffffff' stroke-width='2'/>";

function svgDataUrl(body) {
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>${body}</svg>`)}`;
}

/** The page's usual icon (index.html names the same one), and the one that says "your turn". */
export const ICON = svgDataUrl(FELT_AND_CARD);
export const YOUR_TURN_ICON = svgDataUrl(FELT_AND_CARD + BADGE);

/** Whether the last view shown waited for the viewer; null until a table shows its first view. */
let waiting = null;

/** Does this view wait for its viewer: its move, or the acknowledgement of a hand-end summary? */
export function waitsForYou(view) {
  if (!view || view.spectator) return false;
  return Boolean(view.your_turn) || (view.legal_moves || []).some((move) => move.action === "ack");
}

function setTitle(text) {
  if (document.title !== text) document.title = text;
}

function setIcon(href) {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) {
    link = h("link", { rel: "icon" });
    document.head.append(link);
  }
  if (link.getAttribute("href") !== href) {
    link.setAttribute("type", "image/svg+xml");
    link.setAttribute("href", href);
  }
}

/** Show ``view`` in the tab; chime when the table starts waiting for the viewer (never on the first view). */
export function updateAttention(view) {
  const now = waitsForYou(view);
  setTitle(now ? t("attention.title_your_turn") : t("attention.title_table", { table: view.name || view.game_type }));
  setIcon(now ? YOUR_TURN_ICON : ICON);
  if (now && waiting === false && soundOn()) chime();
  waiting = now;
  if (soundOn()) listenForUnlock();
}

/** The table is gone from the page: the default title and icon again. */
export function resetAttention() {
  waiting = null;
  setTitle(DEFAULT_TITLE);
  setIcon(ICON);
  stopListeningForUnlock();
}

// ------------------------------------------------------------ the sound switch

export function soundOn() {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

function rememberSound(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // storage disabled: the choice lasts as long as the page
  }
}

function speakerIcon(on) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("fill", "none");
  svg.setAttribute("stroke", "currentColor");
  svg.setAttribute("stroke-width", "2");
  svg.setAttribute("stroke-linecap", "round");
  svg.setAttribute("stroke-linejoin", "round");
  const shapes = ["M4 9h4l5-4v14l-5-4H4z"];
  if (on) shapes.push("M16.5 8.5a5 5 0 0 1 0 7", "M19 6a8.5 8.5 0 0 1 0 12");
  else shapes.push("M17 9l5 6", "M22 9l-5 6");
  for (const d of shapes) {
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

function showSwitch(button, on) {
  button.setAttribute("aria-pressed", String(on));
  button.firstChild.replaceWith(speakerIcon(on));
}

/** The table's sound switch: a toggle button, pressed when the chime is on (off by default). */
export function soundToggle() {
  const button = h("button", {
    type: "button", class: "sound-toggle", testid: "sound-toggle", dataset: { action: "sound" },
    title: t("attention.sound_hint"),
    "aria-pressed": String(soundOn()),
    onclick: () => {
      const on = !soundOn();
      rememberSound(on);
      showSwitch(button, on);
      if (on) chime(); // a click may start audio: unlock it, and let the player hear what it sounds like
    },
  }, speakerIcon(soundOn()), h("span", { class: "sound-label" }, t("attention.sound")));
  return button;
}

// ------------------------------------------------------------ the chime

let audio = null;

/** The page's audio context; browsers let it play only once the page has had a click or a key. */
function audioContext() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!audio) {
    try {
      audio = new Context();
    } catch {
      return null;
    }
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/** One soft sine note: a quick rise, then a bell-like fade. */
function note(context, frequency, at, length) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = "sine";
  oscillator.frequency.setValueAtTime(frequency, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.18, at + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain);
  gain.connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.05);
}

/** Two rising notes (G5, then C6), half a second in all. */
export function chime() {
  const context = audioContext();
  if (!context) return;
  const start = context.currentTime + 0.02;
  note(context, 783.99, start, 0.35);
  note(context, 1046.5, start + 0.14, 0.45);
}

// After a reload with the sound on, the audio context may only start with the player's next click or key.
function unlock() {
  stopListeningForUnlock();
  audioContext();
}

let unlocking = false;

function listenForUnlock() {
  if (unlocking || (audio && audio.state === "running")) return;
  unlocking = true;
  document.addEventListener("pointerdown", unlock, true);
  document.addEventListener("keydown", unlock, true);
}

function stopListeningForUnlock() {
  if (!unlocking) return;
  unlocking = false;
  document.removeEventListener("pointerdown", unlock, true);
  document.removeEventListener("keydown", unlock, true);
}
