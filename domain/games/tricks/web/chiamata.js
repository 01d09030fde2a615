// Briscola chiamata (five players): the auction, the call of the partner's card, then the tricks.

import { h } from "../dom.js";
import { cardElement, cardName, suitName } from "../cards.js";
import { trickArea, playableHand, describeTrick } from "./briscola.js";
import { t } from "../i18n.js";
import { sortHand } from "../hand_order.js";

/** The auction's calls: Italian words in every language, like the game's other terms. */
const RANK_WORDS = {
  1: "Asso", 2: "Due", 3: "Tre", 4: "Quattro", 5: "Cinque", 6: "Sei", 7: "Sette", 8: "Fante", 9: "Cavallo", 10: "Re",
};

function bidText(bid) {
  if (!bid) return "";
  if (bid.points !== undefined && bid.points !== null) return t("chiamata.bid_points", { points: bid.points });
  return RANK_WORDS[bid.rank] || String(bid.rank);
}

function historyLine(entry, ui) {
  const who = ui.name(entry.seat);
  if (entry.action === "pass") return t("chiamata.pass_entry", { name: who });
  return t(entry.forced ? "chiamata.bid_entry_forced" : "chiamata.bid_entry", { name: who, bid: bidText(entry) });
}

function auctionPanel(view, ui) {
  const auction = view.auction || { history: [], passed: [] };
  return h("section", { class: "auction", testid: "auction", "aria-label": t("chiamata.auction") },
    h("h2", {}, view.phase === "auction" ? t("chiamata.auction") : t("chiamata.auction_won")),
    h("p", { testid: "standing-bid" }, auction.standing
      ? ui.say("chiamata.standing", auction.standing.seat, { bid: bidText(auction.standing) })
      : t("chiamata.no_bid")),
    h("ol", { class: "auction-history", testid: "auction-history" },
      (auction.history || []).map((entry) => h("li", {}, historyLine(entry, ui)))));
}

function auctionControls(view, ui) {
  const moves = view.legal_moves || [];
  const ranks = moves.filter((m) => m.action === "bid" && m.rank !== undefined);
  const points = moves.filter((m) => m.action === "bid" && m.points !== undefined);
  const select = points.length
    ? h("select", { id: "points-bid", testid: "points-select" },
      points.map((m) => h("option", { value: String(m.points) }, t("chiamata.points_option", { count: m.points }))))
    : null;
  return h("div", { class: "bids", testid: "bid-controls", role: "group", "aria-label": t("chiamata.your_bid") },
    h("p", { class: "prompt" }, t("chiamata.bid_now")),
    h("div", { class: "row wrap" },
      ranks.map((m) => h("button", {
        type: "button", class: "bid", testid: "bid-rank", dataset: { rank: String(m.rank), action: `rank-${m.rank}` },
        onclick: () => ui.send(m),
      }, RANK_WORDS[m.rank])),
      select ? h("label", { for: "points-bid", class: "sr-only" }, t("chiamata.points")) : null,
      select,
      select ? h("button", {
        type: "button", class: "bid", testid: "bid-points", dataset: { action: "points" },
        onclick: () => ui.send(points.find((m) => m.points === Number(select.value))),
      }, t("chiamata.bid_points_button")) : null,
      h("button", {
        type: "button", class: "pass", testid: "bid-pass", dataset: { action: "pass" },
        onclick: () => ui.send(moves.find((m) => m.action === "pass")),
      }, t("chiamata.pass"))));
}

function callControls(view, ui) {
  const moves = (view.legal_moves || []).filter((m) => m.action === "call");
  return h("div", { class: "call", testid: "call-controls", role: "group", "aria-label": t("chiamata.call_group") },
    h("p", { class: "prompt" }, t("chiamata.call_prompt")),
    h("div", { class: "row wrap" }, moves.map((m) => cardElement(m.card, {
      testid: "call-card",
      label: t("chiamata.call_card", { card: cardName(m.card) }),
      onClick: () => ui.send(m),
    }))));
}

export const chiamata = {
  scoreLine(view, ui) {
    const parts = [];
    if (view.scores) {
      for (const [side, points] of Object.entries(view.scores)) {
        parts.push(h("span", { class: "score", testid: `score-${side}` }, `${ui.sideLabel(side)} `,
          h("strong", {}, String(points))));
      }
    }
    if (view.caller !== null && view.caller !== undefined && view.phase !== "auction") {
      parts.push(h("span", { class: "hint" }, ui.say("chiamata.needs", view.caller, { target: view.target })));
    }
    return parts.length ? parts : null;
  },

  board(view, ui) {
    if (view.phase === "auction" || view.phase === "call") {
      return h("div", { class: "board", testid: "board" }, auctionPanel(view, ui));
    }
    const called = view.called_card
      ? h("figure", { class: "trump", testid: "called" }, cardElement(view.called_card, { testid: "called-card" }),
        h("figcaption", {}, ui.say("chiamata.called_by", view.caller, { suit: suitName(view.trump_suit) })))
      : null;
    let partner = t("chiamata.secret");
    if (view.revealed) {
      partner = view.alone ? ui.say("chiamata.alone", view.caller) : ui.say("chiamata.partner", view.partner);
    }
    return h("div", { class: "board trick-board", testid: "board" },
      h("div", { class: "stock" }, called, h("p", { class: "partner", testid: "partner" }, partner)),
      trickArea(view, ui));
  },

  controls(view, ui) {
    if (!view.your_turn) return null;
    if (view.phase === "auction") return auctionControls(view, ui);
    if (view.phase === "call") return callControls(view, ui);
    return h("p", { class: "prompt", testid: "prompt" }, t("table.play_a_card"));
  },

  hand(view, ui) {
    if (view.phase === "playing") return playableHand(view, ui);
    return h("div", { class: "hand", testid: "hand", role: "group", "aria-label": t("table.your_hand") },
      sortHand(view.hand || []).map((code) => cardElement(code, { testid: "hand-card" })));
  },

  /** Who called what with whom, and the points of ``deal`` (the view's last_hand, or any of the match's). */
  summary(view, ui, deal = view.last_hand) {
    if (!deal) return null;
    const played = {
      caller: ui.plainName(deal.caller), bid: bidText(deal.auction.standing), card: cardName(deal.called_card),
      partner: deal.alone ? null : ui.plainName(deal.partner),
    };
    return h("div", { class: "breakdown", testid: "breakdown" },
      h("p", {}, t(deal.alone ? "chiamata.summary_alone" : "chiamata.summary_partner", played)),
      h("p", {}, t("chiamata.summary_points", {
        points: deal.caller_points, target: deal.target, defenders: deal.defender_points,
      })));
  },

  describe(previous, view, ui) {
    const parts = [];
    const before = (previous.auction && previous.auction.history) || [];
    const after = (view.auction && view.auction.history) || [];
    for (const entry of after.slice(before.length)) parts.push(`${historyLine(entry, ui)}.`);
    if (view.called_card && !previous.called_card) {
      parts.push(ui.say("chiamata.called", view.caller, { card: cardName(view.called_card) }));
    }
    if (view.revealed && !previous.revealed) {
      parts.push(view.alone ? ui.say("chiamata.alone", view.caller) : ui.say("chiamata.is_partner", view.partner));
    }
    const tricks = describeTrick(previous, view, ui);
    if (tricks) parts.push(tricks);
    return parts.join(" ") || null;
  },
};
