// The four suit signs of the Piacentine deck as SVG strings, in its own style: yellow coins with a red
// sun at the centre (denari), golden goblets with a blue band (coppe), straight steel swords with a red
// grip (spade) and thick green cudgels sawn off at the head, their branches cut short (bastoni). A coin
// or a cup is drawn around its centre; a sword runs from its pommel to its tip, a cudgel from its handle
// to its head.

export const INK = "#26221d";
export const YELLOW = "#f3c52f";
export const RED = "#c8302b";
export const BLUE = "#2f5fb0";
const ORANGE = "#de7a1e";
const STEEL = "#8db4e6";
const STEEL_DARK = "#1f4a8c";
const GREEN = "#5b9b32";
const GREEN_DARK = "#24501a";
const WOOD = "#f1dc93";

/** A number short enough for SVG text (one decimal). */
export const n = (value) => Math.round(value * 10) / 10;

export function at(x, y, scale, body, turn = 0) {
  const rotate = turn ? ` rotate(${n(turn)})` : "";
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${Math.round(scale * 1000) / 1000})${rotate}">${body}</g>`;
}

function unit(dx, dy) {
  const length = Math.hypot(dx, dy) || 1;
  return [dx / length, dy / length];
}

/** A sun of ``points`` rays between radii ``inner`` and ``outer`` around (0, 0). */
export function sun(points, outer, inner) {
  const corners = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI / points) * i;
    return `${n(r * Math.sin(a))} ${n(-r * Math.cos(a))}`;
  });
  return `M${corners.join("L")}z`;
}

const COIN = `<circle r="9.5" fill="${YELLOW}" stroke="${INK}" stroke-width="1.1"/>`
  + `<circle r="7.4" fill="none" stroke="${ORANGE}" stroke-width="1.5"/>`
  + `<path d="${sun(8, 5.8, 2.8)}" fill="${RED}" stroke="${INK}" stroke-width=".5" stroke-linejoin="round"/>`
  + `<circle r="1.9" fill="${YELLOW}" stroke="${INK}" stroke-width=".5"/>`;

/** A yellow coin of radius r: an orange ring and a red sun of eight rays. */
export function coin(x, y, r) {
  return at(x, y, r / 10, COIN);
}

const CUP = `<path d="M-7.6-8.6H7.6C7.6-2.6 4.2.4 0 .8-4.2.4-7.6-2.6-7.6-8.6z" fill="${YELLOW}" stroke="${INK}"`
  + ` stroke-width=".9"/><path d="M-7.1-5h14.2" stroke="${BLUE}" stroke-width="2.2"/>`
  + `<ellipse cy="-8.6" rx="7.6" ry="1.7" fill="#fae7a2" stroke="${INK}" stroke-width=".8"/>`
  + `<path d="M-1.1.6h2.2v6.2h-2.2z" fill="${YELLOW}" stroke="${INK}" stroke-width=".6"/>`
  + `<circle cy="3.4" r="1.9" fill="${RED}" stroke="${INK}" stroke-width=".6"/>`
  + `<path d="M-6 10Q0 3.6 6 10z" fill="${YELLOW}" stroke="${INK}" stroke-width=".8" stroke-linejoin="round"/>`;

/** A goblet h tall: a golden bowl with a blue band, a red knot on the stem, a golden foot. */
export function cup(x, y, h) {
  return at(x, y, h / 20, CUP);
}

/**
 * A straight sword from its pommel (hx, hy) to its tip (tx, ty): a steel blade with a ridge, a golden
 * cross-guard with round ends, a red grip. s scales its width and hilt.
 */
