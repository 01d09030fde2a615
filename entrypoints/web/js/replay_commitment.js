// The shuffle's commitment, as a browser can check it: every state of a live match shows
// `seed_commitment`, the SHA-256 of the match's secret seed followed by its salt; the table remembers
// the first one it sees (localStorage, tavolo.commitment.<game id>), and once the match is over its
// record reveals the seed and the salt, which the replay page hashes again with Web Crypto to compare.
// Only hex decoding is done here: the hashing is the browser's own crypto.subtle.

const PREFIX = "tavolo.commitment.";
const HEX = /^(?:[0-9a-f]{2})*$/i;

function store() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: nothing is remembered
  }
}

/** Remember ``commitment`` for ``gameId`` the first time the table sees one (a later one never replaces it). */
export function rememberCommitment(gameId, commitment) {
  if (!gameId || typeof commitment !== "string" || !commitment) return;
  const storage = store();
  if (!storage) return;
  const key = `${PREFIX}${gameId}`;
  try {
    if (storage.getItem(key) === null) storage.setItem(key, commitment.toLowerCase());
  } catch {
    // storage full or refused: the replay page then checks without it
  }
}

/** The commitment this browser saw during the live match ``gameId``, or null. */
export function rememberedCommitment(gameId) {
  const storage = store();
  if (!storage) return null;
  try {
    return storage.getItem(`${PREFIX}${gameId}`);
  } catch {
    return null;
  }
}

/** The bytes a hex string stands for; null for anything that is not whole bytes of hex. */
export function hexBytes(hex) {
  if (typeof hex !== "string" || !HEX.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Whether this page may hash (Web Crypto exists only on a secure origin: https, localhost). */
export function canHash() {
  return Boolean(window.crypto && window.crypto.subtle && typeof window.crypto.subtle.digest === "function");
}

/** SHA-256 of the seed's bytes then the salt's, in lowercase hex; null when either is not hex. */
export async function commitmentOf(seed, salt) {
  const seedBytes = hexBytes(seed);
  const saltBytes = hexBytes(salt);
  if (!seedBytes || !saltBytes) return null;
  const joined = new Uint8Array(seedBytes.length + saltBytes.length);
  joined.set(seedBytes, 0);
  joined.set(saltBytes, seedBytes.length);
  const digest = new Uint8Array(await window.crypto.subtle.digest("SHA-256", joined));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
