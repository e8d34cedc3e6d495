import { z } from "zod";
import { KeyRingError, parseDataKeys } from "./security/key-ring";

/**
 * Backend settings, read once from the environment and validated at start-up.
 * Every value has a working default so `npm start` needs nothing set.
 */
/** A socket peer on this host, as Node reports it (IPv4, IPv6, and IPv4 on a dual-stack socket). */
export const LOOPBACK_ADDRESSES: readonly string[] = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];
/** Loopback: a proxy on the same host (nginx terminating TLS, or our own web tier). */
export const DEFAULT_TRUSTED_PROXIES = LOOPBACK_ADDRESSES.join(",");

const onOff = z
  .enum(["on", "off", "true", "false", "1", "0"])
  .transform((v) => v === "on" || v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().default("./.data"),
  /** A real PostgreSQL server; when unset the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** AES key (any string; SHA-256 of it is the key) for the `encrypt` response field. Off when unset. */
  RESPONSE_ENCRYPTION_KEY: z.string().min(1).optional(),
  /** The root secret (ADR 0056): purpose keys (images, keyed hashes, signatures) derive from it and it
   * never rotates; it also opens what was sealed before key rings (key v1). Generated into DATA_DIR when unset. */
  DATA_ENCRYPTION_KEY: z.string().min(16).optional(),
  /** The key ring that seals personal data, "3:<secret>,2:<secret>,v1": the highest number seals, every one
   * opens (a bare v1 is DATA_ENCRYPTION_KEY). Unset: DATA_DIR/keys, made on first start (npm run keys:rotate). */
  DATA_KEYS: z.string().min(1).optional(),
  /** Seed the demo world into an empty database. */
  DEMO_SEED: onOff.default("on"),
  DEMO_BOTS: onOff.default("on"),
  DEMO_BOT_DELAY_MS: z.coerce.number().int().min(0).default(15000),
  /** Addresses whose IPv4/IPv6 headers we believe (the web tier in front of us); the Node web tier
   * believes their X-Forwarded-* headers too (server.ts). */
  TRUSTED_PROXIES: z.string().default(DEFAULT_TRUSTED_PROXIES),
  /** A web tier elsewhere (an edge host, whose addresses any other worker shares) proves itself
   * with this secret in the X-Web-Tier header; then its IPv4/IPv6 headers are believed. */
  WEB_TIER_SECRET: z.string().min(16).optional(),
  /** Token lifetime. */
  TOKEN_TTL_HOURS: z.coerce.number().int().positive().default(24 * 7),
  /** Rate limits (per window of RATE_WINDOW_SECONDS). */
  RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(100),
  /** How much longer each failed sign-in from an unknown device waits after the third (ms a step, at most 2 s; ADR 0055). */
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().nonnegative().default(250),
  CODE_LIMIT_PER_TARGET: z.coerce.number().int().positive().default(5),
  CODE_LIMIT_PER_IP: z.coerce.number().int().positive().default(50),
  /** Wrong trade passwords in a row before withdrawals and binding lock, and for how long. */
  TRADE_PWD_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  TRADE_PWD_LOCK_MINUTES: z.coerce.number().int().positive().default(30),
  /** Wrong two-factor codes (at sign-in and before a protected change) per window of RATE_WINDOW_SECONDS (ADR 0057). */
  TWO_FACTOR_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Roles that must turn two-factor sign-in on before they use their desk: a comma-separated list of
   * admin, withdrawer, business ("none" or empty for none). Unset: "admin,withdrawer" in production,
   * none otherwise (the demo world's logins stay one step). ADR 0057. */
  TWO_FACTOR_REQUIRED_ROLES: z.string().optional(),
  /** Delivery of verification codes: HTTP endpoints of an e-mail and an SMS provider
   * (POST {to, text}). Unset: codes stay in the dev outbox (GET /dev/outbox). */
  EMAIL_API_URL: z.string().url().optional(),
  SMS_API_URL: z.string().url().optional(),
  /** Order and KYC images in an S3-compatible bucket with SSE-C (all five, or none: then
   * encrypted files in DATA_DIR/blobs). Path-style URLs: S3_ENDPOINT is e.g. https://s3.eu-west-1.amazonaws.com. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** A Binance-shaped ticker (GET {PRICE_FEED_URL}?symbol=BTCUSDT → {"symbol","price"}) for BTC/USDT
   * prices, e.g. https://api.binance.com/api/v3/ticker/price. Unset: an offline, indicative feed. */
  PRICE_FEED_URL: z.string().url().optional(),
  /** A bank-data provider's "resolve account number" API (Paystack-shaped: GET {BANK_RESOLVE_URL}/bank/resolve?
   * account_number=…&bank_code=… with Authorization: Bearer {BANK_RESOLVE_KEY}), e.g. https://api.paystack.co.
   * Unset: the demo banks' built-in resolver (docs/decisions/0053-payout-accounts-that-exist.md). */
  BANK_RESOLVE_URL: z.string().url().optional(),
  BANK_RESOLVE_KEY: z.string().min(1).optional(),
  /** How long the provider has to answer before the user is told to try again (nothing is saved). */
  BANK_RESOLVE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Account-name look-ups a user may make per RATE_WINDOW_SECONDS (names are personal data). */
  BANK_RESOLVE_LIMIT_PER_USER: z.coerce.number().int().positive().default(30),
  /** Chat (docs/decisions/0009-chat.md). A Tencent Cloud Chat application's id and secret key:
   * with both set, /im/getUserSig signs for Tencent and CHAT_PROVIDER defaults to "tencent".
   * Unset: app id 1400000001 and a key generated once into DATA_DIR (the built-in service). */
  TIM_SDKAPPID: z.coerce.number().int().positive().optional(),
  TIM_SECRET_KEY: z.string().min(16).optional(),
  /** Tencent Cloud Chat's REST API (order groups and system messages are relayed there with
   * CHAT_PROVIDER=tencent), and the administrator account it is called as. */
  TIM_REST_URL: z.string().url().default("https://console.tim.qq.com"),
  TIM_ADMIN: z.string().min(1).max(32).default("administrator"),
  /** Which chat the web tier uses: "builtin" (our WebSocket service) or "tencent" (tim-js-sdk). */
  CHAT_PROVIDER: z.enum(["builtin", "tencent"]).optional(),
  /** Web Push's VAPID key pair (base64url, as web-push generates them; ADR 0079). Unset: generated once into
   * DATA_DIR/vapid.json. Several processes must share it: set both, or share DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().min(80).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).optional(),
  /** Who the push services may contact about our pushes (a mailto: or https: address). */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:)/, "a mailto: or https: address").default("mailto:support@giftmarket.example"),
  /** Accept push endpoints on this machine over plain HTTP (a stand-in push service in tests). Never in production. */
  PUSH_LOCAL_ENDPOINTS: onOff.default("off"),
});

