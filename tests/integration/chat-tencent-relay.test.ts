/**
 * The relay to Tencent Cloud Chat (backend/modules/chat/tencent-relay.ts, ADR 0011),
 * against a stand-in for Tencent's REST API on 127.0.0.1 that checks every call is
 * signed as the administrator: open orders' groups are created with their seller and
 * buyer, once; system messages go out from 88888888 in commit order, at least once,
 * picking up after a failure where they stopped; finished orders get no group.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTencentRelay, TIM_GROUP_EXISTS, timRest, type TencentRelay } from "../../backend/modules/chat/tencent-relay";
import { verifyUserSig } from "../../backend/modules/chat/tls-sig";
import { makeAdvert, placeOrder, setUpOrderTests, staff, expectOk, type Parties } from "../support/orders";
import type { TestBackend } from "../support/backend";

const KEY = { sdkAppId: 1400012345, secretKey: "relay-test-secret-key-0123456789abcdef" };

interface Call {
  command: string;
  body: any;
}
let calls: Call[] = [];
let answer: (command: string, body: any) => { status?: number; json?: object } = () => ({});
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const u = new URL(req.url ?? "/", "http://x");
      const command = u.pathname.replace(/^\/v4\//, "");
      const sig = verifyUserSig(KEY, u.searchParams.get("usersig") ?? "", "administrator");
      const signed = u.searchParams.get("sdkappid") === String(KEY.sdkAppId) && u.searchParams.get("identifier") === "administrator" && sig.ok;
      if (!signed || u.searchParams.get("contenttype") !== "json") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ActionStatus: "FAIL", ErrorCode: 70001, ErrorInfo: "bad sig" }));
        return;
      }
      const body = JSON.parse(raw);
      calls.push({ command, body });
      const a = answer(command, body);
      res.writeHead(a.status ?? 200, { "content-type": "application/json" }).end(JSON.stringify(a.json ?? { ActionStatus: "OK", ErrorCode: 0 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

let t: TestBackend;
let p: Parties;
let relay: TencentRelay;
const logs: string[] = [];
setUpOrderTests((world) => {
  ({ t, p } = world);
  relay = createTencentRelay(t.db, timRest({ TIM_REST_URL: url, TIM_ADMIN: "administrator" }, KEY), () => t.clock.now(), (l) => logs.push(l));
});

const only = (command: string) => calls.filter((c) => c.command === command).map((c) => c.body);

describe("relay to Tencent Cloud Chat", () => {
  it("starts at the newest system message, then creates an open order's group once, with its members imported", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id });
    const before = await placeOrder(t, p.seller.token, advert);
    calls = [];
    // First sweep: the group of the order placed before is created; its 'Order created' is history (not sent).
    expect(await relay.sweep()).toEqual({ groups: 1, messages: 0 });
    expect(only("im_open_login_svc/multiaccount_import")).toEqual([{ Accounts: [String(p.seller.id), String(p.merchant.id)] }]);
    expect(only("group_open_http_svc/create_group")).toEqual([
      {
        Type: "Private",
        GroupId: String(before),
        Name: `Order ${before}`,
        MemberList: [{ Member_Account: String(p.seller.id) }, { Member_Account: String(p.merchant.id) }],
      },
    ]);
    calls = [];
    expect(await relay.sweep()).toEqual({ groups: 0, messages: 0 });
    expect(calls).toEqual([]);
  });

  it("sends new system messages from 88888888 in order; after a failure it resumes where it stopped", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id });
    calls = [];
    let failSends = 1;
    answer = (command) => (command === "openim/sendmsg" && failSends-- > 0 ? { status: 500 } : {});
    // The seller's order, then seller2's: their 'Order created' messages go out in that order.
    await placeOrder(t, p.seller.token, advert);
    await placeOrder(t, p.seller2.token, advert);

    // The group of a is created; the first sendmsg fails: nothing is marked sent.
    expect(await relay.sweep()).toEqual({ groups: 2, messages: 0 });
    expect(logs.some((l) => l.includes("system messages") && l.includes("HTTP 500"))).toBe(true);
    expect(only("im_open_login_svc/account_import")).toEqual([{ UserID: "88888888", Nick: "System" }]);
    calls = [];
    expect(await relay.sweep()).toEqual({ groups: 0, messages: 2 });
    const sent = only("openim/sendmsg");
    expect(sent.map((m) => [m.From_Account, m.To_Account])).toEqual([
      ["88888888", String(p.seller.id)],
      ["88888888", String(p.seller2.id)],
    ]);
    expect(sent[0].MsgBody[0].MsgType).toBe("TIMTextElem");
    expect(sent[0].MsgBody[0].MsgContent.Text).toMatch(new RegExp(`^Order created\\n`));
    expect(sent[1].MsgBody[0].MsgContent.Text).toMatch(new RegExp(`^Order created\n`));
    expect(sent[0].MsgRandom).toBeLessThan(sent[1].MsgRandom);
    calls = [];
    expect(await relay.sweep()).toEqual({ groups: 0, messages: 0 });
  });

  it("an existing group counts as created; a finished order gets none", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id });
    answer = (command) => (command === "group_open_http_svc/create_group" ? { json: { ActionStatus: "FAIL", ErrorCode: TIM_GROUP_EXISTS, ErrorInfo: "group id used" } } : {});
    await placeOrder(t, p.seller.token, advert);
    expect((await relay.sweep()).groups).toBe(1);

    answer = () => ({});
    const done = await placeOrder(t, p.seller.token, advert);
    expectOk(await staff(t, "/merchant/order/view", { id: done }, p.merchant.token));
    expectOk(await staff(t, "/merchant/order/complete", { id: done }, p.merchant.token));
    calls = [];
    const r = await relay.sweep();
    expect(r.groups).toBe(0);
    expect(only("group_open_http_svc/create_group")).toEqual([]);
    expect(r.messages).toBeGreaterThanOrEqual(2); // created, viewed, completed: still told to the seller
  });
});
