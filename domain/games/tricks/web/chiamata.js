// Briscola chiamata (five players): the table module (the interface is described in
// /web/js/families.js and docs/writing-a-game.md). The auction, the call of the partner's card, then the
// tricks (./trick.js); the move log's words are ./chiamata_log.js's.

import { h } from "/web/js/dom.js";
import { cardElement, cardName, suitName } from "/web/js/cards.js";
import { sortHand } from "/web/js/card_order.js";
import { t } from "/web/js/i18n.js";
import { nameParts } from "/web/js/players.js";
import { TRICK_TABLE, trickArea, playableHand, describeTrick } from "./trick.js";
import { dealStart } from "./trick_log.js";
import { RANK_WORDS, bidText } from "./bids.js";
import { logEntry, logText, handText, winnerText } from "./chiamata_log.js";

function historyLine(entry, ui) {
  const who = ui.name(entry.seat);
  if (entry.action === "pass") return t("tricks.chiamata.pass_entry", { name: who });
  const key = entry.forced ? "tricks.chiamata.bid_entry_forced" : "tricks.chiamata.bid_entry";
  return t(key, { name: who, bid: bidText(entry) });
}

/** A seat's name without a computer player's level: the auction's list is one short line a seat. */
function shortSeatName(view, seat, ui) {
  const player = (view.players || [])[seat];
  if (ui.isMe(seat) || !player) return ui.name(seat);
  return nameParts(player).name;
}

/** What a seat said last in the auction: its bid, "pass", or nothing yet. */
function lastWord(auction, seat) {
  const said = (auction.history || []).filter((entry) => entry.seat === seat);
  const last = said[said.length - 1];
  if (!last) return "";
  return last.action === "pass" ? t("tricks.chiamata.pass") : bidText(last);
}

/** The auction as a compact list, one line a seat (its short name and its last word), under the bid that stands. */
function auctionPanel(view, ui) {
  const auction = view.auction || { history: [], passed: [] };
  const count = view.seats || (view.players || []).length;
  const seats = Array.from({ length: count }, (_, seat) => seat);
  return h("section", { class: "auction", testid: "auction", "aria-label": t("tricks.chiamata.auction") },
    h("h2", {}, view.phase === "auction" ? t("tricks.chiamata.auction") : t("tricks.chiamata.auction_won")),
    h("p", { class: "standing-bid", testid: "standing-bid" }, auction.standing
      ? ui.say("tricks.chiamata.standing", auction.standing.seat, { bid: bidText(auction.standing) })
      : t("tricks.chiamata.no_bid")),
    h("ol", { class: "auction-seats", testid: "auction-seats" }, seats.map((seat) => {
      const word = lastWord(auction, seat);
      const passed = (auction.passed || []).includes(seat);
      return h("li", { class: `auction-seat${passed ? " passed" : ""}`, dataset: { seat: String(seat) } },
        h("span", { class: "auction-who", title: ui.name(seat) }, shortSeatName(view, seat, ui)),
        h("span", { class: "auction-word" }, word || "–"));
    })),
    h("ol", { class: "auction-history sr-only", testid: "auction-history" },
      (auction.history || []).map((entry) => h("li", {}, historyLine(entry, ui)))));
}

function auctionControls(view, ui) {
  const moves = view.legal_moves || [];
  const ranks = moves.filter((m) => m.action === "bid" && m.rank !== undefined);
  const points = moves.filter((m) => m.action === "bid" && m.points !== undefined);
  const select = points.length
    ? h("select", { id: "points-bid", testid: "points-select" },
      points.map((m) => h("option", { value: String(m.points) },
        t("tricks.chiamata.points_option", { count: m.points }))))
    : null;
  return h("div", {
    class: "bids", testid: "bid-controls", role: "group", "aria-label": t("tricks.chiamata.your_bid"),
  },
    h("p", { class: "prompt" }, t("tricks.chiamata.bid_now")),
    h("div", { class: "row wrap" },
      ranks.map((m) => h("button", {
        type: "button", class: "bid", testid: "bid-rank", dataset: { rank: String(m.rank), action: `rank-${m.rank}` },
        onclick: () => ui.send(m),
      }, RANK_WORDS[m.rank])),
      select ? h("label", { for: "points-bid", class: "sr-only" }, t("tricks.chiamata.points")) : null,
      select,
      select ? h("button", {
        type: "button", class: "bid", testid: "bid-points", dataset: { action: "points" },
        onclick: () => ui.send(points.find((m) => m.points === Number(select.value))),
      }, t("tricks.chiamata.bid_points_button")) : null,
      h("button", {
        type: "button", class: "pass", testid: "bid-pass", dataset: { action: "pass" },
        onclick: () => ui.send(moves.find((m) => m.action === "pass")),
      }, t("tricks.chiamata.pass"))));
}

