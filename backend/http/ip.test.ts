import { describe, expect, it } from "vitest";
import { readBackendConfig } from "../config";
import { clientIp, WEB_TIER_HEADER } from "./ip";

const SECRET = "a-web-tier-secret-of-some-length";
const request = (headers: Record<string, string>) => ({ headers: new Headers(headers) });
const config = (env: Record<string, string> = {}) => readBackendConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/ip-test", ...env });

describe("clientIp: whose IPv4 header the backend believes", () => {
  it("the web tier in-process, or one at a trusted proxy address", () => {
    expect(clientIp(request({ ipv4: "41.0.0.7" }), { trusted: true }, config())).toBe("41.0.0.7");
    expect(clientIp(request({ ipv4: "41.0.0.7" }), { remoteAddress: "127.0.0.1" }, config())).toBe("41.0.0.7");
  });

  it("anyone else gets their own socket address, whatever header they send", () => {
    expect(clientIp(request({ ipv4: "41.0.0.7" }), { remoteAddress: "198.51.100.9" }, config())).toBe("198.51.100.9");
  });

  it("a web tier elsewhere that presents WEB_TIER_SECRET; a wrong or unconfigured secret counts for nothing", () => {
    const withSecret = config({ WEB_TIER_SECRET: SECRET });
    const edge = { remoteAddress: "198.51.100.9" };
    expect(clientIp(request({ ipv4: "41.0.0.7", [WEB_TIER_HEADER]: SECRET }), edge, withSecret)).toBe("41.0.0.7");
    expect(clientIp(request({ ipv4: "41.0.0.7", [WEB_TIER_HEADER]: SECRET.replace("a", "b") }), edge, withSecret)).toBe("198.51.100.9");
    expect(clientIp(request({ ipv4: "41.0.0.7", [WEB_TIER_HEADER]: SECRET }), edge, config())).toBe("198.51.100.9");
  });
});
