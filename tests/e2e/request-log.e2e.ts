/**
 * Structured logs on the real server process (ADR 0081): its stdout is JSON lines; a page's request
 * and the backend calls behind it carry one request id (a trusted proxy's X-Request-Id: loopback is
 * one by default), the page's Remix route id and the signed-in user's id; and signing in through
 * the form, with JavaScript on and off, leaves neither the password nor the session cookie in the logs.
 */
import { describe, expect, test } from "vitest";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { signInByForm } from "./support/browser";
import { onEdge } from "./support/server";
import { useServerAndBrowser } from "./support/suite";

const e2e = useServerAndBrowser();

/** The server's output as JSON lines (anything else, e.g. a stack Remix prints, is left out). */
function jsonLines(): Record<string, unknown>[] {
  return e2e.server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const who = { email: DEMO_LOGINS.seller, password: DEMO_LOGINS.password };
const waitForLines = () => new Promise((r) => setTimeout(r, 200));

describe.skipIf(onEdge())("request lines on Node", () => {
  test("one id from the proxy on the page's line and on the backend calls behind it, with route, status and user id", async () => {
    const cookie = (await fetch(`${e2e.server.url}/login`, { method: "POST", body: new URLSearchParams({ type: "EMAIL", email: who.email, loginPwd: who.password }), headers: { origin: e2e.server.url }, redirect: "manual" }))
      .headers.getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
    const reqId = `0123456789abcdef${Date.now().toString(16).padStart(16, "0")}`;
    const homeCount = async () => {
      const page = await (await fetch(`${e2e.server.url}/metrics`)).text();
      return Number(/^marketplace_route_duration_seconds_count\{route="routes\/_main\.home"\} (\d+)$/m.exec(page)?.[1] ?? 0);
    };
    const countedBefore = await homeCount();
    const res = await fetch(`${e2e.server.url}/home?ref=should-not-be-logged`, { headers: { cookie, "x-request-id": reqId } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe(reqId);
    await res.text();
    await waitForLines();

    const lines = jsonLines().filter((l) => l.reqId === reqId && l.msg === "request");
    const web = lines.filter((l) => l.tier === "web");
    const backend = lines.filter((l) => l.tier === "backend");
    expect(web).toEqual([expect.objectContaining({ method: "GET", route: "routes/_main.home", status: 200, userId: expect.any(Number), ms: expect.any(Number) })]);
    expect(backend.length).toBeGreaterThan(0);
    // The calls (with their envelope code) and the chat's unread count (by its API name).
    for (const line of backend) {
      expect(line).toMatchObject({ method: "POST", status: 200, route: expect.stringMatching(/^\/(client|merchant|admin)\/|^\/chat\/api\/[A-Za-z]+$/) });
      if (String(line.route).startsWith("/client/")) expect(line.code).toEqual(expect.any(Number));
    }
    // A call that never looks at the user (the banners) does not open the session: no user id there.
    expect(new Set(backend.map((l) => l.userId).filter((id) => id !== undefined))).toEqual(new Set([web[0]!.userId]));
    expect(e2e.server.output()).not.toContain("should-not-be-logged");
    expect(e2e.server.output()).not.toContain(cookie.split("=")[1]!.slice(0, 40));
    // The line's route is the one /metrics counted the request under (one hook feeds both).
    expect((await homeCount()) - countedBefore).toBe(1);
  });

  for (const js of [true, false]) {
    test(`signing in through the form (JavaScript ${js ? "on" : "off"}) logs the sign-in call, never the password or the cookie`, async () => {
      await e2e.withPage(js, async (page, context) => {
        await signInByForm(page, e2e.server.url, js, who, "/home");
        await waitForLines();
        const session = (await context.cookies()).find((c) => c.name === "__session");
        expect(session).toBeTruthy();
        const output = e2e.server.output();
        expect(output).toContain('"route":"/client/userAuth/login"');
        // The web tier's line for the post: the page's own route id, by ?_data= or by its path.
        const post = jsonLines().filter((l) => l.tier === "web" && l.method === "POST" && l.route === "routes/_main.login");
        expect(post.length).toBeGreaterThan(0);
        // The line of the very request that signs in names who signed in.
        const home = jsonLines().filter((l) => l.tier === "web" && l.route === "routes/_main.home" && l.userId !== undefined);
        expect(post.at(-1)!.userId).toEqual(expect.any(Number));
        expect(post.at(-1)!.userId).toBe(home.at(-1)?.userId);
        expect(output).not.toContain(who.password);
        expect(output).not.toContain(session!.value.slice(0, 40));
      });
    });
  }
});
