import { describe, expect, it } from "vitest";
import { readBackendConfig } from "../config";
import { clientIp, forwardedPeer, proxySet, WEB_TIER_HEADER } from "./ip";

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

describe("a proxy in front (nginx on a trusted address, ADR 0049)", () => {
  const trusted = proxySet("127.0.0.1,::1,10.0.0.2");

  it("forwardedPeer: the nearest X-Forwarded-For entry that is not a trusted proxy; from anyone else, the socket", () => {
    expect(forwardedPeer("127.0.0.1", "203.0.113.5", trusted)).toBe("203.0.113.5");
    // What a browser wrote itself comes before the proxy's entry and is never reached.
    expect(forwardedPeer("127.0.0.1", "127.0.0.1, 198.51.100.1, 203.0.113.5", trusted)).toBe("203.0.113.5");
    // Two proxies of ours: the first address neither added.
    expect(forwardedPeer("127.0.0.1", "203.0.113.5, 10.0.0.2", trusted)).toBe("203.0.113.5");
    expect(forwardedPeer("198.51.100.9", "203.0.113.5", trusted)).toBe("198.51.100.9");
    expect(forwardedPeer("127.0.0.1", null, trusted)).toBe("127.0.0.1");
    expect(forwardedPeer("127.0.0.1", "10.0.0.2", trusted)).toBe("10.0.0.2");
  });

  it("a direct call through the proxy counts as the browser's address; its own IPv4 header is not believed", () => {
    const viaProxy = { remoteAddress: "127.0.0.1" };
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.5" }), viaProxy, config())).toBe("203.0.113.5");
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.5", ipv4: "41.0.0.7" }), viaProxy, config())).toBe("203.0.113.5");
    // Our own web tier in-process has read the proxy's header already: its IPv4 header stands.
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.5", ipv4: "203.0.113.5" }), { trusted: true, remoteAddress: "127.0.0.1" }, config())).toBe("203.0.113.5");
  });
});
