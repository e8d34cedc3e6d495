import { describe, expect, it } from "vitest";
import { acceptedRequestId } from "../../contract/request-id";
import { createLogger } from "./log";

function capture() {
  const text: string[] = [];
  return { text, logger: createLogger({ destination: { write: (line: string) => void text.push(line) } }) };
}

describe("the logger (ADR 0081)", () => {
  it("censors a secret's key logged by mistake, at the top of a line and on an error", () => {
    const { text, logger } = capture();
    const err = Object.assign(new Error("boom"), { token: "tok-on-error", headers: { authorization: "Bearer hdr" } });
    logger.info({ token: "tok-top", body: { cardCode: "CARD-1" }, loginPwd: "pw-top", err }, "oops");
    const line = text.join("");
    for (const secret of ["tok-top", "CARD-1", "pw-top", "tok-on-error", "Bearer hdr"]) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ token: "[redacted]", err: { message: "boom", stack: expect.stringContaining("boom") } });
  });

  it("takes only a request id that looks like one", () => {
    expect(acceptedRequestId("0123456789abcdef0123456789abcdef")).toBe("0123456789abcdef0123456789abcdef");
    expect(acceptedRequestId("9c1de814-b5f0-46d3-a098-fd631e309281")).toBe("9c1de814-b5f0-46d3-a098-fd631e309281");
    for (const bad of [null, "", "short", "x".repeat(65), "id with space", 'a"b\nc{}0123456']) expect(acceptedRequestId(bad)).toBeUndefined();
  });
});
