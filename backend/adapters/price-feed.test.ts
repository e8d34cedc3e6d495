import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfflinePriceFeed, createTickerPriceFeed, offlineBtcPrice, openPriceFeed, parseUsdHundredths } from "./price-feed";

describe("parseUsdHundredths", () => {
  it("reads a ticker's decimal string as USD hundredths, rounding half up", () => {
    expect(parseUsdHundredths("67000.12")).toBe(6_700_012);
    expect(parseUsdHundredths("67000.12000000")).toBe(6_700_012);
    expect(parseUsdHundredths("67000.125")).toBe(6_700_013);
    expect(parseUsdHundredths("67000")).toBe(6_700_000);
    expect(parseUsdHundredths("0.004")).toBeUndefined();
    for (const bad of ["", "abc", "-1", "1e5", 67000, null, undefined]) expect(parseUsdHundredths(bad)).toBeUndefined();
  });
});

describe("offline feed", () => {
  it("is deterministic, indicative, around 67,000 USD for BTC and 1.00 for USDT", async () => {
    const feed = createOfflinePriceFeed();
    const now = new Date("2026-11-21T10:00:02Z");
    const [btc, usdt] = await feed.quotes(now);
    expect(btc).toEqual({ type: 0, symbol: "BTC", price: offlineBtcPrice(now.getTime()), indicative: true, updatedAt: Date.parse("2026-11-21T10:00:00Z") });
    expect(usdt).toMatchObject({ type: 1, symbol: "USDT", price: 100, indicative: true });
    expect(await feed.quote(0, new Date(now.getTime() + 1_000))).toEqual(btc);
    for (let h = 0; h < 48; h++) {
      const p = offlineBtcPrice(now.getTime() + h * 3_600_000);
      expect(p).toBeGreaterThanOrEqual(6_700_000 * 0.975);
      expect(p).toBeLessThanOrEqual(6_700_000 * 1.025);
    }
    expect(openPriceFeed({}).kind).toBe("offline");
  });
});

describe("ticker feed (Binance-shaped)", () => {
  let server: Server;
  let url: string;
  const state = { btc: "67000.12", usdc: "0.9998", status: 200, requests: [] as string[], body: undefined as string | undefined };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const symbol = new URL(req.url ?? "/", "http://x").searchParams.get("symbol") ?? "";
      state.requests.push(symbol);
      if (state.status !== 200) return void res.writeHead(state.status).end("down");
      const price = symbol === "BTCUSDT" ? state.btc : symbol === "USDCUSDT" ? state.usdc : undefined;
      if (!price) return void res.writeHead(400).end(JSON.stringify({ code: -1121, msg: "Invalid symbol." }));
      res.writeHead(200, { "content-type": "application/json" }).end(state.body ?? JSON.stringify({ symbol, price }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3/ticker/price`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("asks BTCUSDT and USDCUSDT, caches for 5 s (parallel callers share one request), keeps the last value on errors", async () => {
    const feed = createTickerPriceFeed(url);
    expect(openPriceFeed({ PRICE_FEED_URL: url }).kind).toBe("ticker");
    let t = Date.parse("2026-11-21T10:00:00Z");
    const at = () => new Date(t);

    const all = await Promise.all(Array.from({ length: 10 }, () => feed.quotes(at())));
    expect(state.requests.sort()).toEqual(["BTCUSDT", "USDCUSDT"]);
    expect(all[9]).toEqual([
      { type: 0, symbol: "BTC", price: 6_700_012, indicative: false, updatedAt: t },
      // 1 / 0.9998 USD per USDT = 1.0002 → 1.00
      { type: 1, symbol: "USDT", price: 100, indicative: false, updatedAt: t },
    ]);

    state.btc = "68000.50";
    t += 4_999;
    expect((await feed.quote(0, at())).price).toBe(6_700_012);
    expect(state.requests).toHaveLength(2);
    t += 1;
    expect(await feed.quote(0, at())).toMatchObject({ price: 6_800_050, indicative: false, updatedAt: t });

    // The ticker fails: the last good value, marked indicative (asked again only after 5 s).
    state.status = 503;
    t += 5_000;
    expect(await feed.quote(0, at())).toMatchObject({ price: 6_800_050, indicative: true });
    const asked = state.requests.length;
    t += 1_000;
    await feed.quotes(at());
    expect(state.requests).toHaveLength(asked);

    // A malformed answer is an error too; recovery gives a live value again.
    state.status = 200;
    state.body = JSON.stringify({ symbol: "BTCUSDT", price: 68000 });
    t += 5_000;
    expect(await feed.quote(0, at())).toMatchObject({ price: 6_800_050, indicative: true });
    state.body = undefined;
    t += 5_000;
    expect(await feed.quote(0, at())).toMatchObject({ price: 6_800_050, indicative: false });
  });

  it("without any good quote yet, an unreachable ticker falls back to the offline price, indicative", async () => {
    const feed = createTickerPriceFeed("http://127.0.0.1:9/none", { timeoutMs: 500 });
    const now = new Date("2026-11-21T10:00:00Z");
    const [btc, usdt] = await feed.quotes(now);
    expect(btc).toMatchObject({ price: offlineBtcPrice(now.getTime()), indicative: true });
    expect(usdt).toMatchObject({ price: 100, indicative: true });
  });
});
