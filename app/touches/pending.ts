/**
 * A posting form, once sent, is pending until the next page comes (as ui/Form.tsx and Button.tsx
 * draw it with React): the form says aria-busy, its submit buttons are disabled, and the one pressed
 * shows a spinner. A second press is not a second post.
 */

/** Spinner.tsx's drawing (decorative: the button says aria-busy). */
const SPINNER =
  '<svg class="motion-safe:animate-spin h-4 w-4" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false" data-pending=""><circle cx="12" cy="12" r="9" stroke="currentColor" stroke-width="3" opacity="0.25"></circle><path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" stroke-width="3" stroke-linecap="round"></path></svg>';

const submitButtons = (form: HTMLFormElement) =>
  [...form.elements].filter((el): el is HTMLButtonElement => el instanceof HTMLButtonElement && el.type === "submit");

/**
 * The button that shows the spinner: the pressed one, or, for Enter on a form whose first submit is
 * a hidden stand-in (auth/AuthForm.tsx DefaultSubmit), the visible button that sends the same.
 */
function visibleTwin(form: HTMLFormElement, pressed: HTMLElement | null | undefined) {
  if (!(pressed instanceof HTMLButtonElement)) return null;
  if (pressed.getAttribute("aria-hidden") !== "true") return pressed;
  return submitButtons(form).find((b) => b !== pressed && b.name === pressed.name && b.value === pressed.value) ?? pressed;
}

export function pendingForms(doc: Document) {
  doc.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented || form.method !== "post") return;
    if (form.getAttribute("aria-busy") === "true") return event.preventDefault();
    form.setAttribute("aria-busy", "true");
    const pressed = (event as SubmitEvent).submitter;
    // After the browser has read the pressed button's name and value into the post.
    setTimeout(() => {
      for (const button of submitButtons(form)) {
        if (button.disabled) continue;
        button.disabled = true;
        button.setAttribute("data-held", "");
      }
      const shown = visibleTwin(form, pressed);
      if (shown) {
        shown.setAttribute("aria-busy", "true");
        shown.insertAdjacentHTML("afterbegin", SPINNER);
      }
    });
  });
  // Back to a page the browser kept (back/forward cache): nothing on it is being sent any more.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of doc.querySelectorAll<HTMLFormElement>('form[aria-busy="true"]')) {
      form.removeAttribute("aria-busy");
      for (const button of form.querySelectorAll<HTMLButtonElement>("button[data-held]")) {
        button.disabled = false;
        button.removeAttribute("data-held");
        button.removeAttribute("aria-busy");
        button.querySelector("[data-pending]")?.remove();
      }
    }
  });
}
