/**
 * What a page shows only with JavaScript, styled before the page's scripts arrive (ADR 0062): the
 * head script marks <html> with this class before anything is laid out, and tailwind's `js:`
 * variant styles under it. The server draws a page the same either way, so React hydrates what it
 * sent; without JavaScript the class is never set (the promo is then a notice in the page).
 */
export const SCRIPT_CLASS = "js";

/** Inline in <head>, before anything is laid out. */
export const SCRIPT_CLASS_SCRIPT = `document.documentElement.classList.add("${SCRIPT_CLASS}");`;
