// The four suit signs of the Napoletane deck as SVG strings: gold coins (denari), red and gold cups
// (coppe), blue curved swords (spade) and green knobbly clubs (bastoni). A coin or a cup is drawn
// around its centre; a sword runs from its pommel to its tip, a club from its handle to its head.

export const INK = "#3a2a1c";
export const GOLD = "#e8b22c";
const GOLD_LIGHT = "#f8db78";
const RED = "#c0302a";
const BLUE = "#2b63b8";
const BLUE_DARK = "#12366e";
const GREEN = "#3f8a35";
const GREEN_DARK = "#1d4a17";

/** A number short enough for SVG text (one decimal). */
export const n = (value) => Math.round(value * 10) / 10;

function at(x, y, scale, body) {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${Math.round(scale * 1000) / 1000})">${body}</g>`;
}

/** A gold coin of radius r: a rim, a raised ring and a red four-petal rose. */
export function coin(x, y, r) {
  return at(x, y, r / 10, `<circle r="9.4" fill="${GOLD}" stroke="${INK}" stroke-width="1.2"/>`
    + `<circle r="6.4" fill="${GOLD_LIGHT}" stroke="#9a6a08" stroke-width=".9"/>`
    + `<path d="M0-5.2 1.6-1.6 5.2 0 1.6 1.6 0 5.2-1.6 1.6-5.2 0-1.6-1.6z" fill="${RED}"/>`
    + `<circle r="1.5" fill="${GREEN}"/>`);
}

/** A cup h tall: a red bowl under a gold rim, a knotted stem and a gold foot. */
export function cup(x, y, h) {
  return at(x, y, h / 20, `<path d="M-7.6-8.4h15.2c0 6.6-3.4 10-7.6 10.4-4.2-.4-7.6-3.8-7.6-10.4z" fill="${RED}"`
    + ` stroke="${INK}" stroke-width=".9"/><path d="M-6.8-4.6h13.6" stroke="${GOLD}" stroke-width="1.5"/>`
    + `<rect x="-8.4" y="-10" width="16.8" height="2.8" rx="1.4" fill="${GOLD}" stroke="${INK}" stroke-width=".8"/>`
    + `<path d="M-1.3 1.6h2.6v2.4h-2.6z" fill="${GOLD}" stroke="${INK}" stroke-width=".6"/>`
    + `<ellipse cy="4.3" rx="2.9" ry="1.3" fill="${GOLD}" stroke="${INK}" stroke-width=".7"/>`
    + `<path d="M-1.4 5.5h2.8l4.6 3.4V10H-6V8.9z" fill="${GOLD}" stroke="${INK}" stroke-width=".8"/>`);
}

function unit(dx, dy) {
  const length = Math.hypot(dx, dy) || 1;
  return [dx / length, dy / length];
}

/**
 * A curved sword from its pommel (hx, hy) to its tip (tx, ty); bend pushes the middle of the blade
 * sideways (to the right of the way it points when positive). s scales the blade's width and hilt.
 */
