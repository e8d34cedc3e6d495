/**
 * Draws the demo pictures into public/demo/ as small hand-written SVG files:
 * banners, card-type icons, avatars, level cards and point-mall items.
 * No dependencies, no external references, no logos: coloured tiles, a simple glyph, initials and a name.
 *
 *   node --import tsx scripts/gen-demo-images.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AVATAR_PICS,
  DEMO_BANNERS,
  DEMO_CARD_TYPES,
  DEMO_REDEMPTION_ITEMS,
  LEVEL_CARD_PICS,
  type DemoBanner,
} from "../backend/demo/world";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = join(root, "public");
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
const MAX_BYTES = 3 * 1024;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function svg(w: number, h: number, label: string, body: string) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">` +
    `<title>${esc(label)}</title>${body}</svg>\n`
  );
}

function grad(id: string, a: string, b: string, vertical = false) {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<defs><linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;
}

function text(x: number, y: number, size: number, s: string, opts: { weight?: number; fill?: string; anchor?: string; opacity?: number } = {}) {
  const { weight = 600, fill = "#fff", anchor = "start", opacity } = opts;
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${opacity !== undefined ? ` fill-opacity="${opacity}"` : ""}>${esc(s)}</text>`;
}

/** A gift card seen at an angle: the glyph used on banners and icons. */
function cardGlyph(x: number, y: number, w: number, fill = "#fff", opacity = 0.9) {
  const h = Math.round(w * 0.63);
  const r = Math.round(w * 0.08);
  const stripe = Math.round(h * 0.18);
  return (
    `<g transform="translate(${x} ${y}) rotate(-8)" fill-opacity="${opacity}">` +
    `<rect width="${w}" height="${h}" rx="${r}" fill="${fill}"/>` +
    `<rect y="${Math.round(h * 0.22)}" width="${w}" height="${stripe}" fill="#000" fill-opacity=".18"/>` +
    `<rect x="${Math.round(w * 0.08)}" y="${Math.round(h * 0.6)}" width="${Math.round(w * 0.3)}" height="${Math.round(h * 0.14)}" rx="3" fill="#000" fill-opacity=".15"/>` +
    `</g>`
  );
}

// Calm palette: one hue pair per item, readable white text on each (WCAG AA at these sizes).
const PALETTE: [string, string][] = [
  ["#1d4ed8", "#1e3a8a"],
  ["#0f766e", "#134e4a"],
  ["#b45309", "#78350f"],
  ["#15803d", "#14532d"],
  ["#7c3aed", "#4c1d95"],
  ["#be185d", "#831843"],
  ["#334155", "#0f172a"],
  ["#0369a1", "#0c4a6e"],
  ["#c2410c", "#7c2d12"],
  ["#4d7c0f", "#365314"],
  ["#a21caf", "#701a75"],
  ["#0e7490", "#164e63"],
];

const files: { path: string; content: string }[] = [];
const out = (webPath: string, content: string) => files.push({ path: join(publicDir, webPath), content });

// --- Banners -----------------------------------------------------------------------------------
const BANNER_SIZE: Record<DemoBanner["location"], [number, number]> = {
  home: [1200, 400],
  home_h5: [750, 360],
  home_pop: [600, 800],
};
const BANNER_SUB: Record<string, string> = {
  "/demo/banner-home-1.svg": "Pictures and e-codes, paid in coins within minutes",
  "/demo/banner-home-2.svg": "Five checks to make before you trade",
  "/demo/banner-home-3.svg": "Trade only inside the order chat",
  "/demo/banner-h5-1.svg": "Keep your streak for bigger rewards",
  "/demo/banner-h5-2.svg": "3 per mille of your friends' volume",
  "/demo/banner-pop-1.svg": "Sell gift cards to verified merchants",
};

