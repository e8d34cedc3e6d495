/**
 * Structured logs (ADR 0081), on PGlite and PostgreSQL: one line per request on each tier with the
 * same request id (the web tier's, passed to the backend as X-Request-Id), its route or call,
 * status, envelope code, duration and user id; and a whole walkthrough's lines hold none of the
 * secrets it typed or was given (passwords, tokens, card codes, verification codes, TOTP secret).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash, randomUUID } from "node:crypto";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFor, type ApiLoadContext } from "~/services/kit/caller.server";
import { commitSession, getSession } from "~/session.server";
import { Code } from "../../contract/envelope";
import { webRouteOf } from "../../contract/request-id";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { fastCalls } from "../../backend/http/fast-call";
import { routerExports } from "../../backend/http/route-matching";
import { createLogger, webRequestLog } from "../../backend/ops/log";
import { createTestBackend, type TestBackend } from "../support/backend";
import { makeImage } from "../support/images";
import { apiOver, demoTokens, marksFor, writePersonalData } from "../support/personal-data";

const WEB_TIER_SECRET = "log-test-web-tier-secret";

/** Every line a logger writes, parsed. */
function captured() {
  const lines: Record<string, unknown>[] = [];
  const text: string[] = [];
  const logger = createLogger({ destination: { write: (line: string) => void (text.push(line), lines.push(JSON.parse(line) as Record<string, unknown>)) } });
  return { logger, lines, text };
}

const backendLog = captured();
const webLog = captured();
let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend({ logger: backendLog.logger, env: { WEB_TIER_SECRET } });
});
afterAll(async () => {
  await t?.close();
});

const requests = (lines: Record<string, unknown>[], reqId: string) => lines.filter((l) => l.reqId === reqId && l.msg === "request");

