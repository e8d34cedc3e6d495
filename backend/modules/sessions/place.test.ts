import { describe, expect, it } from "vitest";
import { PRIVATE_NETWORK, THIS_COMPUTER, placeOf } from "./place";

describe("placeOf", () => {
  it("this computer for loopback, in either family", () => {
    for (const ip of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"]) expect(placeOf(ip), ip).toBe(THIS_COMPUTER);
  });

  it("a private network for the private, link-local and carrier-shared ranges", () => {
    for (const ip of ["10.0.0.1", "10.255.1.2", "172.16.0.5", "172.31.255.255", "192.168.1.20", "169.254.3.4", "100.64.0.1", "100.127.9.9", "::ffff:192.168.0.7", "fd12:3456:789a::1", "fc00::2", "fe80::1", "fe80::1%eth0", "FE80::AB"])
      expect(placeOf(ip), ip).toBe(PRIVATE_NETWORK);
  });

  it("a public address with its host part hidden", () => {
    expect(placeOf("102.89.34.17")).toBe("102.89.*.*");
    expect(placeOf("  197.210.64.3 ")).toBe("197.210.*.*");
    expect(placeOf("::ffff:105.112.20.9")).toBe("105.112.*.*");
    // Just outside the private ranges.
    expect(placeOf("172.32.0.1")).toBe("172.32.*.*");
    expect(placeOf("172.15.0.1")).toBe("172.15.*.*");
    expect(placeOf("100.128.0.1")).toBe("100.128.*.*");
    expect(placeOf("192.169.1.1")).toBe("192.169.*.*");
    // IPv6: the network's /48, however the address was written.
    expect(placeOf("2c0f:f5c0:ab:12::9")).toBe("2c0f:f5c0:ab:*");
    expect(placeOf("2001:0DB8:0000:0001:0000:0000:0000:0001")).toBe("2001:db8:0:*");
    expect(placeOf("2001:db8::")).toBe("2001:db8:0:*");
    expect(placeOf("2001:db8:1:2:3:4:1.2.3.4")).toBe("2001:db8:1:*");
  });

  it("nothing when the address is not known", () => {
    for (const ip of [null, undefined, "", "unknown", "999.1.1.1", "1.2.3", "not:an:address", "::ffff:999.1.1.1"]) expect(placeOf(ip), String(ip)).toBeNull();
  });
});
