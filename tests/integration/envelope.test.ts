/**
 * The response envelope and the HTTP surface of the backend (docs/product/calls.md, docs/product/messages.md):
 * routing, methods, bodies, the optional `encrypt` field, the dev outbox, and
 * what must never leak (stack traces, passwords).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { decryptResponse } from "../../app/services/kit/response-crypto";
import { Code } from "../../contract/envelope";
import { calls, clientPaths } from "../../contract/index";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { decryptData } from "../../backend/http/response-crypto";
import { useBackend } from "../support/use-backend";

const SELLER = DEMO_LOGINS.seller;
const PWD = DEMO_LOGINS.password;

/** Lines of a JavaScript stack trace, or file positions, in a response body. */
const STACK = /\n\s*at |\bat [\w$.<>]+ \(|\bat (file|node):|node:internal|\.(ts|js|mjs):\d+:\d+/;

async function readJson(res: Response) {
  const text = await res.text();
  return { text, body: JSON.parse(text) };
}

describe("routing, methods and bodies", () => {
  const t = useBackend();

  it("an unknown /client path answers HTTP 404 with a failure envelope", async () => {
    const res = await t.b.raw("/client/userAuth/nothingHere", {});
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const { body } = await readJson(res);
    expect(body.code).not.toBe(Code.OK);
    expect(body.msg).toContain("/userAuth/nothingHere");
    expect(body.data).toBeUndefined();
  });

  it("paths beside /client answer 404 too", async () => {
    for (const path of ["/client", "/client/", "/nothing", "/client/userAuth/login/extra", "/client/__proto__", "/client/constructor"]) {
      const res = await t.b.raw(path, {});
      expect(res.status, path).toBe(404);
      const { body } = await readJson(res);
      expect(body.code, path).not.toBe(Code.OK);
    }
  });

  it("GET (or PUT) on a /client path is no success", async () => {
    const get = await t.b.raw("/client/userAuth/login", undefined, { method: "GET" });
    expect(get.status).not.toBe(200);
    const { body } = await readJson(get);
    expect(body.code).not.toBe(Code.OK);
    expect(body.data).toBeUndefined();
    const put = await t.b.raw("/client/systemConfig/getSystemConfig", {}, { method: "PUT" });
    expect(put.status).not.toBe(200);
    expect((await readJson(put)).body.code).not.toBe(Code.OK);
  });

  it("an invalid JSON body answers code 2 'Request body must be JSON.'", async () => {
    for (const text of ["{not json", "{\"loginName\":", "undefined", "'single'"]) {
      const res = await t.b.raw("/client/userAuth/login", text);
      expect(res.status).toBe(200);
      const { body } = await readJson(res);
      expect(body).toEqual({ code: Code.INVALID, msg: "Request body must be JSON." });
    }
  });

  it("JSON that is no object answers code 2", async () => {
    for (const text of ["[]", "\"text\"", "42", "true"]) {
      const { body } = await readJson(await t.b.raw("/client/userAuth/login", text));
      expect(body.code, text).toBe(Code.INVALID);
      expect(body.msg, text).toBeTruthy();
    }
  });

  it("an empty body is an empty object: calls without parameters succeed", async () => {
    const { body } = await readJson(await t.b.raw("/client/userAuth/logout", ""));
    expect(body).toEqual({ code: Code.OK, data: null });
  });

  it("a success envelope is {code: 1, data}", async () => {
    const res = await t.b.raw("/client/userAuth/login", { loginName: SELLER, loginPwd: PWD, type: "EMAIL" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { body } = await readJson(res);
    expect(Object.keys(body).sort()).toEqual(["code", "data"]);
    expect(body.code).toBe(Code.OK);
    expect(typeof body.data.token).toBe("string");
  });

  it("an upload call given JSON instead of multipart answers code 2, not a server error", async () => {
    const token = await t.b.login(SELLER);
    const { body } = await readJson(await t.b.raw("/client/image/uploadImage", { file: "x", type: "avatar" }, { token }));
    expect(body.code).toBe(Code.INVALID);
    expect(body.msg).toBeTruthy();
  });
});

describe("no bad input gives a 500 or a stack trace", () => {
  const t = useBackend();
  let token: string;
  beforeAll(async () => {
    token = await t.b.login(SELLER);
  });

  const garbage: (string | Record<string, unknown>)[] = [
    "{oops",
    "[]",
    "null",
    "\"x\"",
    {},
    { id: "abc", lastId: -1, type: "zzz", status: 99, email: 5, phone: [], code: {}, tradePwd: null },
    { id: 1e30, amount: -5, tradeAmount: "lots", page: { pageIndex: -1, pageSize: 1e9 } },
    { loginName: "x".repeat(5000), loginPwd: "y".repeat(5000), type: "EMAIL", remark: "\u0000\uffff" },
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"bad":1}}}',
  ];

  it("for every /client call, anonymous and signed in", async () => {
    const problems: string[] = [];
    for (const path of clientPaths) {
      for (const body of garbage) {
        for (const auth of [undefined, token]) {
          const res = await t.b.raw(`/client${path}`, body, auth ? { token: auth } : {});
          const text = await res.text();
          const label = `${path} ${typeof body === "string" ? body : JSON.stringify(body).slice(0, 40)} ${auth ? "signed-in" : "anonymous"}`;
          if (res.status >= 500) problems.push(`${label}: HTTP ${res.status}`);
          if (STACK.test(text)) problems.push(`${label}: stack in ${text.slice(0, 120)}`);
          let parsed: { code?: unknown } | undefined;
          try {
            parsed = JSON.parse(text);
          } catch {
            problems.push(`${label}: not JSON`);
          }
          if (parsed && typeof parsed.code !== "number") problems.push(`${label}: no code`);
          // The auth calls are ours: bad input there is a refusal, never an internal error.
          if (path.startsWith("/userAuth/") && parsed?.code === Code.INTERNAL) problems.push(`${label}: internal error`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("nor for odd paths and methods", async () => {
    for (const [path, method] of [
      ["/client/%E0%A4%A", "POST"],
      ["/client/../dev/outbox", "GET"],
      ["/dev/outbox", "POST"],
      ["/client/userAuth/login?x=1", "DELETE"],
    ] as const) {
      const res = await t.b.raw(path, {}, { method });
      expect(res.status, path).toBeLessThan(500);
      expect(STACK.test(await res.text()), path).toBe(false);
    }
  });

  it("every contract path is routed (none answers 404)", async () => {
    for (const path of Object.keys(calls)) {
      const res = await t.b.raw(`/client${path}`, {}, { token });
      expect(res.status, path).not.toBe(404);
    }
  });
});

describe("passwords never appear in responses", () => {
  const t = useBackend();

  it("login, register and profile answers hold no password or hash", async () => {
    const login = await t.b.raw("/client/userAuth/login", { loginName: SELLER, loginPwd: PWD, type: "EMAIL" });
    const loginText = await login.text();
    expect(loginText).not.toContain(PWD);
    const token = JSON.parse(loginText).data.token as string;

    const profile = await t.b.raw("/client/userInfo/getProfileInfo", {}, { token });
    const text = await profile.text();
    const body = JSON.parse(text);
    expect(body.code, body.msg).toBe(Code.OK);
    expect(text.toLowerCase()).not.toContain("password");
    expect(text).not.toContain("scrypt");
    expect(text).not.toContain("_hash");
    expect(text).not.toContain(PWD);
    expect(text).not.toContain(DEMO_LOGINS.tradePassword);

    const wrong = await t.b.raw("/client/userAuth/login", { loginName: SELLER, loginPwd: "secret999", type: "EMAIL" });
    expect(await wrong.text()).not.toContain("secret999");
    const invalid = await t.b.raw("/client/userAuth/register", { email: SELLER, code: "1", nickname: "x", loginPwd: "bad!pass" });
    expect(await invalid.text()).not.toContain("bad!pass");
  });
});

describe("encrypted responses (RESPONSE_ENCRYPTION_KEY)", () => {
  const t = useBackend({ RESPONSE_ENCRYPTION_KEY: "k" });

  it("a success has `encrypt` and no `data`; both decrypters give the data", async () => {
    const res = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: PWD, type: "EMAIL" });
    expect(res.code).toBe(Code.OK);
    expect(res.data).toBeUndefined();
    expect(Object.keys(res).sort()).toEqual(["code", "encrypt"]);
    expect(typeof res.encrypt).toBe("string");
    expect(res.encrypt).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const node = decryptData(res.encrypt!, "k") as { token: string };
    expect(typeof node.token).toBe("string");
    // The web tier's WebCrypto decrypter reads the same ciphertext.
    const web = await decryptResponse(res.encrypt!, "k");
    expect(web).toEqual(node);
    // And the token works.
    const out = await t.b.call("/userAuth/logout", {}, { token: node.token });
    expect(out.code).toBe(Code.OK);
    expect(decryptData(out.encrypt!, "k")).toBeNull();
    expect(await decryptResponse(out.encrypt!, "k")).toBeNull();
  });

  it("each answer has its own IV: equal data, different ciphertexts", async () => {
    const a = await t.b.call("/userAuth/logout");
    const b = await t.b.call("/userAuth/logout");
    expect(a.encrypt).not.toBe(b.encrypt);
    expect(Buffer.from(a.encrypt!, "base64").length % 16).toBe(0);
    expect(Buffer.from(a.encrypt!, "base64").length).toBeGreaterThanOrEqual(32);
  });

  it("the wrong key does not decrypt", async () => {
    const res = await t.b.call("/userAuth/logout");
    expect(() => decryptData(res.encrypt!, "not-k")).toThrow();
    await expect(decryptResponse(res.encrypt!, "not-k")).rejects.toThrow();
  });

  it("failures stay readable: {code, msg} with no `encrypt`", async () => {
    const res = await t.b.call("/userAuth/login", { loginName: SELLER, loginPwd: "wrong123", type: "EMAIL" });
    expect(res.code).not.toBe(Code.OK);
    expect(res.msg).toBeTruthy();
    expect(res.encrypt).toBeUndefined();
    const three = await t.b.call("/userAuth/updatePassword", { oldPassword: PWD, newPassword: "abc12345" });
    expect(three.code).toBe(Code.NOT_LOGGED_IN);
    expect(three.encrypt).toBeUndefined();
  });
});

describe("GET /dev/outbox", () => {
  const t = useBackend();

  it("answers a JSON array, newest first, with to, type, code and time", async () => {
    const empty = await t.b.raw("/dev/outbox", undefined, { method: "GET" });
    expect(empty.status).toBe(200);
    const before = (await empty.json()) as unknown[];
    expect(Array.isArray(before)).toBe(true);

    expect((await t.b.call("/userAuth/sendCodeByEmail", { email: "first@example.com", type: "REGISTER" })).code).toBe(Code.OK);
    t.b.clock.advance(1000);
    expect((await t.b.call("/userAuth/sendCodeByPhone", { phone: "234-8012340000", type: "REGISTER" })).code).toBe(Code.OK);

    const res = await t.b.raw("/dev/outbox", undefined, { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const list = (await res.json()) as { to: string; type: string; code: string; time: number }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBe(before.length + 2);
    const [newest, older] = list;
    expect(newest).toMatchObject({ to: "234-8012340000", type: "REGISTER" });
    expect(older).toMatchObject({ to: "first@example.com", type: "REGISTER" });
    for (const row of [newest!, older!]) {
      expect(row.code).toMatch(/^\d{6}$/);
      expect(typeof row.time).toBe("number");
    }
    expect(newest!.code).toBe(await t.b.latestCode("234-8012340000", "REGISTER"));
    expect(newest!.time).toBe(t.b.clock.now().getTime());
    expect(older!.time).toBe(newest!.time - 1000);
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.time).toBeGreaterThanOrEqual(list[i]!.time);
  });

  it("is not a /client call: POST is 404", async () => {
    const res = await t.b.raw("/dev/outbox", {}, { method: "POST" });
    expect(res.status).toBe(404);
  });
});

describe("GET /dev/outbox in production", () => {
  const t = useBackend({ NODE_ENV: "production", DATA_ENCRYPTION_KEY: "x".repeat(32) });

  it("answers 404 and reveals no codes", async () => {
    expect((await t.b.call("/userAuth/sendCodeByEmail", { email: "prod@example.com", type: "REGISTER" })).code).toBe(Code.OK);
    const code = await t.b.latestCode("prod@example.com", "REGISTER");
    const res = await t.b.raw("/dev/outbox", undefined, { method: "GET" });
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).not.toContain(code);
    expect(JSON.parse(text).code).not.toBe(Code.OK);
  });
});
