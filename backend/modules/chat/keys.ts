import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BackendConfig } from "../../config";
import type { SecretBox } from "../../security/secret-box";
import type { TlsSigKey } from "./tls-sig";

/** The app id when no Tencent application is configured (the built-in service's own). */
export const BUILTIN_SDKAPPID = 1400000001;
/** getUserSig: signatures last 7 days. */
export const USER_SIG_TTL_SECONDS = 7 * 24 * 3600;

const cache = new Map<string, TlsSigKey>();

/**
 * TIM_SDKAPPID / TIM_SECRET_KEY, or the built-in app id with a secret key generated once
 * into DATA_DIR/tim-secret.key (like the data key). Several processes must share it: set
 * TIM_SECRET_KEY, or share DATA_DIR.
 */
export function loadTlsSigKey(config: Pick<BackendConfig, "TIM_SDKAPPID" | "TIM_SECRET_KEY" | "DATA_DIR">): TlsSigKey {
  const sdkAppId = config.TIM_SDKAPPID ?? BUILTIN_SDKAPPID;
  if (config.TIM_SECRET_KEY) return { sdkAppId, secretKey: config.TIM_SECRET_KEY };
  const file = join(config.DATA_DIR, "tim-secret.key");
  const cached = cache.get(file);
  if (cached && cached.sdkAppId === sdkAppId) return cached;
  let secretKey: string;
  if (existsSync(file)) secretKey = readFileSync(file, "utf8").trim();
  else {
    mkdirSync(config.DATA_DIR, { recursive: true });
    // Tencent's secret keys are 64 hex characters; ours look the same.
    secretKey = randomBytes(32).toString("hex");
    writeFileSync(file, secretKey + "\n", { mode: 0o600 });
  }
  const key = { sdkAppId, secretKey };
  cache.set(file, key);
  return key;
}

/** The 32-byte customer key a chat file is stored under (derived from the data key and its path). */
export const chatFileKey = (secrets: SecretBox, path: string): Buffer => secrets.deriveKey(`blob:chat:${path}`);

const urlKeyOf = (secrets: SecretBox) => secrets.deriveKey("chat:file-url");

function urlSig(secrets: SecretBox, path: string, exp: number): string {
  return createHmac("sha256", urlKeyOf(secrets)).update(`${path}\n${exp}`, "utf8").digest("base64url");
}

/** "/chat/file/<path>?exp=&sig=": valid from now for 1 to 1 h 10 min (rounded, so URLs stay stable and cacheable). */
export function signFileUrl(secrets: SecretBox, path: string, now: Date, ttlSeconds: number): string {
  const step = 600;
  const exp = Math.ceil(now.getTime() / 1000 / step) * step + ttlSeconds;
  return `/chat/file/${path}?exp=${exp}&sig=${urlSig(secrets, path, exp)}`;
}

export function checkFileUrl(secrets: SecretBox, path: string, exp: string | null, sig: string | null, now: Date): boolean {
  if (!exp || !sig || !/^[0-9]{1,12}$/.test(exp)) return false;
  const e = Number(exp);
  if (e * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(urlSig(secrets, path, e));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
