// Whether a replay is verified, and its mark on the replay page. Verified means both: the server played
// the record's every step again through the engines from its seed (the replay's `verification`), and
// this browser hashed the revealed seed and salt (./replay_commitment.js) into the record's commitment —
// and into the one it saw before the first deal, when it watched the match live. Anything else is "not
// verified", with the reason; a page that cannot hash (no Web Crypto off a secure origin) says so.
//
// The outcome is data ({status, reason: {key, params}}), worded when drawn: a change of language words
// it anew without checking again.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { canHash, commitmentOf, rememberedCommitment } from "./replay_commitment.js";

const SHORT = 12; // hex digits of a commitment shown in a sentence (the whole one is in the details)

function short(hex) {
  return `${String(hex).slice(0, SHORT)}…`;
}

function serverReason(problem) {
  if (!problem || !problem.message) return { key: "replay.problem_unknown" };
  if (problem.step === null || problem.step === undefined) {
    return { key: "replay.problem", params: { message: problem.message } };
  }
  return { key: "replay.problem_step", params: { number: problem.step + 1, message: problem.message } };
}

/** What the server's check found wrong, in words (``verification``: the replay's). */
export function problemText(verification) {
  const reason = serverReason(verification && verification.problem);
  return t(reason.key, reason.params || {});
}

/** Check ``replay`` (the server's /replay answer) of match ``gameId``: {status, reason?, steps?, seen?}. */
export async function verify(replay, gameId) {
  const server = replay.verification || {};
  if (server.ok !== true) return { status: "failed", reason: serverReason(server.problem) };
  const shuffle = replay.shuffle || {};
  if (!shuffle.seed || !shuffle.salt || !shuffle.commitment) {
    return { status: "failed", reason: { key: "replay.no_seed" } };
  }
  if (!canHash()) return { status: "unable", reason: { key: "replay.cannot_hash" } };
  let computed = null;
  try {
    computed = await commitmentOf(shuffle.seed, shuffle.salt);
  } catch {
    return { status: "unable", reason: { key: "replay.cannot_hash" } };
  }
  if (!computed || computed !== String(shuffle.commitment).toLowerCase()) {
    return { status: "failed", reason: { key: "replay.commitment_mismatch" } };
  }
  const seen = rememberedCommitment(gameId);
  if (seen && seen.toLowerCase() !== computed) {
    return { status: "failed", reason: { key: "replay.seen_mismatch", params: { seen: short(seen) } } };
  }
  return { status: "verified", steps: server.steps, seen: Boolean(seen) };
}

function reasonText(reason) {
  return reason ? t(reason.key, reason.params || {}) : "";
}

/** The mark: checking, verified (what was checked), or not verified (why). ``outcome`` null: still checking. */
export function verificationMark(outcome, shuffle) {
  if (!outcome) {
    return h("p", { class: "replay-check checking", role: "status", testid: "replay-checking" },
      t("replay.checking"));
  }
  if (outcome.status === "verified") {
    const steps = typeof outcome.steps === "number" ? t("replay.steps_checked", { count: outcome.steps }) : "";
    // In a few words on the page; the whole of what was checked in the title (and the shuffle's details).
    const said = [outcome.seen ? t("replay.verified_seen") : t("replay.verified_hash"), steps].filter(Boolean).join(" ");
    const whole = [t("replay.verified_detail", { commitment: short(shuffle.commitment) }),
      outcome.seen ? t("replay.verified_seen") : "", steps].filter(Boolean).join(" ");
    return h("p", {
      class: "replay-check ok", testid: "replay-verified", title: whole,
      dataset: { seen: String(outcome.seen) },
    },
    h("strong", { class: "replay-check-mark" }, h("span", { "aria-hidden": "true" }, "✓ "), t("replay.verified")),
    " ", h("span", { class: "replay-check-detail" }, said));
  }
  const unable = outcome.status === "unable";
  const reason = reasonText(outcome.reason);
  return h("p", {
    class: `replay-check ${unable ? "unknown" : "bad"}`, testid: "replay-not-verified", title: reason,
    dataset: { reason: outcome.reason ? outcome.reason.key.replace(/^replay\./, "") : "" },
  },
  h("strong", { class: "replay-check-mark" }, h("span", { "aria-hidden": "true" }, unable ? "? " : "✗ "),
    t(unable ? "replay.unchecked" : "replay.not_verified")),
  " ", h("span", { class: "replay-check-detail" }, reason));
}

/** The shuffle's numbers, folded: the scheme, the commitment, the seed and the salt. */
export function shuffleDetails(shuffle) {
  if (!shuffle || !shuffle.commitment) return null;
  const row = (label, value) => [h("dt", {}, label), h("dd", { class: "hex" }, value || "—")];
  return h("details", { class: "replay-shuffle", testid: "replay-shuffle" },
    h("summary", {}, t("replay.shuffle_title")),
    h("p", { class: "hint" }, t("replay.shuffle_lead")),
    h("dl", {},
      row(t("replay.shuffle_scheme"), shuffle.scheme),
      row(t("replay.shuffle_commitment"), shuffle.commitment),
      row(t("replay.shuffle_seed"), shuffle.seed),
      row(t("replay.shuffle_salt"), shuffle.salt)));
}
