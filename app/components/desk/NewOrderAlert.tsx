/**
 * A new Waiting order on the desk (ADR 0036): with JavaScript the queue's data is reloaded
 * every 15 s while the page is visible; when a newer Waiting order than any seen arrives, a
 * notice says so and, when the profile's Notification sound switch is on, a short beep plays.
 * Without JavaScript the page shows what it had when loaded (and the top bar's badge).
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

const POLL_MS = 15_000;

export function NewOrderAlert({ newestWaiting }: { newestWaiting: number }) {
  const revalidator = useRevalidator();
  const seen = useRef(newestWaiting);
  const [notice, setNotice] = useState("");

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  useEffect(() => {
    if (newestWaiting <= seen.current) return;
    seen.current = newestWaiting;
    setNotice(`New order ${newestWaiting} is waiting for you.`);
    void import("~/chat/sound.client").then((s) => {
      if (s.notificationSoundOn()) s.beep();
    });
  }, [newestWaiting]);

  return (
    <p role="status" aria-live="polite" className={notice ? "rounded-lg bg-wait-50 px-3 py-2 text-sm font-medium text-wait-800 ring-1 ring-wait-200" : "sr-only"} data-testid="desk-new-order">
      {notice}
    </p>
  );
}