export function sword(hx, hy, tx, ty, s = 1) {
  const [ux, uy] = unit(tx - hx, ty - hy);
  const [px, py] = [-uy, ux];
  const grip = 6 * s;
  const [gx, gy] = [hx + ux * grip, hy + uy * grip];  // the guard, where the blade starts
  const w = 1.9 * s;
  const [bx, by] = [tx - ux * 5 * s, ty - uy * 5 * s];  // where the blade starts to narrow to its point
  const blade = `M${n(gx + px * w)} ${n(gy + py * w)}L${n(bx + px * w)} ${n(by + py * w)}L${n(tx)} ${n(ty)}`
    + `L${n(bx - px * w)} ${n(by - py * w)}L${n(gx - px * w)} ${n(gy - py * w)}z`;
  const q = 4.4 * s;
  const [ax, ay, cx, cy] = [gx - px * q, gy - py * q, gx + px * q, gy + py * q];
  return `<g stroke-linecap="round">`
    + `<path d="${blade}" fill="${STEEL}" stroke="${STEEL_DARK}" stroke-width="${n(0.8 * s)}" stroke-linejoin="round"/>`
    + `<path d="M${n(gx)} ${n(gy)}L${n(bx)} ${n(by)}" stroke="${STEEL_DARK}" stroke-width="${n(0.6 * s)}"/>`
    + `<path d="M${n(hx)} ${n(hy)}L${n(gx)} ${n(gy)}" stroke="${INK}" stroke-width="${n(2.8 * s)}"/>`
    + `<path d="M${n(hx)} ${n(hy)}L${n(gx)} ${n(gy)}" stroke="${RED}" stroke-width="${n(1.7 * s)}"/>`
    + `<path d="M${n(ax)} ${n(ay)}L${n(cx)} ${n(cy)}" stroke="${INK}" stroke-width="${n(2.5 * s)}"/>`
    + `<path d="M${n(ax)} ${n(ay)}L${n(cx)} ${n(cy)}" stroke="${YELLOW}" stroke-width="${n(1.4 * s)}"/>`
    + `<g fill="${YELLOW}" stroke="${INK}" stroke-width="${n(0.5 * s)}">`
    + `<circle cx="${n(ax)}" cy="${n(ay)}" r="${n(1.3 * s)}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(1.3 * s)}"/>`
    + `<circle cx="${n(hx)}" cy="${n(hy)}" r="${n(1.7 * s)}"/></g></g>`;
}

/**
 * A cudgel from its handle (hx, hy) to its head (tx, ty): thick, straight, widening to a sawn-off head
 * that shows its pale wood, with branches cut short on alternate sides and a red band at the grip.
 */
export function club(hx, hy, tx, ty, s = 1) {
  const [ux, uy] = unit(tx - hx, ty - hy);
  const [px, py] = [-uy, ux];
  const w0 = 1.7 * s;
  const w1 = 3.4 * s;
  const body = `M${n(hx + px * w0)} ${n(hy + py * w0)}L${n(tx + px * w1)} ${n(ty + py * w1)}`
    + `L${n(tx - px * w1)} ${n(ty - py * w1)}L${n(hx - px * w0)} ${n(hy - py * w0)}`
    + `A${n(w0)} ${n(w0)} 0 0 1 ${n(hx + px * w0)} ${n(hy + py * w0)}z`;
  const stubs = [0.4, 0.62, 0.82].map((f, i) => {
    const side = i % 2 ? 1 : -1;
    const w = (w0 + (w1 - w0) * f) * side;
    const [x, y] = [hx + (tx - hx) * f + px * w, hy + (ty - hy) * f + py * w];
    const [ex, ey] = [x + (px * side * 2.2 + ux * 1.6) * s, y + (py * side * 2.2 + uy * 1.6) * s];
    return `M${n(x - ux * s)} ${n(y - uy * s)}L${n(ex)} ${n(ey)}`;
  }).join("");
  const angle = (Math.atan2(uy, ux) * 180) / Math.PI;
  return `<g><path d="${stubs}" stroke="${GREEN_DARK}" stroke-width="${n(2.4 * s)}" stroke-linecap="round"/>`
    + `<path d="${stubs}" stroke="${GREEN}" stroke-width="${n(1.2 * s)}" stroke-linecap="round"/>`
    + `<path d="${body}" fill="${GREEN}" stroke="${GREEN_DARK}" stroke-width="${n(0.8 * s)}" stroke-linejoin="round"/>`
    + `<ellipse cx="${n(tx)}" cy="${n(ty)}" rx="${n(1.5 * s)}" ry="${n(w1)}" fill="${WOOD}" stroke="${GREEN_DARK}"`
    + ` stroke-width="${n(0.7 * s)}" transform="rotate(${n(angle)} ${n(tx)} ${n(ty)})"/>`
    + `<path d="M${n(hx + ux * 2.6 * s - px * w0)} ${n(hy + uy * 2.6 * s - py * w0)}`
    + `l${n(px * w0 * 2)} ${n(py * w0 * 2)}" stroke="${RED}" stroke-width="${n(1.5 * s)}"/></g>`;
}

/** A suit's sign standing on its own around (x, y), size tall: what a figure holds up. */
export function sign(suit, x, y, size) {
  if (suit === "D") return coin(x, y, size / 2);
  if (suit === "C") return cup(x, y, size);
  if (suit === "S") return sword(x, y + size / 2, x, y - size / 2, size / 24);
  return club(x, y + size / 2, x, y - size / 2, size / 22);
}
