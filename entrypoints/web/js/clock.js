// The server's clock, as seen from this browser. Deadlines (turn_deadline, hand_end_deadline) are set
// by the server's clock; this computer's clock may be minutes off, so countdowns use serverNow().
//
// Every state frame carries server_time, the server's clock when it sent the frame. On arrival,
// server_time - (this clock) is the offset between the two clocks minus the frame's delay on the way
// (network, the server's send queue, a busy page): a delay only ever makes a sample smaller, never
// larger. So of the last few samples the largest is the one that travelled fastest, and the best
// estimate. A sample far below that estimate means this clock jumped forward (a sleep, a clock
// adjustment): the older samples are dropped and the estimate starts again from the new one.

/** How many recent samples the estimate keeps. */
const SAMPLES = 8;
/** A sample this many seconds below the estimate starts a fresh one (no frame is that late). */
const JUMP_SECONDS = 10;

let samples = [];
let estimate = null;

function localNow() {
  return Date.now() / 1000;
}

/** Note the ``server_time`` of a frame that just arrived (epoch seconds); anything else is ignored. */
export function noteServerTime(serverTime) {
  if (typeof serverTime !== "number" || !Number.isFinite(serverTime)) return;
  const sample = serverTime - localNow();
  if (estimate !== null && sample < estimate - JUMP_SECONDS) samples = [];
  samples.push(sample);
  if (samples.length > SAMPLES) samples.shift();
  estimate = Math.max(...samples);
}

/** Seconds to add to this computer's clock to read the server's (0 until a frame said otherwise). */
export function serverOffset() {
  return estimate === null ? 0 : estimate;
}

/** The server's time now, in epoch seconds. */
export function serverNow() {
  return localNow() + serverOffset();
}
