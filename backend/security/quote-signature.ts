import { createHmac, timingSafeEqual } from "node:crypto";
import type { Quote } from "../../contract/quote";
import type { SecretBox } from "./secret-box";

/**
 * The signature of a quote (ADR 0050): HMAC-SHA256 over what was quoted (the subject, such as
 * "advert:12", the rate and the time), with a key derived from the data key for this purpose only.
 * It lets the backend take back a quote it issued (its rate and its time are then facts, not the
 * client's word) and refuse one a client made up. 128 bits of the MAC are kept.
 */
const LABEL = "quote-signature-v1";

function mac(secrets: SecretBox, subject: string, rate: number, at: number): string {
  return createHmac("sha256", secrets.deriveKey(LABEL)).update(`${subject}|${rate}|${at}`).digest().subarray(0, 16).toString("base64url");
}

export function signQuote(secrets: SecretBox, subject: string, rate: number, at: number): Quote {
  return { rate, at, sig: mac(secrets, subject, rate, at) };
}

export function quoteSigned(secrets: SecretBox, subject: string, q: Quote): boolean {
  const want = Buffer.from(mac(secrets, subject, q.rate, q.at));
  const got = Buffer.from(q.sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
