import { isIPv4, isIPv6 } from "node:net";

/**
 * Where a session was signed in from, as near as the address alone tells without asking anyone
 * (ADR 0058: no geo database, no outside service): this computer, a private network, or the
 * public address with its host part hidden (enough to tell one's own network from a stranger's,
 * not a full address on a screen others may see). null when the address is not known.
 */
export const THIS_COMPUTER = "This computer";
export const PRIVATE_NETWORK = "Private network";

export function placeOf(ip: string | null | undefined): string | null {
  const address = ip?.trim() ?? "";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return placeOf(mapped);
  if (isIPv4(address)) return placeOfV4(address.split(".").map(Number));
  if (isIPv6(address)) return placeOfV6(expandV6(address));
  return null;
}

function placeOfV4([a, b]: number[]): string {
  if (a === 127) return THIS_COMPUTER;
  const isPrivate =
    a === 10 ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) || // link-local
    (a === 100 && b! >= 64 && b! <= 127); // a carrier's shared space
  return isPrivate ? PRIVATE_NETWORK : `${a}.${b}.*.*`;
}

function placeOfV6(groups: number[]): string {
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return THIS_COMPUTER;
  const head = groups[0]!;
  // Unique local (fc00::/7) and link-local (fe80::/10) addresses.
  if ((head & 0xfe00) === 0xfc00 || (head & 0xffc0) === 0xfe80) return PRIVATE_NETWORK;
  // The site's prefix (/48) says the network; the rest names a host in it.
  return `${groups.slice(0, 3).map((g) => g.toString(16)).join(":")}:*`;
}

/** The eight groups of an IPv6 address, "::" expanded (an embedded IPv4 tail as its two groups). */
function expandV6(address: string): number[] {
  let text = address.split("%")[0]!.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + ((a << 8) | b).toString(16) + ":" + ((c << 8) | d).toString(16);
  }
  const [left, right] = text.includes("::") ? text.split("::") : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const l = parse(left);
  const r = parse(right);
  return right === undefined ? l : [...l, ...Array(8 - l.length - r.length).fill(0), ...r];
}
