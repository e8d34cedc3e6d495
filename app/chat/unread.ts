/**
 * The live Message badge. The chat island (where one runs) sends the unread total as a
 * window event; the layout shows it instead of its loader's count until that count
 * changes. Tiny on purpose: the layout imports this, not the chat code.
 */
import { useEffect, useState } from "react";

export const UNREAD_EVENT = "chat:unread";
/** Sent by the layout when the user signs out: a running chat client logs out (docs/product/statuses.md). */
export const SIGNED_OUT_EVENT = "chat:signedout";

export interface UnreadDetail {
  total: number;
}

/** Called by the chat island when the total changes. */
export function announceUnread(total: number): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<UnreadDetail>(UNREAD_EVENT, { detail: { total } }));
}

/** The badge's number: the loader's, or the chat island's latest total since. */
export function useLiveUnread(fromLoader: number): number {
  const [live, setLive] = useState<{ base: number; total: number } | null>(null);
  useEffect(() => {
    const onUnread = (e: Event) => {
      const total = (e as CustomEvent<UnreadDetail>).detail?.total;
      if (typeof total === "number" && total >= 0) setLive({ base: fromLoader, total });
    };
    window.addEventListener(UNREAD_EVENT, onUnread);
    return () => window.removeEventListener(UNREAD_EVENT, onUnread);
  }, [fromLoader]);
  return live && live.base === fromLoader ? live.total : fromLoader;
}

/** The layout tells a running chat client (if any) that the user signed out. */
export function useChatSignOut(signedIn: boolean): void {
  const [was, setWas] = useState(signedIn);
  useEffect(() => {
    if (was && !signedIn) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    if (was !== signedIn) setWas(signedIn);
  }, [signedIn, was]);
}
