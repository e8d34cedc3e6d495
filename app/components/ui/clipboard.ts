/**
 * Copying a text to the clipboard, and what the button then says (docs/product/messages.md): one
 * home for the hydrated copy buttons (wallet/CopyButton.client.tsx, orders/CardSecret.client.tsx)
 * and the copy touch of islands-only pages (app/touches/copy.ts). Plain DOM, no React.
 */
export const COPIED = "Copied";
export const COPY_FAIL = "Copy Fail: Not Support";
/** How long "Copied" stays beside the button. */
export const COPIED_MS = 3000;
/** The result's colour: green when copied, red when the browser refused. */
export const copyResultClass = (result: string | null) =>
  result === COPIED ? "text-sm font-medium text-money-in-700" : "text-sm font-medium text-money-out-700";

/** The clipboard API, else the old selection copy (some web views); false when both refuse. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  try {
    const el = document.createElement("textarea");
    el.value = text;
    el.setAttribute("readonly", "");
    el.style.position = "fixed";
    el.style.opacity = "0";
    document.body.appendChild(el);
    el.select();
    const ok = document.execCommand("copy");
    el.remove();
    return ok;
  } catch {
    return false;
  }
}
