import { VirtualCoinType } from "../../contract/enums";
import type { BackendConfig } from "../config";

/**
 * BTC and USDT prices for /sellVirtualCoin and addVirtualCoinOrder (docs/product/calls.md "a crypto exchange
 * price service polled every 5 s"). Prices are integers: USD hundredths per whole coin.
 *
 * - Offline feed (default, PRICE_FEED_URL unset): deterministic indicative prices that drift
 *   slowly with time (BTC around 67,000.00 USD, USDT 1.00), always `indicative: true`.
 * - Ticker feed (PRICE_FEED_URL set): a Binance-shaped ticker,
 *   GET {PRICE_FEED_URL}?symbol=BTCUSDT → {"symbol":"BTCUSDT","price":"67000.12"}.
 *   BTC is BTCUSDT read as USD (USDT taken at par). USDT is priced through USDCUSDT (USDT per USDC,
 *   USDC taken as the dollar): USD per USDT = 1 / price, in hundredths (almost always 1.00).
 *   Quotes are cached for 5 s (parallel callers share one request); a failed or malformed answer
 *   keeps the last good quote (or the offline one) marked `indicative: true`.
 */

export interface PriceQuote {
  type: VirtualCoinType;
  symbol: "BTC" | "USDT";
  /** USD hundredths per whole coin. */
  price: number;
  /** Not a fresh market quote: the offline feed, or the last known quote after an error. */
  indicative: boolean;
  /** When the quote was taken (ms). */
  updatedAt: number;
}

export interface PriceFeed {
  readonly kind: "offline" | "ticker";
  /** BTC (type 0) then USDT (type 1). */
  quotes(now: Date): Promise<PriceQuote[]>;
  quote(type: VirtualCoinType, now: Date): Promise<PriceQuote>;
}

export const PRICE_CACHE_MS = 5_000;
const SYMBOLS = { [VirtualCoinType.BTC]: "BTC", [VirtualCoinType.USDT]: "USDT" } as const;

// ---------------------------------------------------------------- offline

/** BTC's centre price in the offline feed: 67,000.00 USD. */
export const OFFLINE_BTC_CENTRE = 6_700_000;
export const OFFLINE_USDT = 100;
const HOUR = 3_600_000;

/**
 * The offline BTC price at time t (ms): the centre with two slow waves, ±2% over a 6-hour period
 * and ±0.5% over 23 minutes, held constant within each 5-second step. Deterministic: the same t
 * gives the same price in every process.
 */
export function offlineBtcPrice(t: number): number {
  const step = Math.floor(t / PRICE_CACHE_MS) * PRICE_CACHE_MS;
  const drift = 0.02 * Math.sin((2 * Math.PI * step) / (6 * HOUR)) + 0.005 * Math.sin((2 * Math.PI * step) / (23 * 60_000));
  return Math.round(OFFLINE_BTC_CENTRE * (1 + drift));
}

function offlineQuote(type: VirtualCoinType, t: number): PriceQuote {
  const step = Math.floor(t / PRICE_CACHE_MS) * PRICE_CACHE_MS;
  return {
    type,
    symbol: SYMBOLS[type],
    price: type === VirtualCoinType.BTC ? offlineBtcPrice(t) : OFFLINE_USDT,
    indicative: true,
    updatedAt: step,
  };
}

export function createOfflinePriceFeed(): PriceFeed {
  return {
    kind: "offline",
    async quotes(now) {
      return [offlineQuote(VirtualCoinType.BTC, now.getTime()), offlineQuote(VirtualCoinType.USDT, now.getTime())];
    },
    async quote(type, now) {
      return offlineQuote(type, now.getTime());
    },
  };
}

// ---------------------------------------------------------------- ticker

/** "67000.12" (or "67000.12000000") → 6700012: hundredths, rounded half up; undefined if not a positive decimal. */
export function parseUsdHundredths(text: unknown): number | undefined {
  if (typeof text !== "string") return undefined;
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  const frac = (m[2] ?? "").padEnd(3, "0");
  const value = Number(m[1]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return value > 0 && Number.isSafeInteger(value) ? value : undefined;
}

export interface TickerOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  cacheMs?: number;
}

export function createTickerPriceFeed(baseUrl: string, opts: TickerOptions = {}): PriceFeed {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 3_000;
  const cacheMs = opts.cacheMs ?? PRICE_CACHE_MS;
  const last = new Map<VirtualCoinType, PriceQuote>();
  let fetchedAt: number | undefined;
  let inflight: Promise<PriceQuote[]> | undefined;

  async function ticker(symbol: string): Promise<string> {
    const url = new URL(baseUrl);
    url.searchParams.set("symbol", symbol);
    const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
    if (!res.ok) throw new Error(`ticker ${symbol}: HTTP ${res.status}`);
    const body = (await res.json()) as { symbol?: unknown; price?: unknown };
    if (body.symbol !== undefined && body.symbol !== symbol) throw new Error(`ticker ${symbol}: answered ${String(body.symbol)}`);
    if (typeof body.price !== "string") throw new Error(`ticker ${symbol}: no price`);
    return body.price;
  }

  /** The last good quote (or the offline one), marked indicative. */
  function stale(type: VirtualCoinType, t: number): PriceQuote {
    const q = last.get(type);
    return q ? { ...q, indicative: true } : offlineQuote(type, t);
  }

  async function refresh(t: number): Promise<PriceQuote[]> {
    const [btc, usdc] = await Promise.allSettled([ticker("BTCUSDT"), ticker("USDCUSDT")]);
    const btcPrice = btc.status === "fulfilled" ? parseUsdHundredths(btc.value) : undefined;
    const usdcInUsdt = usdc.status === "fulfilled" ? Number(usdc.value) : NaN;
    const usdtPrice = Number.isFinite(usdcInUsdt) && usdcInUsdt > 0 ? Math.round(100 / usdcInUsdt) : undefined;
    const out: PriceQuote[] = [
      btcPrice !== undefined ? { type: VirtualCoinType.BTC, symbol: "BTC", price: btcPrice, indicative: false, updatedAt: t } : stale(VirtualCoinType.BTC, t),
      usdtPrice !== undefined && usdtPrice > 0
        ? { type: VirtualCoinType.USDT, symbol: "USDT", price: usdtPrice, indicative: false, updatedAt: t }
        : stale(VirtualCoinType.USDT, t),
    ];
    for (const q of out) if (!q.indicative) last.set(q.type, q);
    // Failures are cached too: a broken ticker is asked at most once per cache period.
    fetchedAt = t;
    cache = out;
    return out;
  }
  let cache: PriceQuote[] = [];

  async function quotes(now: Date): Promise<PriceQuote[]> {
    const t = now.getTime();
    if (fetchedAt !== undefined && t - fetchedAt < cacheMs && t >= fetchedAt) return cache;
    if (!inflight) inflight = refresh(t).finally(() => (inflight = undefined));
    return inflight;
  }

  return {
    kind: "ticker",
    quotes,
    async quote(type, now) {
      const all = await quotes(now);
      return all.find((q) => q.type === type)!;
    },
  };
}

/** The feed the config chooses. */
export function openPriceFeed(config: Pick<BackendConfig, "PRICE_FEED_URL">): PriceFeed {
  return config.PRICE_FEED_URL ? createTickerPriceFeed(config.PRICE_FEED_URL) : createOfflinePriceFeed();
}
