import { afterEach, describe, expect, test, vi } from "vitest";
import { logWebError } from "./error-log.server";

afterEach(() => vi.restoreAllMocks());

function captured(run: () => void): string[] {
  const lines: string[] = [];
  vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
  run();
  return lines;
}

describe("the web tier's error line", () => {
  test("one JSON line with the request's id, the stack, and nothing of the path or body", () => {
    const request = new Request("http://x/orderDetails/77?token=secret-in-url", { method: "POST", body: "loginPwd=hunter2" });
    const lines = captured(() => logWebError(new TypeError("boom"), request, { requestNote: { reqId: "req-123" } }));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 50, tier: "web", reqId: "req-123", msg: "[web] POST failed: boom", err: { type: "TypeError", message: "boom" } });
    expect(line.err.stack).toContain("error-log.server.test.ts");
    expect(lines[0]).not.toContain("secret-in-url");
    expect(lines[0]).not.toContain("hunter2");
    expect(lines[0]).not.toContain("orderDetails");
  });

  test("an aborted request writes nothing; a value that is not an Error is still one line", () => {
    const controller = new AbortController();
    controller.abort();
    expect(captured(() => logWebError(new Error("gone"), new Request("http://x/", { signal: controller.signal }), {}))).toEqual([]);
    const [line] = captured(() => logWebError("odd", new Request("http://x/"), undefined));
    const parsed = JSON.parse(line!);
    expect(parsed.reqId).toBeUndefined();
    expect(parsed.err).toEqual({ message: "odd" });
  });
});
