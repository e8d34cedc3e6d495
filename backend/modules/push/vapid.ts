import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webpush from "web-push";
import type { BackendConfig } from "../../config";

/** The server's VAPID identity (RFC 8292): the push services check every push is signed by it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const cache = new Map<string, VapidKeys>();

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or a pair generated once into DATA_DIR/vapid.json (mode
 * 600, like the data keys). Kept across restarts: a new pair would silently end every browser's
 * subscription. The private key is never logged nor answered.
 */
export function loadVapidKeys(config: Pick<BackendConfig, "DATA_DIR" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">): VapidKeys {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = join(config.DATA_DIR, "vapid.json");
  const cached = cache.get(file);
  if (cached) return { ...cached, subject };
  let pair: { publicKey: string; privateKey: string };
  if (existsSync(file)) pair = JSON.parse(readFileSync(file, "utf8")) as typeof pair;
  else {
    mkdirSync(config.DATA_DIR, { recursive: true });
    pair = webpush.generateVAPIDKeys();
    // "wx": two processes starting at once on one DATA_DIR keep the first pair.
    try {
      writeFileSync(file, JSON.stringify(pair) + "\n", { mode: 0o600, flag: "wx" });
    } catch {
      pair = JSON.parse(readFileSync(file, "utf8")) as typeof pair;
    }
  }
  const keys = { publicKey: pair.publicKey, privateKey: pair.privateKey, subject };
  cache.set(file, keys);
  return keys;
}