/** The caller's choice of the partner's card: on the board, under the auction (the prompt is the controls'). */
function callChoice(view, ui) {
  const moves = (view.legal_moves || []).filter((m) => m.action === "call");
  return h("div", {
    class: "call", testid: "call-controls", role: "group", "aria-label": t("tricks.chiamata.call_group"),
  }, moves.map((m) => cardElement(m.card, {
    testid: "call-card",
    label: t("tricks.chiamata.call_card", { card: cardName(m.card) }),
    onClick: () => ui.send(m),
  })));
}

/** The scores, and what the caller needs once the auction is over. */
function scoreLine(view, ui) {
  const parts = Object.entries(view.scores || {}).map(([side, points]) =>
    h("span", { class: "score", testid: `score-${side}` },
      `${ui.sideLabel(side)} `, h("strong", {}, String(points))));
  if (view.caller !== null && view.caller !== undefined && view.phase !== "auction") {
    parts.push(h("span", { class: "hint" }, ui.say("tricks.chiamata.needs", view.caller, { target: view.target })));
  }
  if (Array.isArray(view.standings) && (view.deals_to_play || 1) > 1 && view.phase !== "finished") {
    const scores = view.standings.map((sum, seat) => `${shortSeatName(view, seat, ui)} ${signedTotal(sum)}`).join(" · ");
    parts.push(h("span", { class: "hint", testid: "standings-line" }, t("table.standings_line", { scores })));
  }
  return parts.length ? parts : null;
}

/** The header's short line: each player's running total in a match of several deals, else the deal's
 * card points of the caller's side and of the defenders once the caller is known. */
function shortScores(view, ui) {
  const standings = view.standings;
  if (Array.isArray(standings) && (view.deals_to_play || 1) > 1) {
    return standings.map((total, seat) => ({
      label: ui.isMe(seat) ? t("table.you") : initials(view, seat), value: signedTotal(total), title: ui.name(seat),
    }));
  }
  if (view.caller === null || view.caller === undefined || view.phase === "auction") return [];
  return Object.entries(view.scores || {}).map(([side, points]) => ({
    label: sideName(side), value: String(points), title: ui.sideLabel(side),
  }));
}

function initials(view, seat) {
  const player = (view.players || [])[seat];
  if (!player) return String(seat + 1);
  const { name } = nameParts(player);
  return player.bot ? name.replace(/\D+/g, "C") : Array.from(name.trim())[0].toUpperCase();
}

function signedTotal(total) {
  return total > 0 ? `+${total}` : String(total);
}

function board(view, ui) {
  if (view.phase === "auction" || view.phase === "call") {
    const calling = view.phase === "call" && view.your_turn;
    return h("div", { class: "board auction-board", testid: "board" }, auctionPanel(view, ui),
      calling ? callChoice(view, ui) : null);
  }
  let partner = t("tricks.chiamata.secret");
  if (view.revealed) {
    partner = view.alone
      ? ui.say("tricks.chiamata.alone", view.caller)
      : ui.say("tricks.chiamata.partner", view.partner);
  }
  // The call's words beside its card, the partner's (still secret, known, or none) under them. On a
  // phone the call says only the trump suit (the caller's seat says "caller"); the whole call is the
  // caption's title and its words for a screen reader.
  const calledBy = ui.say("tricks.chiamata.called_by", view.caller, { suit: suitName(view.trump_suit) });
  const called = view.called_card
    ? h("figure", { class: "trump", testid: "called" }, cardElement(view.called_card, { testid: "called-card" }),
      h("figcaption", { title: `${calledBy}. ${partner}` },
        h("span", { class: "called-by" }, calledBy),
        h("span", { class: "called-suit", "aria-hidden": "true" }, t("tricks.trump", { suit: suitName(view.trump_suit) })),
        h("span", { class: "partner", testid: "partner" }, partner)))
    : null;
  return h("div", { class: "board trick-board", testid: "board" },
    h("div", { class: "stock" }, called),
    trickArea(view, ui));
}

