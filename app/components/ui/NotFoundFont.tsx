/**
 * The /404 page's Chinese line, readable on a phone without a Chinese font (it showed as boxes):
 * the nine glyphs it uses, subset from Noto Sans CJK SC (public/fonts, 3.7 KB, its licence beside
 * it), for those characters only (unicode-range), declared where the line is shown and nowhere else,
 * so no other page fetches it.
 */
// No quotes and no "<", ">" or "&": React escapes them in a <style>'s text, which the browser then
// reads as they are (the page without JavaScript had no font face at all).
const FACE = `@font-face{font-family:NotFoundSC;src:url(/fonts/not-found-sc.woff2);font-weight:400 700;font-display:swap;unicode-range:U+4E0D,U+56DE,U+5728,U+5B58,U+8FD4,U+9762,U+9875,U+9996,U+FF0C}`;

/** The font face, and the family to set on the element that shows the line. */
export const NOT_FOUND_FAMILY = "NotFoundSC, ui-sans-serif, system-ui, sans-serif";

export function NotFoundFont() {
  return <style>{FACE}</style>;
}
