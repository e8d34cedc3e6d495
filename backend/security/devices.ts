import { createHmac } from "node:crypto";
import type { HeaderReader } from "../http/ip";
import type { SecretBox } from "./secret-box";

/**
 * The device a call comes from (ADR 0055): the IMEI header, which our web tier fills with its
 * signed per-browser id and other clients with theirs. Only a keyed hash of it is stored, so the
 * database holds nothing a client could present as its own device.
 */
const LABEL = "device-hash-v1";

export function deviceHashOf(secrets: SecretBox, headers: HeaderReader): string | null {
  const id = (headers.get("IMEI") ?? "").trim();
  if (id.length < 8 || id.length > 200) return null;
  return createHmac("sha256", secrets.deriveKey(LABEL)).update(id, "utf8").digest("base64url");
}

/** The browser's own description, as the web tier passes it on (User-Agent), cut to a length worth keeping. */
export function userAgentOf(headers: HeaderReader): string | null {
  const ua = (headers.get("x-client-user-agent") ?? headers.get("user-agent") ?? "").trim();
  return ua ? ua.slice(0, 300) : null;
}
