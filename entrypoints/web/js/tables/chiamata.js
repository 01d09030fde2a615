// Briscola chiamata (five players): the auction, the call of the partner's card, then the tricks.

import { h } from "../dom.js";
import { cardElement, cardName, suitName } from "../cards.js";
import { trickArea, lastTrickLine, playableHand, describeTrick } from "./briscola.js";

const RANK_WORDS = {
  1: "Asso", 2: "Due", 3: "Tre", 4: "Quattro", 5: "Cinque", 6: "Sei", 7: "Sette", 8: "Fante", 9: "Cavallo", 10: "Re",
};

function bidText(bid) {
  if (!bid) return "";
  if (bid.points !== undefined && bid.points !== null) return `Due with ${bid.points} points`;
  return RANK_WORDS[bid.rank] || String(bid.rank);
}

function historyLine(entry, ui) {
  const who = ui.name(entry.seat);
  if (entry.action === "pass") return `${who}: pass`;
  return `${who}: ${bidText(entry)}${entry.forced ? " (forced)" : ""}`;
}

function auctionPanel(view, ui) {
  const auction = view.auction || { history: [], passed: [] };
  return h("section", { class: "auction", testid: "auction", "aria-label": "Auction" },
    h("h2", {}, view.phase === "auction" ? "Auction" : "Auction won"),
    h("p", { testid: "standing-bid" }, auction.standing
      ? `Highest bid: ${bidText(auction.standing)} by ${ui.name(auction.standing.seat)}`
      : "No bid yet. Lower ranks promise more: asso, tre, re, cavallo … due, then points."),
    h("ol", { class: "auction-history", testid: "auction-history" },
      (auction.history || []).map((entry) => h("li", {}, historyLine(entry, ui)))));
}

function auctionControls(view, ui) {
  const moves = view.legal_moves || [];
  const ranks = moves.filter((m) => m.action === "bid" && m.rank !== undefined);
  const points = moves.filter((m) => m.action === "bid" && m.points !== undefined);
  const select = points.length
    ? h("select", { id: "points-bid", testid: "points-select" },
      points.map((m) => h("option", { value: String(m.points) }, `${m.points} points`)))
    : null;
  return h("div", { class: "bids", testid: "bid-controls", role: "group", "aria-label": "Your bid" },
    h("p", { class: "prompt" }, "Your turn to bid."),
    h("div", { class: "row wrap" },
      ranks.map((m) => h("button", {
        type: "button", class: "bid", testid: "bid-rank", dataset: { rank: String(m.rank), action: `rank-${m.rank}` },
        onclick: () => ui.send(m),
      }, RANK_WORDS[m.rank])),
      select ? h("label", { for: "points-bid", class: "sr-only" }, "Points") : null,
      select,
      select ? h("button", {
        type: "button", class: "bid", testid: "bid-points", dataset: { action: "points" },
        onclick: () => ui.send(points.find((m) => m.points === Number(select.value))),
      }, "Bid points") : null,
      h("button", {
        type: "button", class: "pass", testid: "bid-pass", dataset: { action: "pass" },
        onclick: () => ui.send(moves.find((m) => m.action === "pass")),
      }, "Pass")));
}

function callControls(view, ui) {
  const moves = (view.legal_moves || []).filter((m) => m.action === "call");
  return h("div", { class: "call", testid: "call-controls", role: "group", "aria-label": "Call a card" },
    h("p", { class: "prompt" }, "You won the auction: call the card whose holder plays with you. Its suit is trump."),
    h("div", { class: "row wrap" }, moves.map((m) => cardElement(m.card, {
      testid: "call-card",
      label: `Call ${cardName(m.card)}`,
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
      parts.push(h("span", { class: "hint" }, `${ui.name(view.caller)} needs ${view.target}`));
    }
    return parts.length ? parts : null;
  },

  board(view, ui) {
    if (view.phase === "auction" || view.phase === "call") {
      return h("div", { class: "board", testid: "board" }, auctionPanel(view, ui));
    }
    const called = view.called_card
      ? h("figure", { class: "trump", testid: "called" }, cardElement(view.called_card, { testid: "called-card" }),
        h("figcaption", {}, `Called by ${ui.name(view.caller)} · trump ${suitName(view.trump_suit)}`))
      : null;
    const partner = view.revealed
      ? (view.alone ? `${ui.name(view.caller)} plays alone.` : `Partner: ${ui.name(view.partner)}.`)
      : "The partner is still secret.";
    return h("div", { class: "board trick-board", testid: "board" },
      h("div", { class: "stock" }, called, h("p", { testid: "partner" }, partner)),
      trickArea(view, ui),
      h("dl", { class: "facts", testid: "tricks-won" },
        (view.tricks_won || []).map((count, seat) => [h("dt", {}, ui.name(seat)), h("dd", {}, `${count} tricks`)])),
      lastTrickLine(view, ui));
  },

  controls(view, ui) {
    if (!view.your_turn) return null;
    if (view.phase === "auction") return auctionControls(view, ui);
    if (view.phase === "call") return callControls(view, ui);
    return h("p", { class: "prompt", testid: "prompt" }, "Your turn: play a card.");
  },

  hand(view, ui) {
    if (view.phase === "playing") return playableHand(view, ui);
    return h("div", { class: "hand", testid: "hand", role: "group", "aria-label": "Your hand" },
      (view.hand || []).map((code) => cardElement(code, { testid: "hand-card" })));
  },

  summary(view, ui) {
    const deal = view.last_hand;
    if (!deal) return null;
    const partner = deal.alone ? "alone" : `with ${ui.plainName(deal.partner)}`;
    return h("div", { class: "breakdown", testid: "breakdown" },
      h("p", {}, `${ui.plainName(deal.caller)} bid ${bidText(deal.auction.standing)}, called ${cardName(deal.called_card)} and played ${partner}.`),
      h("p", {}, `Caller's side: ${deal.caller_points} card points (needed ${deal.target}) · defenders: ${deal.defender_points}.`));
  },

  describe(previous, view, ui) {
    const parts = [];
    const before = (previous.auction && previous.auction.history) || [];
    const after = (view.auction && view.auction.history) || [];
    for (const entry of after.slice(before.length)) parts.push(`${historyLine(entry, ui)}.`);
    if (view.called_card && !previous.called_card) {
      parts.push(`${ui.name(view.caller)} called ${cardName(view.called_card)}.`);
    }
    if (view.revealed && !previous.revealed) {
      parts.push(view.alone ? `${ui.name(view.caller)} plays alone.` : `${ui.name(view.partner)} is the partner.`);
    }
    const tricks = describeTrick(previous, view, ui);
    if (tricks) parts.push(tricks);
    return parts.join(" ") || null;
  },
};
