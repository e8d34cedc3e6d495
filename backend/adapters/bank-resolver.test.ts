/**
 * The account-name resolvers (ADR 0053): the provider implementation against a local stand-in of a
 * Paystack-shaped "resolve account number" API (a real HTTP server on loopback), and the demo banks.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDemoBankResolver, createProviderBankResolver, openBankResolver } from "./bank-resolver";
import { DEMO_BANK_ACCOUNTS, DEMO_KNOWN_ACCOUNTS } from "../demo/bank-directory";
import { NGN_BANK_CODES } from "../db/migrations/028-bank-codes";
import { accountNumberProblem } from "../../contract/bank-accounts";
import { readBackendConfig } from "../config";

const ADA = { bankCode: "058", accountNumber: "0123456785", typedName: "Ada Okafor" };

describe("provider (Paystack-shaped)", () => {
  let server: Server;
  let url: string;
  /** What the stand-in answers next, and what it was asked. */
  const stand = {
    status: 200,
    body: "" as string,
    delayMs: 0,
    asked: [] as { path: string; query: Record<string, string>; authorization: string | undefined }[],
  };
  const answer = (status: number, body: unknown) => {
    stand.status = status;
    stand.body = typeof body === "string" ? body : JSON.stringify(body);
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url ?? "/", "http://stand-in");
      stand.asked.push({ path: u.pathname, query: Object.fromEntries(u.searchParams), authorization: req.headers.authorization });
      const send = () => res.writeHead(stand.status, { "content-type": "application/json" }).end(stand.body);
      if (stand.delayMs) setTimeout(send, stand.delayMs);
      else send();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    stand.asked = [];
    stand.delayMs = 0;
  });

  const resolver = (timeoutMs = 2_000) => createProviderBankResolver(url, "sk_test_123", { timeoutMs, log: () => {} });

  it("asks GET /bank/resolve with the number, the bank code and the key, and answers the holder's name", async () => {
    answer(200, { status: true, message: "Account number resolved", data: { account_number: "0123456785", account_name: "  ADA  CHIOMA OKAFOR ", bank_id: 9 } });
    expect(await resolver().resolve(ADA)).toEqual({ found: true, accountName: "ADA CHIOMA OKAFOR" });
    expect(stand.asked).toEqual([{ path: "/bank/resolve", query: { account_number: "0123456785", bank_code: "058" }, authorization: "Bearer sk_test_123" }]);
  });

  it("a refusal is 'no such account': status false, or a 4xx such as Paystack's 422", async () => {
    answer(200, { status: false, message: "Could not resolve account name." });
    expect(await resolver().resolve(ADA)).toEqual({ found: false, reason: "notFound" });
    answer(422, { status: false, message: "Could not resolve account name. Check parameters or try again." });
    expect(await resolver().resolve(ADA)).toEqual({ found: false, reason: "notFound" });
    answer(400, { status: false, message: "Unknown bank code: 058" });
    expect(await resolver().resolve(ADA)).toEqual({ found: false, reason: "notFound" });
  });

  it("no answer in time is 'unavailable', well within the caller's patience", async () => {
    answer(200, { status: true, data: { account_number: "0123456785", account_name: "ADA OKAFOR" } });
    stand.delayMs = 1_500;
    const started = Date.now();
    expect(await resolver(300).resolve(ADA)).toEqual({ found: false, reason: "unavailable" });
    expect(Date.now() - started).toBeLessThan(1_200);
  });

  it("an answer it cannot read, a refused key, a rate limit or a server error is 'unavailable', never a name", async () => {
    const cases: [number, unknown][] = [
      [200, "<html>gateway</html>"],
      [200, { status: true }],
      [200, { status: true, data: { account_number: "0123456785", account_name: "" } }],
      [200, { status: true, data: { account_number: "0123456785", account_name: 42 } }],
      // An answer about another account.
      [200, { status: true, data: { account_number: "9999999999", account_name: "SOMEONE ELSE" } }],
      [200, { message: "ok", data: { account_number: "0123456785", account_name: "ADA OKAFOR" } }],
      [401, { status: false, message: "Invalid key" }],
      [403, { status: false, message: "Forbidden" }],
      [429, { status: false, message: "Too many requests" }],
      [500, { status: false, message: "Server error" }],
      [503, "down"],
    ];
    for (const [status, body] of cases) {
      answer(status, body);
      expect(await resolver().resolve(ADA), `${status} ${JSON.stringify(body)}`).toEqual({ found: false, reason: "unavailable" });
    }
  });

  it("a provider nobody answers at is 'unavailable'", async () => {
    const gone = createProviderBankResolver("http://127.0.0.1:9/api", "k", { timeoutMs: 500, log: () => {} });
    expect(await gone.resolve(ADA)).toEqual({ found: false, reason: "unavailable" });
  });

  it("the config chooses the provider when BANK_RESOLVE_URL is set (with its key), the demo banks otherwise", () => {
    const config = (env: Record<string, string> = {}) => readBackendConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/bank-resolver-test", ...env });
    expect(config()).toMatchObject({ BANK_RESOLVE_TIMEOUT_MS: 5_000, BANK_RESOLVE_LIMIT_PER_USER: 30 });
    expect(openBankResolver(config(), []).kind).toBe("demo");
    expect(openBankResolver(config({ BANK_RESOLVE_URL: url, BANK_RESOLVE_KEY: "k" }), []).kind).toBe("provider");
    expect(() => config({ BANK_RESOLVE_URL: url })).toThrow("BANK_RESOLVE_KEY: required with BANK_RESOLVE_URL");
  });
});

describe("demo banks", () => {
  const demo = createDemoBankResolver(DEMO_KNOWN_ACCOUNTS);

  it("know the demo users' accounts by name, whatever was typed", async () => {
    expect(await demo.resolve({ bankCode: "058", accountNumber: "0125874695", typedName: "Someone" })).toEqual({ found: true, accountName: "ADA OKAFOR" });
    expect(await demo.resolve({ bankCode: "999992", accountNumber: "8000000001", typedName: "x" })).toEqual({ found: true, accountName: "ADA OKAFOR" });
    expect(await demo.resolve({ bankCode: "044", accountNumber: "0698732151", typedName: "x" })).toEqual({ found: true, accountName: "TUNDE BELLO" });
  });

  it("answer any other number with the name typed, and refuse the closed account", async () => {
    expect(await demo.resolve({ ...ADA, typedName: "  Ada Obi " })).toEqual({ found: true, accountName: "Ada Obi" });
    // The seller's GTBank number at another bank is not the seller's account.
    expect(await demo.resolve({ bankCode: "044", accountNumber: "0125874695", typedName: "Ada Obi" })).toEqual({ found: true, accountName: "Ada Obi" });
    expect(await demo.resolve({ bankCode: "057", accountNumber: "1049382719", typedName: "Ada Obi" })).toEqual({ found: false, reason: "notFound" });
  });

  it("every account they know passes its bank's check", () => {
    for (const a of DEMO_BANK_ACCOUNTS) {
      const code = NGN_BANK_CODES[a.bank]!;
      expect(accountNumberProblem({ nameEn: a.bank, code, phoneAccounts: a.bank === "Opay" || a.bank === "PalmPay" }, a.accountNumber), a.accountNumber).toBeNull();
    }
  });
});