export function sword(hx, hy, tx, ty, bend = 0, s = 1) {
  const [ux, uy] = unit(tx - hx, ty - hy);
  const gx = hx + ux * 6 * s;
  const gy = hy + uy * 6 * s;  // the guard, where the blade starts
  const cx = (gx + tx) / 2 - uy * bend;
  const cy = (gy + ty) / 2 + ux * bend;
  const [dx, dy] = unit(cx - gx, cy - gy);
  const [px, py] = [-dy, dx];
  const w = 2.2 * s;
  const blade = `M${n(gx + px * w)} ${n(gy + py * w)}Q${n(cx + px * w)} ${n(cy + py * w)} ${n(tx)} ${n(ty)}`
    + `Q${n(cx - px * w)} ${n(cy - py * w)} ${n(gx - px * w)} ${n(gy - py * w)}z`;
  const q = 4.2 * s;
  const f = 0.7;  // the fuller, a light groove, runs along the first 70% of the blade
  const ex = (1 - f) ** 2 * gx + 2 * f * (1 - f) * cx + f * f * tx;
  const ey = (1 - f) ** 2 * gy + 2 * f * (1 - f) * cy + f * f * ty;
  const guard = `M${n(gx - px * q)} ${n(gy - py * q)}L${n(gx + px * q)} ${n(gy + py * q)}`;
  return `<g stroke-linecap="round">`
    + `<path d="${blade}" fill="${BLUE}" stroke="${BLUE_DARK}" stroke-width="${n(0.7 * s)}"/>`
    + `<path d="M${n(gx)} ${n(gy)}Q${n(gx + (cx - gx) * f)} ${n(gy + (cy - gy) * f)} ${n(ex)} ${n(ey)}"`
    + ` fill="none" stroke="#a9c8f2" stroke-width="${n(0.6 * s)}"/>`
    + `<path d="M${n(hx)} ${n(hy)}L${n(gx)} ${n(gy)}" stroke="#7a2a14" stroke-width="${n(2 * s)}"/>`
    + `<path d="${guard}" stroke="${INK}" stroke-width="${n(2.4 * s)}"/>`
    + `<path d="${guard}" stroke="${GOLD}" stroke-width="${n(1.4 * s)}"/>`
    + `<circle cx="${n(hx)}" cy="${n(hy)}" r="${n(1.6 * s)}" fill="${GOLD}" stroke="${INK}"`
    + ` stroke-width="${n(0.6 * s)}"/></g>`;
}

/** A knobbly club from its handle (hx, hy) to its head (tx, ty), widening towards the head. */
export function club(hx, hy, tx, ty, s = 1) {
  const [ux, uy] = unit(tx - hx, ty - hy);
  const [px, py] = [-uy, ux];
  const w0 = 1.5 * s;
  const w1 = 3.3 * s;
  const body = `M${n(hx + px * w0)} ${n(hy + py * w0)}L${n(tx + px * w1)} ${n(ty + py * w1)}`
    + `A${n(w1)} ${n(w1)} 0 0 0 ${n(tx - px * w1)} ${n(ty - py * w1)}L${n(hx - px * w0)} ${n(hy - py * w0)}`
    + `A${n(w0)} ${n(w0)} 0 0 0 ${n(hx + px * w0)} ${n(hy + py * w0)}z`;
  const length = Math.hypot(tx - hx, ty - hy);
  const knobs = [0.34, 0.52, 0.7, 0.86].map((f, i) => {
    const side = i % 2 ? 1 : -1;
    const w = (w0 + (w1 - w0) * f) * 0.95;
    const x = hx + (tx - hx) * f + px * w * side;
    const y = hy + (ty - hy) * f + py * w * side;
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(1.25 * s)}"/>`;
  }).join("");
  const a = Math.min(0.2, 6 / length);
  return `<g><path d="${body}" fill="${GREEN}" stroke="${GREEN_DARK}" stroke-width="${n(0.8 * s)}"/>`
    + `<path d="M${n(hx + (tx - hx) * a)} ${n(hy + (ty - hy) * a)}L${n(tx - (tx - hx) * a)} ${n(ty - (ty - hy) * a)}"`
    + ` stroke="#8fcf72" stroke-width="${n(0.7 * s)}" stroke-linecap="round"/>`
    + `<g fill="${GREEN}" stroke="${GREEN_DARK}" stroke-width="${n(0.6 * s)}">${knobs}</g>`
    + `<path d="M${n(hx + px * w0 * 1.3 + ux * 3 * s)} ${n(hy + py * w0 * 1.3 + uy * 3 * s)}`
    + `L${n(hx - px * w0 * 1.3 + ux * 3 * s)} ${n(hy - py * w0 * 1.3 + uy * 3 * s)}" stroke="${RED}"`
    + ` stroke-width="${n(1.4 * s)}"/></g>`;
}

/** A suit's sign standing on its own around (x, y), size tall: what a figure holds up. */
export function sign(suit, x, y, size) {
  if (suit === "D") return coin(x, y, size / 2);
  if (suit === "C") return cup(x, y, size);
  if (suit === "S") return sword(x, y + size / 2, x, y - size / 2, 0, size / 22);
  return club(x, y + size / 2, x, y - size / 2, size / 22);
}
