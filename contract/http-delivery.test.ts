import { describe, expect, it } from "vitest";
import { BODY_LENGTH_REQUIRED, BODY_TOO_LARGE, bodyVerdict } from "./http-delivery";

describe("bodyVerdict", () => {
  it("lets bodiless and in-limit requests through", () => {
    expect(bodyVerdict("GET", { "transfer-encoding": "chunked" }, 10)).toBeNull();
    expect(bodyVerdict("HEAD", { "content-length": "999" }, 10)).toBeNull();
    expect(bodyVerdict("POST", { "content-length": "10" }, 10)).toBeNull();
    expect(bodyVerdict("POST", { "content-length": "0" }, 10)).toBeNull();
    expect(bodyVerdict("POST", {}, 10)).toBeNull(); // no body at all
  });
  it("refuses a declared length over the cap, or a nonsense one, with 413", () => {
    expect(bodyVerdict("POST", { "content-length": "11" }, 10)).toEqual({ status: 413, message: BODY_TOO_LARGE });
    expect(bodyVerdict("PUT", { "content-length": "1e9" }, 10)?.status).toBe(413);
    expect(bodyVerdict("POST", { "content-length": "-1" }, 10)?.status).toBe(413);
  });
  it("refuses a chunked body (no length to check) with 411", () => {
    expect(bodyVerdict("POST", { "transfer-encoding": "chunked" }, 10)).toEqual({ status: 411, message: BODY_LENGTH_REQUIRED });
  });
});
