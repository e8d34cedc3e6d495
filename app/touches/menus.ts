/**
 * An open menu drawn as a <details> (ui/headless.ts's stand-ins, marked `data-popup`) closes on
 * Escape, giving the focus back to its summary, and on a tap outside it: as the hydrated pages'
 * menus do.
 */
const openMenus = (doc: Document) => doc.querySelectorAll<HTMLDetailsElement>("details[data-popup][open]");

export function menus(doc: Document) {
  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of openMenus(doc)) {
      menu.open = false;
      if (menu.contains(doc.activeElement)) menu.querySelector("summary")?.focus();
    }
  });
  doc.addEventListener("pointerdown", (event) => {
    for (const menu of openMenus(doc)) if (!menu.contains(event.target as Node)) menu.open = false;
  });
}
