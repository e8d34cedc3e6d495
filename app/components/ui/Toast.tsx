/**
 * The toast region: one short message at the top of the screen ("Success",
 * the spec's short messages). Put it once in the layout and feed it the flash
 * message that the session carried across the redirect:
 *
 *   // loader: const toast = session.get("toast"); ... headers: commitSession(session)
 *   <Toast toast={data.toast} />
 *
 * - With JavaScript: at the bottom of the screen, over the page; hides itself
 *   after 3 s (the timer pauses while the pointer or keyboard focus is on it),
 *   or at once with the × button. The server draws it so under the `js` class
 *   (ADR 0062), so an islands-only page's touches script (app/touches/toast.ts,
 *   ADR 0067) only adds the timer and the button's click.
 * - Without JavaScript: stays, with a "Dismiss" link that reloads the page
 *   (the flash is gone by then, so the toast does not come back), in the
 *   page's flow above the content, so it covers nothing (ADR 0061); it is not
 *   on the next page either way.
 * - The region is always in the page with aria-live="polite", so screen
 *   readers hear new messages that arrive on client-side navigations.
 * - `id` must change for every new message (the same text twice is two toasts).
 */
import { useEffect, useState } from "react";
import { Link, useLocation } from "@remix-run/react";
import { CheckIcon, CloseIcon } from "./Icon";
import { cx } from "./cx";
import { TOAST_MS } from "./toast-timing";


export type ToastKind = "success" | "error" | "info";

export interface ToastMessage {
  kind: ToastKind;
  text: string;
  /** Unique per message. */
  id: string;
}

export interface ToastProps {
  toast?: ToastMessage | null;
  /** Milliseconds before it hides (with JavaScript). Default 3000. */
  duration?: number;
}

const kinds: Record<ToastKind, string> = {
  success: "bg-money-in-700 text-white",
  error: "bg-money-out-700 text-white",
  info: "bg-gray-900 text-white",
};

export function Toast({ toast, duration = TOAST_MS }: ToastProps) {
  const location = useLocation();
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  const visible = toast && toast.text && toast.id !== dismissedId ? toast : null;
  const visibleId = visible?.id;

  useEffect(() => {
    if (!visibleId || paused) return;
    const timer = setTimeout(() => setDismissedId(visibleId), duration);
    return () => clearTimeout(timer);
  }, [visibleId, paused, duration]);

  // A new message starts unpaused even if the pointer rested on the old one.
  useEffect(() => setPaused(false), [visibleId]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-toast=""
      className={cx(
        "flex justify-center px-4 js:pointer-events-none js:fixed js:inset-x-0 js:bottom-4 js:z-[60] js:pt-0",
        visible && "pt-3",
      )}
    >
      {visible ? (
        <div
          key={visible.id}
          className={cx(
            "pointer-events-auto flex max-w-md items-center gap-3 rounded-xl py-2.5 pl-4 pr-2 text-sm font-medium shadow-lg",
            kinds[visible.kind],
          )}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          {visible.kind === "success" ? <CheckIcon className="h-5 w-5 shrink-0" /> : null}
          <span className="min-w-0 flex-1">{visible.text}</span>
          {/* One of the two shows: the button with JavaScript, the link (a reload) without. */}
          <button
            type="button"
            onClick={() => setDismissedId(visible.id)}
            className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg hover:bg-white/15 focus-visible:outline-white js:inline-flex"
          >
            <CloseIcon className="h-4 w-4" />
            <span className="sr-only">Dismiss</span>
          </button>
          <Link
            to={{ pathname: location.pathname, search: location.search }}
            replace
            preventScrollReset
            className="inline-flex h-9 shrink-0 items-center rounded-lg px-2 text-white underline underline-offset-2 hover:bg-white/15 focus-visible:outline-white js:hidden"
          >
            Dismiss
          </Link>
        </div>
      ) : null}
    </div>
  );
}