export type BackendConfig = z.infer<typeof schema>;

/** The roles of a desk (contract/define.ts Auth) that TWO_FACTOR_REQUIRED_ROLES may name. */
export const DESK_ROLES = ["admin", "withdrawer", "business"] as const;
export type DeskRole = (typeof DESK_ROLES)[number];

/** The desk roles that must turn two-factor sign-in on first (ADR 0057): the setting, or its default for NODE_ENV. */
export function twoFactorRequiredRoles(config: Pick<BackendConfig, "NODE_ENV" | "TWO_FACTOR_REQUIRED_ROLES">): ReadonlySet<DeskRole> {
  return new Set(listedRoles(config.TWO_FACTOR_REQUIRED_ROLES ?? (config.NODE_ENV === "production" ? "admin,withdrawer" : "")) as DeskRole[]);
}

/** "admin, Withdrawer" → ["admin", "withdrawer"]; "none" and blanks name nothing. */
const listedRoles = (raw: string) =>
  raw
    .split(",")
    .map((r) => r.trim().toLowerCase())
    .filter((r) => r && r !== "none");

export function readBackendConfig(env: Record<string, string | undefined> = process.env): BackendConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid backend settings:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.DATABASE_URL) {
    // Several processes share one database: they must share the keys that seal secrets.
    const missing = (["DATA_ENCRYPTION_KEY", "DATA_KEYS"] as const).filter((k) => !parsed.data[k]);
    if (missing.length > 0) throw new Error(`Invalid backend settings:\n  ${missing.join(", ")}: required in production with DATABASE_URL`);
  }
  if (parsed.data.DATA_KEYS) {
    try {
      // A bare v1 stands for the root; a stand-in checks the rest when the root is DATA_DIR's.
      parseDataKeys(parsed.data.DATA_KEYS, parsed.data.DATA_ENCRYPTION_KEY ?? "the root secret in DATA_DIR");
    } catch (e) {
      if (e instanceof KeyRingError) throw new Error(`Invalid backend settings:\n  ${e.message}`);
      throw e;
    }
  }
  const s3 = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_REGION"] as const;
  const s3Missing = s3.filter((k) => !parsed.data[k]);
  if (s3Missing.length > 0 && s3Missing.length < s3.length) {
    throw new Error(`Invalid backend settings:\n  ${s3Missing.join(", ")}: required when any S3_* setting is set`);
  }
  if (parsed.data.BANK_RESOLVE_URL && !parsed.data.BANK_RESOLVE_KEY) {
    throw new Error("Invalid backend settings:\n  BANK_RESOLVE_KEY: required with BANK_RESOLVE_URL");
  }
  const unknownRoles = listedRoles(parsed.data.TWO_FACTOR_REQUIRED_ROLES ?? "").filter((r) => !(DESK_ROLES as readonly string[]).includes(r));
  if (unknownRoles.length > 0) {
    throw new Error(`Invalid backend settings:\n  TWO_FACTOR_REQUIRED_ROLES: unknown role ${unknownRoles.join(", ")} (use ${DESK_ROLES.join(", ")} or none)`);
  }
  if (!parsed.data.VAPID_PUBLIC_KEY !== !parsed.data.VAPID_PRIVATE_KEY) {
    throw new Error("Invalid backend settings:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither (then they are made in DATA_DIR)");
  }
  if (parsed.data.CHAT_PROVIDER === "tencent" && !(parsed.data.TIM_SDKAPPID && parsed.data.TIM_SECRET_KEY)) {
    throw new Error("Invalid backend settings:\n  TIM_SDKAPPID, TIM_SECRET_KEY: required with CHAT_PROVIDER=tencent");
  }
  return parsed.data;
}

/** The chat the web tier should use: CHAT_PROVIDER, else "tencent" when a Tencent application is configured. */
export function chatProvider(config: Pick<BackendConfig, "CHAT_PROVIDER" | "TIM_SDKAPPID" | "TIM_SECRET_KEY">): "builtin" | "tencent" {
  return config.CHAT_PROVIDER ?? (config.TIM_SDKAPPID && config.TIM_SECRET_KEY ? "tencent" : "builtin");
}