DEMO_BANNERS.forEach((b, i) => {
  const [w, h] = BANNER_SIZE[b.location];
  const [c1, c2] = PALETTE[(i * 5) % PALETTE.length];
  const tall = h > w;
  const pad = Math.round(Math.min(w, h) * 0.1);
  const glyphW = Math.round(tall ? w * 0.55 : h * 0.6);
  // Keep a wide banner's title clear of the card glyph (bold text is about 0.6 em per character).
  const textRoom = w - glyphW - pad * 2.5;
  const title = Math.round(tall ? w * 0.075 : Math.min(h * 0.12, textRoom / (0.6 * b.nameEn.length)));
  const sub = Math.round(Math.max(title * 0.5, Math.min(w, h) * 0.05));
  const gx = tall ? Math.round((w - glyphW) / 2) : w - glyphW - pad;
  const gy = tall ? Math.round(h * 0.2) : Math.round((h - glyphW * 0.63) / 2);
  const ty = tall ? Math.round(h * 0.68) : Math.round(h * 0.45);
  const words = b.nameEn.split(" ");
  // Tall pop-up: wrap the title in two lines.
  const lines = tall && words.length > 2 ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")] : [b.nameEn];
  const tx = tall ? w / 2 : pad;
  const anchor = tall ? "middle" : "start";
  const titleSvg = lines.map((l, j) => text(tx, ty + j * Math.round(title * 1.2), title, l, { weight: 700, anchor })).join("");
  const subY = ty + (lines.length - 1) * Math.round(title * 1.2) + Math.round(sub * 2);
  const body =
    grad("g", c1, c2) +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${Math.round(w * 0.85)}" cy="${Math.round(h * 0.1)}" r="${Math.round(h * 0.45)}" fill="#fff" fill-opacity=".06"/>` +
    `<circle cx="${Math.round(w * 0.1)}" cy="${h}" r="${Math.round(h * 0.35)}" fill="#fff" fill-opacity=".05"/>` +
    cardGlyph(gx, gy, glyphW, "#fff", 0.92) +
    cardGlyph(gx + Math.round(glyphW * 0.12), gy + Math.round(glyphW * 0.22), Math.round(glyphW * 0.8), c1, 0.85) +
    titleSvg +
    text(tx, subY, sub, BANNER_SUB[b.pic] ?? "", { weight: 400, anchor, opacity: 0.9 }) +
    text(tall ? w / 2 : pad, h - Math.round(pad * 0.6), Math.round(sub * 0.8), "GIFT MARKET", { weight: 700, anchor, opacity: 0.6 });
  out(b.pic, svg(w, h, b.nameEn, body));
});

// --- Card-type icons (128x128) -----------------------------------------------------------------
DEMO_CARD_TYPES.forEach((c, i) => {
  const [c1, c2] = PALETTE[i % PALETTE.length];
  const body =
    grad("g", c1, c2) +
    `<rect width="128" height="128" rx="24" fill="url(#g)"/>` +
    `<rect x="22" y="24" width="84" height="54" rx="8" fill="#fff" fill-opacity=".16"/>` +
    `<rect x="22" y="36" width="84" height="8" fill="#fff" fill-opacity=".14"/>` +
    text(64, 72, 30, c.initials, { weight: 800, anchor: "middle" }) +
    text(64, 108, c.nameEn.length > 13 ? 11 : 13, c.nameEn, { weight: 600, anchor: "middle", opacity: 0.95 });
  out(c.icon, svg(128, 128, c.nameEn, body));
});

// --- Avatars (96x96) ---------------------------------------------------------------------------
AVATAR_PICS.forEach((pic, i) => {
  const [c1, c2] = PALETTE[(i * 7 + 3) % PALETTE.length];
  const body =
    grad("g", c1, c2, true) +
    `<circle cx="48" cy="48" r="48" fill="url(#g)"/>` +
    `<circle cx="48" cy="38" r="16" fill="#fff" fill-opacity=".92"/>` +
    `<path d="M18 84c4-17 16-26 30-26s26 9 30 26a48 48 0 0 1-60 0z" fill="#fff" fill-opacity=".92"/>`;
  out(pic, svg(96, 96, `Avatar ${i + 1}`, body));
});

