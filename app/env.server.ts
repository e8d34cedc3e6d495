import { z } from "zod";

/** Web-tier settings, read once and validated; every one has a working default. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Signs the session cookie. server.ts generates one into DATA_DIR when unset (not in production). */
  SESSION_SECRET: z.string().min(8).default("dev-only-session-secret"),
  /** A /client backend elsewhere; unset: the backend runs in-process. */
  CLIENT_API_URL: z.string().url().optional(),
  /** The backend's WEB_TIER_SECRET: with it the backend believes the browser address we forward
   * (per-IP limits) from a web tier on another host. */
  WEB_TIER_SECRET: z.string().min(16).optional(),
  /** Must match the backend's; unset: responses are not encrypted. */
  RESPONSE_ENCRYPTION_KEY: z.string().min(1).optional(),
  /** Retries of timeouts and network errors (docs/product/constants.md: 10 by default, 0 turns them off). */
  API_RETRIES: z.coerce.number().int().min(0).max(10).default(10),
  API_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(300),
  API_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  API_UPLOAD_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Which chat the browser uses (docs/decisions/0009-chat.md): our built-in service, or Tencent
   * Cloud Chat through tim-js-sdk. Unset: the backend's rule — tencent when TIM_SDKAPPID and
   * TIM_SECRET_KEY are both set, else builtin. "tencent" takes effect only with TIM_SDKAPPID. */
  CHAT_PROVIDER: z.enum(["builtin", "tencent"]).optional(),
  /** The Tencent Cloud Chat application (the same id the backend signs for). */
  TIM_SDKAPPID: z.coerce.number().int().positive().optional(),
  /** Only whether it is set matters here (the default provider), never its value. */
  TIM_SECRET_KEY: z.string().min(1).optional(),
});

export type WebEnv = z.infer<typeof schema>;

let cached: WebEnv | undefined;
let given: Record<string, unknown> | undefined;

/**
 * An edge runtime has no process.env: its entry (edge/worker.ts) hands its variables over before
 * the first request. On Node the settings come from process.env.
 */
export function setWebEnvSource(source: Record<string, unknown>) {
  given = source;
  cached = undefined;
}

export function webEnv(): WebEnv {
  if (!cached) {
    const source = given ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
    const parsed = schema.safeParse(source);
    if (!parsed.success) throw new Error("Invalid web settings: " + parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    cached = parsed.data;
  }
  return cached;
}
