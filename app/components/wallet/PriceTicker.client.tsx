/**
 * The live-price island of /sellVirtualCoin: polls our own /prices resource
 * route every 5 s (docs/product/constants.md) while the page is visible and hands each answer to
 * the page. Renders a small "live" mark; without JavaScript the page shows the
 * price at render time instead.
 */
import { useEffect, useRef, useState } from "react";
import { PRICE_REFRESH_MS } from "../../../contract/constants";
import type { VirtualCoinPrice } from "../../../contract/index";

export default function PriceTicker({ onPrices, url = "/prices" }: { onPrices: (list: VirtualCoinPrice[]) => void; url?: string }) {
  const [failed, setFailed] = useState(false);
  const cb = useRef(onPrices);
  cb.current = onPrices;

  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    async function tick() {
      if (document.visibilityState !== "visible") return;
      controller?.abort();
      controller = new AbortController();
      try {
        const res = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store", signal: controller.signal });
        const body = (await res.json()) as { list?: VirtualCoinPrice[] };
        if (stopped) return;
        if (res.ok && Array.isArray(body.list) && body.list.length > 0) {
          cb.current(body.list);
          setFailed(false);
        } else setFailed(true);
      } catch (e) {
        if (!stopped && !(e instanceof DOMException && e.name === "AbortError")) setFailed(true);
      }
    }
    const timer = setInterval(tick, PRICE_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void tick();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      controller?.abort();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [url]);

  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-gray-600" data-testid="price-live">
      <span aria-hidden="true" className={failed ? "h-2 w-2 rounded-full bg-wait-500" : "h-2 w-2 rounded-full bg-money-in-500 motion-safe:animate-pulse"} />
      {failed ? "Price update failed, retrying" : `Live, every ${PRICE_REFRESH_MS / 1000} s`}
    </span>
  );
}