function controls(view, ui) {
  if (!view.your_turn) return null;
  if (view.phase === "auction") return auctionControls(view, ui);
  if (view.phase === "call") return h("p", { class: "prompt", testid: "prompt" }, t("tricks.chiamata.call_prompt"));
  return h("p", { class: "prompt", testid: "prompt" }, t("table.play_a_card"));
}

function hand(view, ui) {
  if (view.phase === "playing") return playableHand(view, ui);
  return h("div", { class: "hand", testid: "hand", role: "group", "aria-label": t("table.your_hand") },
    sortHand(view.hand || []).map((code) => cardElement(code, { testid: "hand-card" })));
}

/** Who called what with whom, and the points of ``deal`` (the view's last_hand, or any of the match's);
 * in a match of several deals, each player's points for the deal and running total after it. */
function summary(view, ui, deal = view.last_hand) {
  if (!deal) return null;
  const played = {
    caller: ui.plainName(deal.caller), bid: bidText(deal.auction.standing), card: cardName(deal.called_card),
    partner: deal.alone ? null : ui.plainName(deal.partner),
  };
  return h("div", { class: "breakdown", testid: "breakdown" },
    h("p", {}, t(deal.alone ? "tricks.chiamata.summary_alone" : "tricks.chiamata.summary_partner", played)),
    h("p", {}, t("tricks.chiamata.summary_points", {
      points: deal.caller_points, target: deal.target, defenders: deal.defender_points,
    })),
    standingsTable(view, ui, deal));
}

/** Each player, the deal's points and the running total after it (a match of several deals). */
function standingsTable(view, ui, deal) {
  if (!Array.isArray(deal.points) || !Array.isArray(deal.standings)) return null;
  const total = view.deals_to_play || (view.options && view.options.deals_to_play);
  return h("table", { class: "standings", testid: "standings" },
    h("caption", {}, total ? `${t("tricks.chiamata.standings")} · ${t("tricks.chiamata.deal_of", { number: deal.hand_number, total })}`
      : t("tricks.chiamata.standings")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("table.player")),
      h("th", { scope: "col" }, t("tricks.chiamata.deal_points")), h("th", { scope: "col" }, t("tricks.chiamata.total")))),
    h("tbody", {}, deal.standings.map((sum, seat) => h("tr", {
      class: ui.isMe(seat) ? "me" : "", testid: "standing", dataset: { seat: String(seat) },
    },
    h("th", { scope: "row", title: ui.name(seat) }, ui.isMe(seat) ? ui.name(seat) : shortSeatName(view, seat, ui)),
    h("td", { testid: "standing-points" }, signedTotal(deal.points[seat])),
    h("td", { testid: "standing-total" }, signedTotal(sum))))));
}

function describe(previous, view, ui) {
  const parts = [];
  const before = (previous.auction && previous.auction.history) || [];
  const after = (view.auction && view.auction.history) || [];
  for (const entry of after.slice(before.length)) parts.push(`${historyLine(entry, ui)}.`);
  if (view.called_card && !previous.called_card) {
    parts.push(ui.say("tricks.chiamata.called", view.caller, { card: cardName(view.called_card) }));
  }
  if (view.revealed && !previous.revealed) {
    parts.push(view.alone
      ? ui.say("tricks.chiamata.alone", view.caller)
      : ui.say("tricks.chiamata.is_partner", view.partner));
  }
  const tricks = describeTrick(previous, view, ui);
  if (tricks) parts.push(tricks);
  return parts.join(" ") || null;
}

/** Under a seat's name: the caller, and the partner once revealed (the sides are secret until then). */
function seatNotes(view, seat) {
  return [
    view.caller === seat ? t("tricks.chiamata.meta_caller") : "",
    view.revealed && view.partner === seat ? t("tricks.chiamata.meta_partner") : "",
  ];
}

/** The two sides of a deal: the caller's and the defenders. */
function sideName(side) {
  if (side === "caller") return t("tricks.chiamata.side_caller");
  if (side === "defenders") return t("tricks.chiamata.side_defenders");
  return t("table.side", { side });
}

export default {
  ...TRICK_TABLE,
  board, hand, controls, scoreLine, shortScores, summary, describe,
  logEntry, logText, handStart: dealStart, handText, winnerText,
  seatNotes, sideName,
};