// --- Level cards v0..v7 (600x340) --------------------------------------------------------------
const LEVELS: [string, string, string][] = [
  ["Member", "#64748b", "#334155"],
  ["Bronze", "#b4683a", "#7c3f1d"],
  ["Silver", "#7b8794", "#475260"],
  ["Gold", "#b8860b", "#7a5a05"],
  ["Platinum", "#4b6b80", "#23394a"],
  ["Emerald", "#0f7a55", "#064e3b"],
  ["Sapphire", "#1d4ed8", "#172554"],
  ["Black", "#27272a", "#09090b"],
];
LEVEL_CARD_PICS.forEach((pic, i) => {
  const [name, c1, c2] = LEVELS[i];
  const stars = Array.from({ length: i }, (_, s) => `<path transform="translate(${48 + s * 26} 250)" d="M9 0l2.6 6 6.4.6-4.9 4.2 1.5 6.3L9 13.8 3.4 17.1l1.5-6.3L0 6.6 6.4 6z" fill="#fff" fill-opacity=".85"/>`).join("");
  const body =
    grad("g", c1, c2) +
    `<rect width="600" height="340" rx="28" fill="url(#g)"/>` +
    `<circle cx="520" cy="40" r="170" fill="#fff" fill-opacity=".07"/>` +
    `<circle cx="560" cy="300" r="110" fill="#fff" fill-opacity=".05"/>` +
    // A diamond: the VIP glyph.
    `<path d="M470 110h70l22 28-57 70-57-70z" fill="#fff" fill-opacity=".22"/><path d="M448 138h114M492 110l13 98 13-98" stroke="#fff" stroke-opacity=".35" stroke-width="3" fill="none"/>` +
    text(48, 80, 22, "GIFT MARKET VIP", { weight: 700, opacity: 0.75 }) +
    text(48, 190, 96, `V${i}`, { weight: 800 }) +
    text(48, 232, 26, `${name} level`, { weight: 500, opacity: 0.9 }) +
    stars;
  out(pic, svg(600, 340, `VIP level V${i}`, body));
});

// --- Point-mall items (240x240) ----------------------------------------------------------------
const W = `fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"`;
const MALL_GLYPHS: Record<string, string> = {
  // A phone.
  "/demo/mall-airtime.svg": `<rect x="92" y="40" width="56" height="100" rx="10" ${W}/><path d="M112 124h16" ${W}/>`,
  // Signal bars.
  "/demo/mall-data.svg": `<path d="M84 136v-16M106 136v-34M128 136v-52M150 136v-70" ${W}/>`,
  // Coins.
  "/demo/mall-coins.svg": `<ellipse cx="120" cy="74" rx="40" ry="14" ${W}/><path d="M80 74v44c0 8 18 14 40 14s40-6 40-14V74M80 96c0 8 18 14 40 14s40-6 40-14" ${W}/>`,
  // A ring frame around a head.
  "/demo/mall-frame.svg": `<circle cx="120" cy="92" r="50" ${W}/><circle cx="120" cy="80" r="14" fill="#fff"/><path d="M94 124c6-14 16-20 26-20s20 6 26 20" fill="#fff"/>`,
  // A battery.
  "/demo/mall-power-bank.svg": `<rect x="76" y="64" width="80" height="56" rx="8" ${W}/><path d="M164 82v20" ${W}/><path d="M108 74l-10 20h20l-10 20" ${W}/>`,
  // A rosette badge.
  "/demo/mall-badge.svg": `<circle cx="120" cy="80" r="34" ${W}/><path d="M104 108l-14 40 18-8 12 16M136 108l14 40-18-8-12 16" ${W}/>`,
};
DEMO_REDEMPTION_ITEMS.forEach((item, i) => {
  const [c1, c2] = PALETTE[(i * 3 + 1) % PALETTE.length];
  const size = item.name.length > 16 ? 17 : 20;
  const body =
    grad("g", c1, c2) +
    `<rect width="240" height="240" rx="20" fill="url(#g)"/>` +
    `<circle cx="120" cy="92" r="78" fill="#fff" fill-opacity=".08"/>` +
    (MALL_GLYPHS[item.pic] ?? cardGlyph(70, 60, 100)) +
    text(120, 200, size, item.name, { weight: 700, anchor: "middle" });
  out(item.pic, svg(240, 240, item.name, body));
});

// --- Write -------------------------------------------------------------------------------------
for (const f of files) {
  const bytes = Buffer.byteLength(f.content);
  if (bytes >= MAX_BYTES) throw new Error(`${f.path} is ${bytes} bytes, over ${MAX_BYTES}`);
  mkdirSync(dirname(f.path), { recursive: true });
  writeFileSync(f.path, f.content);
}
console.log(`wrote ${files.length} files to ${join(publicDir, "demo")}`);
