/**
 * /metrics (backend/ops/metrics.ts, ADR 0080) on a real backend behind a real socket, as server.ts
 * serves it: a trade moves its counters (the call's count and latency, orders by status, database
 * statements), refusals are counted by code, the page is answered to loopback and, from another
 * address, only with the bearer token, and its labels never carry who anyone is.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { fastCalls } from "../../backend/http/fast-call";
import { toNodeHandler } from "../../backend/http/node-adapter";
import { attachChatWebSocket } from "../../backend/modules/chat/ws";
import { createMetrics, metricsEndpoint } from "../../backend/ops/metrics";
import { storeGauges } from "../../backend/ops/metrics-store";
import { createTestBackend, type TestBackend } from "../support/backend";
import { ChatClient, chatAuth } from "../support/chat";
import { expectBooksBalanced, expectOk, makeAdvert, orderActs, parties, placeOrder, type Parties } from "../support/orders";
import { rawRequest } from "../support/raw-http";

const TOKEN = "scrape-token-0123456789";
/** This machine's first non-loopback IPv4 address: a peer that is not loopback, for real. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, k, v] of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

/** The sample named `name` with exactly `labels` (0 when the page has none: a counter not yet touched). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels);
  const hit = samples.find((s) => s.name === name && Object.keys(s.labels).length === want.length && want.every(([k, v]) => s.labels[k] === v));
  return hit?.value ?? 0;
}

const metrics = createMetrics({ storeTtlMs: 0 });
let t: TestBackend;
let p: Parties;
let server: Server;
let chatSocket: ReturnType<typeof attachChatWebSocket>;
let port = 0;

beforeAll(async () => {
  t = await createTestBackend({ metrics });
  p = await parties(t);
  const page = metricsEndpoint(metrics, TOKEN);
  const fast = fastCalls(t.backend);
  const general = toNodeHandler(t.backend.handle);
  server = createServer((req, res) => {
    if (page.take(req)) void page.serve(req, res);
    else if (fast.take(req)) void fast.serve(req, res);
    else void general(req, res);
  });
  // Wired as server.ts wires it.
  chatSocket = attachChatWebSocket(server, t.backend.chat, { heartbeatMs: 60_000 });
  metrics.watchSockets(() => chatSocket.wss.clients.size);
  server.listen(0); // every interface, so a peer can come from outside loopback
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await chatSocket?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await t?.close();
});

async function scrape(host = "127.0.0.1", headers: Record<string, string> = {}) {
  const res = await rawRequest(`http://${host}:${port}/metrics`, { headers });
  return { status: res.status, type: res.headers["content-type"], text: res.bytes.toString("utf8") };
}
const samples = async () => parse((await scrape()).text);

describe("a trade moves its counters", () => {
  it("addOrder's count and latency, orders completed, database statements", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id });
    const acts = orderActs(() => ({ t, p }), 0);
    const before = await samples();
    const orderId = await placeOrder(t, p.seller.token, advertId);
    expectOk(await acts.view(orderId));
    expectOk(await acts.complete(orderId));
    const after = await samples();

    const addOrder = { call: "/client/order/addOrder" };
    const moved = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);
    expect(moved("marketplace_call_duration_seconds_count", addOrder)).toBe(1);
    expect(moved("marketplace_call_duration_seconds_bucket", { ...addOrder, le: "+Inf" })).toBe(1);
    expect(moved("marketplace_call_duration_seconds_bucket", { ...addOrder, le: "10" })).toBe(1);
    expect(moved("marketplace_call_duration_seconds_sum", addOrder)).toBeGreaterThan(0);
    expect(moved("marketplace_call_duration_seconds_count", { call: "/merchant/order/complete" })).toBe(1);
    expect(moved("marketplace_orders", { status: "completed" })).toBe(1);
    expect(moved("marketplace_db_query_duration_seconds_count")).toBeGreaterThan(5);
    expect(moved("marketplace_http_responses_total", { tier: "backend", class: "2xx" })).toBeGreaterThanOrEqual(4);
    await expectBooksBalanced(t);
  });

  it("calls the short way takes are counted, and the catalogue's second read is a hit", async () => {
    const before = await samples();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/client/cardType/getCardType`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(res.status).toBe(200);
    }
    const after = await samples();
    const call = { call: "/client/cardType/getCardType" };
    expect(value(after, "marketplace_call_duration_seconds_count", call) - value(before, "marketplace_call_duration_seconds_count", call)).toBe(2);
    expect(value(after, "marketplace_catalog_cache_reads_total", { result: "hit" }) - value(before, "marketplace_catalog_cache_reads_total", { result: "hit" })).toBeGreaterThanOrEqual(1);
  });

  it("refusals are counted by envelope code and call; an unknown path is one label", async () => {
    const before = await samples();
    await t.call("/userInfo/getProfileInfo", {});
    await t.raw(`/client/no/such/call/${Date.now()}`, {});
    const after = await samples();
    const notSignedIn = { call: "/client/userInfo/getProfileInfo", code: "3" };
    expect(value(after, "marketplace_call_errors_total", notSignedIn) - value(before, "marketplace_call_errors_total", notSignedIn)).toBe(1);
    expect(value(after, "marketplace_call_errors_total", { call: "unknown", code: "5" }) - value(before, "marketplace_call_errors_total", { call: "unknown", code: "5" })).toBe(1);
    expect(after.some((s) => s.labels.call?.startsWith("/client/no/"))).toBe(false);
  });

  it("timers, outboxes, withdrawals and the process itself are on the page", async () => {
    const page = await samples();
    for (const timer of ["auto_cancel_at", "auto_release_at", "auto_arbitration_at", "withdrawal_time_limit"]) {
      expect(page.some((s) => s.name === "marketplace_timers_due" && s.labels.timer === timer)).toBe(true);
      expect(page.some((s) => s.name === "marketplace_timers_late" && s.labels.timer === timer)).toBe(true);
    }
    for (const outbox of ["email", "sms", "push"]) expect(page.some((s) => s.name === "marketplace_outbox_pending" && s.labels.outbox === outbox)).toBe(true);
    expect(page.some((s) => s.name === "marketplace_withdrawals" && s.labels.status === "waiting")).toBe(true);
    expect(value(page, "process_resident_memory_bytes")).toBeGreaterThan(0);
    if (t.kind === "postgres") expect(page.some((s) => s.name === "marketplace_db_pool_connections" && s.labels.state === "idle")).toBe(true);
  });

  it("open chat sockets are counted as they open and close", async () => {
    const open = async () => value(await samples(), "marketplace_chat_websockets_open");
    const before = await open();
    const url = `ws://127.0.0.1:${port}/chat/ws`;
    const seller = await ChatClient.connect(url, await chatAuth(t, p.seller.token));
    const merchant = await ChatClient.connect(url, await chatAuth(t, p.merchant.token));
    expect(await open()).toBe(before + 2);
    await seller.close();
    // The server counts a socket until its close handshake ends on its side too.
    for (let i = 0; i < 50 && (await open()) !== before + 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await open()).toBe(before + 1);
    await merchant.close();
  });

  it("a timer past its deadline is due, and late once the jobs should long have carried it out", async () => {
    const advertId = await makeAdvert(t, { merchantId: p.merchant.id, payLimit: 30 });
    // A day on: the demo world's own waiting orders are long late, and stay so while this one's deadline passes.
    t.clock.advance(24 * 3600_000);
    const before = await samples();
    await placeOrder(t, p.seller.token, advertId);
    const atDeadline = { timer: "auto_cancel_at" };
    const due = (s: Sample[]) => value(s, "marketplace_timers_due", atDeadline);
    const late = (s: Sample[]) => value(s, "marketplace_timers_late", atDeadline);
    t.clock.advance(30 * 60_000 + 30_000); // half a minute past: due, not yet late
    const passed = await samples();
    expect(due(passed) - due(before)).toBe(1);
    expect(late(passed) - late(before)).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(late(await samples()) - late(before)).toBe(1);
  });
});

describe("who is answered", () => {
  it("a loopback peer, in the Prometheus text format", async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it.skipIf(!outside)("another peer only with the bearer token", async () => {
    expect((await scrape(outside)).status).toBe(404);
    expect((await scrape(outside, { authorization: "Bearer wrong-token" })).status).toBe(404);
    // X-Forwarded-For is never believed: the socket's address decides.
    expect((await scrape(outside, { "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
    const ok = await scrape(outside, { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("marketplace_call_duration_seconds");
  });

  it.skipIf(!outside)("without METRICS_TOKEN set, no other peer, whatever it sends", async () => {
    const page = metricsEndpoint(metrics, undefined);
    const alone = createServer((req, res) => void page.serve(req, res));
    alone.listen(0);
    await once(alone, "listening");
    try {
      const at = (alone.address() as AddressInfo).port;
      expect((await rawRequest(`http://${outside}:${at}/metrics`, { headers: { authorization: "Bearer " } })).status).toBe(404);
      expect((await rawRequest(`http://127.0.0.1:${at}/metrics`)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => alone.close(() => resolve()));
    }
  });

  it("labels name calls, routes, codes and states, never a person", async () => {
    const res = await scrape();
    const ours = parse(res.text).filter((s) => s.name.startsWith("marketplace_"));
    expect(ours.length).toBeGreaterThan(20);
    const allowed = new Set(["call", "class", "code", "le", "outbox", "result", "route", "state", "status", "tier", "timer"]);
    expect([...new Set(ours.flatMap((s) => Object.keys(s.labels)))].filter((n) => !allowed.has(n))).toEqual([]);
    for (const secret of [p.seller.token, p.merchant.token, DEMO_LOGINS.seller, DEMO_LOGINS.merchants[0], DEMO_LOGINS.password]) expect(res.text).not.toContain(secret);
  });
});

describe("the database's gauges are kept between scrapes", () => {
  it("a second scrape within the time kept reads nothing again", async () => {
    const registry = new Registry();
    storeGauges(registry, "kept_", { db: t.db, clock: t.clock }, 60_000);
    const pending = async () => value(parse(await registry.metrics()), "kept_outbox_pending", { outbox: "email" });
    const first = await pending();
    await t.db.insertInto("outbox").values({ channel: "email", recipient: "kept@example.test", type: "test", code: null, body: "-", created_at: t.clock.now() }).execute();
    expect(await pending()).toBe(first);
    // The page of a zero-time registry sees the row at once.
    expect(value(await samples(), "marketplace_outbox_pending", { outbox: "email" })).toBe(first + 1);
  });
});
