/**
 * The toast (ui/Toast.tsx) on an islands-only page: it leaves after `TOAST_MS`, later while the
 * pointer or the keyboard focus rests on it, or at once with its × button. The server has drawn
 * it at the bottom of the screen with the button (the `js` class).
 */
import { TOAST_MS } from "~/components/ui/toast-timing";

export function toasts(doc: Document) {
  const message = doc.querySelector("[data-toast]")?.firstElementChild;
  if (!(message instanceof HTMLElement)) return;
  let timer = 0;
  const leave = () => message.remove();
  const wait = () => {
    clearTimeout(timer);
    timer = window.setTimeout(leave, TOAST_MS);
  };
  const hold = () => clearTimeout(timer);
  message.addEventListener("mouseenter", hold);
  message.addEventListener("focusin", hold);
  message.addEventListener("mouseleave", wait);
  message.addEventListener("focusout", wait);
  message.querySelector("button")?.addEventListener("click", leave);
  wait();
}
