import { timingSafeEqual } from "node:crypto";
import type { BackendConfig } from "../config";

/** Where a web tier on another host presents WEB_TIER_SECRET (app/services/kit/caller.server.ts sends it). */
export const WEB_TIER_HEADER = "x-web-tier";

/** A TRUSTED_PROXIES value as its addresses (exact addresses: no ranges). */
export const proxySet = (value: string): Set<string> => new Set(value.split(",").map((s) => s.trim()).filter(Boolean));

const proxyLists = new WeakMap<BackendConfig, Set<string>>();
/** TRUSTED_PROXIES as a set, read once per config (this runs on every call). */
function trustedProxies(config: BackendConfig): Set<string> {
  let set = proxyLists.get(config);
  if (!set) {
    set = proxySet(config.TRUSTED_PROXIES);
    proxyLists.set(config, set);
  }
  return set;
}

/**
 * Who sent a request that reached us through proxies (ADR 0049): the socket's address, or, when
 * that is a trusted proxy, the nearest address in its X-Forwarded-For that is not one (a proxy
 * appends the address it was reached from, so the entries a browser wrote itself come before
 * it and are never reached). With no X-Forwarded-For, the socket's address.
 */
export function forwardedPeer(socketAddress: string | undefined, forwardedFor: string | null | undefined, trusted: Set<string>): string | undefined {
  if (!socketAddress || !forwardedFor || !trusted.has(socketAddress)) return socketAddress;
  const hops = forwardedFor.split(",").map((s) => s.trim()).filter(Boolean);
  let peer = socketAddress;
  for (let i = hops.length - 1; i >= 0 && trusted.has(peer); i--) peer = hops[i]!;
  return peer;
}

/** Compares in constant time, as the backend's other secrets are (node:crypto). */
function sameSecret(expected: string | undefined, given: string | null): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The one thing the backend asks of a request's headers (a Fetch Headers has it; so has server.ts's fast path). */
export interface HeaderReader {
  get(name: string): string | null;
}

/** Who is on the other end of the socket, as the HTTP server saw it. */
export interface Peer {
  remoteAddress?: string;
  /** Calls made in-process by our own web tier: its IPv4/IPv6 headers are the browser's. */
  trusted?: boolean;
}

/**
 * The client's address for rate limits and records. The IPv4/IPv6 headers are
 * believed only from the web tier (in-process, a trusted proxy address, or a request carrying
 * the web tier's secret);
 * anyone else could forge them to dodge the per-IP limits.
 */
export function clientIp(request: { headers: HeaderReader }, peer: Peer | undefined, config: BackendConfig): string {
  // A call through a proxy in front (nginx): the browser's address, whose own IPv4/IPv6 headers are not believed.
  const remote = (peer?.trusted ? peer.remoteAddress : forwardedPeer(peer?.remoteAddress, request.headers.get("x-forwarded-for"), trustedProxies(config))) ?? "";
  if (trustedSender(request, peer, config, remote)) {
    const forwarded = request.headers.get("ipv4") || request.headers.get("ipv6");
    if (forwarded && forwarded.length <= 64) return forwarded.trim();
  }
  return remote || "unknown";
}

/**
 * Whether a request comes from our own side: the web tier in-process, a trusted proxy's address, or
 * a request carrying the web tier's secret. Only such a sender's IPv4/IPv6 and X-Request-Id are believed.
 */
export function trustedSender(request: { headers: HeaderReader }, peer: Peer | undefined, config: BackendConfig, remote = peer?.remoteAddress ?? ""): boolean {
  return Boolean(peer?.trusted || trustedProxies(config).has(remote) || sameSecret(config.WEB_TIER_SECRET, request.headers.get(WEB_TIER_HEADER)));
}
