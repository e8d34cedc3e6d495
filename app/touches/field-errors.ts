/**
 * A field the server found wrong (aria-invalid, its message in `#<id>-error`, ui/Field.tsx) loses
 * the message and the red border as soon as it is edited: what it says no longer speaks of what
 * is there. The hydrated forms check again as the user types (conform); on an islands-only page
 * the server checks it again on the next post. A field edited before this script ran (a slow
 * line) is seen by its value. An island's own fields are the island's.
 */
import { CONTROL_INVALID, CONTROL_VALID } from "../components/ui/control-classes";
import { ISLAND_ATTR } from "../islands/props";

function edited(doc: Document, control: Element) {
  if (!control.id || control.getAttribute("aria-invalid") !== "true" || control.closest(`[${ISLAND_ATTR}]`)) return;
  const line = doc.getElementById(`${control.id}-error`);
  if (!line) return;
  line.textContent = "";
  control.removeAttribute("aria-invalid");
  control.classList.remove(...CONTROL_INVALID.split(" "));
  control.classList.add(...CONTROL_VALID.split(" "));
}

export function fieldErrors(doc: Document) {
  doc.addEventListener("input", (event) => {
    if (event.target instanceof Element) edited(doc, event.target);
  });
  for (const control of doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')) {
    if (control.value !== control.defaultValue) edited(doc, control);
  }
}
