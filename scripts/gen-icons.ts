/**
 * The installable app's icons (public/icons/, ADR 0077) drawn from public/favicon.svg by Chromium, once;
 * run again after the mark changes: node --import tsx scripts/gen-icons.ts
 */
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
const svg = readFileSync("public/favicon.svg", "utf8");
const glyph = svg.replace(/<svg[^>]*>/, "").replace("</svg>", "").replace(/<rect[^>]*\/>/, "");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
for (const [name, size, maskable] of [["icon-192", 192, false], ["icon-512", 512, false], ["icon-maskable-512", 512, true]] as const) {
  await page.setViewportSize({ width: size, height: size });
  // Maskable: full bleed, the glyph inside the middle 60% (the safe zone is a circle of 80%).
  const body = maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"><rect width="32" height="32" fill="#2f54d6"/><g transform="translate(6.4 6.4) scale(0.6)"><rect width="32" height="32" fill="#2f54d6"/>${glyph}</g></svg>`
    : svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${body}</body></html>`);
  await page.screenshot({ path: `public/icons/${name}.png`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
await browser.close();