/** A page of the web tier on Node: its request line (server.ts's) and a loader calling the backend in-process through the real caller. */
async function startWebTier(trusted: boolean): Promise<{ url: string; server: Server }> {
  const routes = {
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", path: "home" },
  };
  const web = express();
  web.use(webRequestLog(webLog.logger, { trustedProxy: () => trusted, routeOf: webRouteOf(routes, routerExports().matchRoutes) }));
  web.get("/home", async (req, res) => {
    const request = new Request(`http://web.internal${req.url}`, { headers: { cookie: req.headers.cookie ?? "" } });
    const context: ApiLoadContext = {
      clientApi: (r) => t.backend.handle(r, { trusted: true }),
      answerCall: (path, call) => t.backend.answerCall(path, call, { trusted: true }),
      requestNote: res.locals.requestNote,
    };
    const api = await apiFor(request, context as unknown as Parameters<typeof apiFor>[1]);
    const profile = await api.call("/userInfo/getProfileInfo", {});
    res.status(profile.ok ? 200 : 500).send("home");
  });
  const server = createServer(web);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A browser's session cookie, signed in as `token`. */
async function sessionCookie(token: string, userId: number): Promise<string> {
  const session = await getSession(new Request("http://web.internal/"));
  session.set("token", token);
  session.set("profile", { id: userId, nickname: "Seller", avatar: "", isBusiness: false, level: 0 } as never);
  return (await commitSession(session)).split(";")[0]!;
}

describe("one request id across the tiers", () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    token = await t.login(DEMO_LOGINS.seller);
    userId = (await t.call("/userInfo/getProfileInfo", {}, { token })).data.profile.id;
  });

  it("a trusted proxy's X-Request-Id is the web line's and the backend line's; route, status, code, ms and user id in both", async () => {
    const { url, server } = await startWebTier(true);
    try {
      const reqId = `nginx${randomUUID().replace(/-/g, "")}`;
      const res = await fetch(`${url}/home?promo=secret-looking-query`, { headers: { "x-request-id": reqId, cookie: await sessionCookie(token, userId) } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-request-id")).toBe(reqId);
      await res.text();
      await new Promise((r) => setTimeout(r, 20)); // the line is written when the response closes
      expect(requests(webLog.lines, reqId)).toEqual([expect.objectContaining({ reqId, tier: "web", method: "GET", route: "routes/home", status: 200, userId, ms: expect.any(Number) })]);
      expect(requests(backendLog.lines, reqId)).toEqual([
        expect.objectContaining({ reqId, tier: "backend", method: "POST", route: "/client/userInfo/getProfileInfo", status: 200, code: Code.OK, userId, ms: expect.any(Number) }),
      ]);
      const both = [...webLog.text, ...backendLog.text].join("");
      expect(both).not.toContain("secret-looking-query");
      expect(both).not.toContain(token);
    } finally {
      server.close();
    }
  });

  it("from anyone else the web tier makes its own id, and that one reaches the backend", async () => {
    const { url, server } = await startWebTier(false);
    try {
      const forged = `forged${randomUUID().replace(/-/g, "")}`;
      const res = await fetch(`${url}/home`, { headers: { "x-request-id": forged, cookie: await sessionCookie(token, userId) } });
      await res.text();
      const reqId = res.headers.get("x-request-id")!;
      expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(requests(backendLog.lines, forged)).toEqual([]);
      expect(requests(backendLog.lines, reqId)).toEqual([expect.objectContaining({ route: "/client/userInfo/getProfileInfo", userId })]);
    } finally {
      server.close();
    }
  });

  it("the backend keeps the id of a web tier that shows its secret, and answers with it; a stranger's is replaced", async () => {
    const call = (headers: Record<string, string>) =>
      t.backend.handle(new Request("http://test/client/cardType/getCardType", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" }), { remoteAddress: "203.0.113.9" });
    const given = `edge${randomUUID().replace(/-/g, "")}`;
    const kept = await call({ "x-request-id": given, "x-web-tier": WEB_TIER_SECRET });
    expect(kept.headers.get("x-request-id")).toBe(given);
    expect(requests(backendLog.lines, given)).toEqual([expect.objectContaining({ tier: "backend", route: "/client/cardType/getCardType", status: 200, code: Code.OK })]);
    expect(requests(backendLog.lines, given)[0]).not.toHaveProperty("userId");

    const stranger = `fake${randomUUID().replace(/-/g, "")}`;
    const replaced = await call({ "x-request-id": stranger });
    expect(replaced.headers.get("x-request-id")).not.toBe(stranger);
    expect(requests(backendLog.lines, stranger)).toEqual([]);
    expect(requests(backendLog.lines, replaced.headers.get("x-request-id")!)).toHaveLength(1);
  });

  it("the fast path logs its call too, with the code of a refusal, and answers with the id", async () => {
    const fast = fastCalls(t.backend);
    const server = createServer((req, res) => (fast.take(req) ? void fast.serve(req, res) : res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const reqId = `proxy${randomUUID().replace(/-/g, "")}`; // from loopback: a trusted proxy (the default TRUSTED_PROXIES)
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/client/userInfo/getProfileInfo`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": reqId, authorization: "not-a-token" },
        body: "{}",
      });
      expect(res.headers.get("x-request-id")).toBe(reqId);
      const envelope = (await res.json()) as { code: number };
      expect(envelope.code).not.toBe(Code.OK);
      expect(requests(backendLog.lines, reqId)).toEqual([expect.objectContaining({ route: "/client/userInfo/getProfileInfo", status: 200, code: envelope.code })]);
      expect(backendLog.text.join("")).not.toContain("not-a-token");
    } finally {
      server.close();
    }
  });

  it("a path no call is defined at is logged as unknown, never as the text it was", async () => {
    const res = await t.raw("/client/nothing/here-123-abc", {});
    expect(res.status).toBe(404);
    const reqId = res.headers.get("x-request-id")!;
    expect(requests(backendLog.lines, reqId)).toEqual([expect.objectContaining({ route: "unknown", status: 404, code: Code.NOT_FOUND })]);
  });
});

describe("a walkthrough's log lines hold no secret", () => {
  it("sign-in, codes, a sale by code and by picture, chat, 2FA, a new pay password and a withdrawal with it: none of their secrets is logged", async () => {
    const from = backendLog.lines.length;
    const tag = `lg${randomUUID().replace(/-/g, "").slice(0, 10)}`;
    const api = apiOver((req) => t.backend.handle(req, { trusted: true }));
    const tokens = await demoTokens(api);
    const written = await writePersonalData(api, marksFor(tag), tokens);
    const seller = written.seller;
    const secrets: string[] = [DEMO_LOGINS.password, DEMO_LOGINS.tradePassword, tokens.seller, tokens.withdrawer, tokens.admin, written.merchant, written.twoFactorSecret, tag];

    // A card sold by its code, and one by its picture, to the merchant the walk sold to.
    const sold = { code: 0, picture: 0 };
    const types = await api.ok<{ list: { id: number }[] }>("/cardType/getCardType");
    for (const type of types.list) {
      const { list } = await api.ok<{ list: { id: number; cardType: number; minTrade: number }[] }>("/advert/getAdvertList", { cardTypeId: type.id });
      for (const advert of list) {
        const byCode = advert.cardType === 1;
        if ((byCode ? sold.code : sold.picture) > 0) continue;
        const { secret } = await api.ok<{ secret: string }>("/advert/getAdvertDetail", { id: advert.id }, seller);
        secrets.push(secret);
        const tradeAmount = Math.max(advert.minTrade, 1_000);
        if (byCode) {
          const cardCode = `${tag.toUpperCase()}K${advert.id}`;
          secrets.push(cardCode);
          if ((await api.call("/order/addOrder", { advertId: advert.id, tradeAmount, cardCode, secret }, seller)).code === Code.OK) sold.code++;
        } else {
          const form = new FormData();
          form.set("file", new File([new Uint8Array(await makeImage("jpeg", 320, 200))], "card.jpg", { type: "image/jpeg" }));
          form.set("type", "order");
          // The image key (SHA-256 of the offer's secret) is a secret too.
          const imageKey = createHash("sha256").update(secret, "utf8").digest("hex");
          secrets.push(imageKey);
          form.set("secret", imageKey);
          const upload = await t.backend.handle(new Request("http://test/client/image/uploadImage", { method: "POST", headers: { Authorization: seller, IPv4: "10.0.0.31" }, body: form }), { trusted: true });
          const up = (await upload.json()) as { code: number; data: { path: string } };
          expect(up.code, JSON.stringify(up)).toBe(Code.OK);
          if ((await api.call("/order/addOrder", { advertId: advert.id, tradeAmount, cardImg: up.data.path, secret }, seller)).code === Code.OK) sold.picture++;
        }
      }
      if (sold.code && sold.picture) break;
    }
    expect(sold).toEqual({ code: 1, picture: 1 });

    // A verification code sent, a new pay password set with it, a withdrawal with that password.
    const sellerEmail = DEMO_LOGINS.seller;
    await api.ok("/userAuth/sendCodeByEmail", { type: "TRADE_PWD" }, seller);
    const code = await t.latestCode(sellerEmail, "TRADE_PWD");
    const newPayPassword = "918273";
    await api.ok("/userAuth/updateTradePassword", { tradePwd: newPayPassword, type: "EMAIL", code }, seller);
    const offer = (await api.ok<{ withdrawer: { id: number; minTrade: number } }>("/merchant/withdrawer/getSettings", {}, tokens.withdrawer)).withdrawer;
    await api.ok("/userWithdraw/applyWithdraw", { withdrawerId: offer.id, amount: Math.max(offer.minTrade, 10_000), userPaymentId: written.accountId, tradePwd: newPayPassword }, seller);
    // A wrong one too: refused, and still not logged.
    const wrongPay = "564738";
    expect((await api.call("/userWithdraw/applyWithdraw", { withdrawerId: offer.id, amount: Math.max(offer.minTrade, 10_000), userPaymentId: written.accountId, tradePwd: wrongPay }, seller)).code).not.toBe(Code.OK);
    secrets.push(code, newPayPassword, wrongPay);

    // Each line without its clock, process id and duration: numbers a six-digit code could match by chance.
    const logged = backendLog.lines.slice(from).map(({ time, pid, ms, ...rest }) => JSON.stringify(rest)).join("\n");
    // The walk was logged, call by call, with the seller's id.
    expect(logged).toContain('"route":"/client/userWithdraw/applyWithdraw"');
    expect(logged).toContain('"route":"/client/order/addOrder"');
    expect(logged).toContain('"route":"/chat/api/send"');
    for (const secret of secrets) expect(logged, `a secret in the logs: ${secret.slice(0, 4)}…`).not.toContain(secret);
    // The walk's own card codes (writePersonalData's CODE-<uuid>), whatever they were.
    expect(logged).not.toMatch(/CODE-[0-9a-f]{8}/);
  });
});
