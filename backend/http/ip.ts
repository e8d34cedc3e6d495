import type { BackendConfig } from "../config";

/** Who is on the other end of the socket, as the HTTP server saw it. */
export interface Peer {
  remoteAddress?: string;
  /** Calls made in-process by our own web tier: its IPv4/IPv6 headers are the browser's. */
  trusted?: boolean;
}

/**
 * The client's address for rate limits and records. The IPv4/IPv6 headers are
 * believed only from the web tier (in-process, or a trusted proxy address);
 * anyone else could forge them to dodge the per-IP limits.
 */
export function clientIp(request: Request, peer: Peer | undefined, config: BackendConfig): string {
  const remote = peer?.remoteAddress ?? "";
  const trusted = peer?.trusted || config.TRUSTED_PROXIES.split(",").map((s) => s.trim()).includes(remote);
  if (trusted) {
    const forwarded = request.headers.get("ipv4") || request.headers.get("ipv6");
    if (forwarded && forwarded.length <= 64) return forwarded.trim();
  }
  return remote || "unknown";
}
