import type { HeaderReader } from "./ip";
import type { BlobStore } from "../adapters/blob-store";
import type { PriceFeed } from "../adapters/price-feed";
import type { BankResolver } from "../adapters/bank-resolver";
import type { BackendConfig } from "../config";
import type { DB } from "../db/index";
import type { CatalogCache } from "../modules/catalog/cache";
import type { User } from "../db/schema";
import type { SecretBox } from "../security/secret-box";
import { forbidden, notLoggedIn } from "./errors";

/** A clock the tests can move. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What every handler may use: built once when the backend starts. */
export interface Services {
  db: DB;
  config: BackendConfig;
  clock: Clock;
  secrets: SecretBox;
  /** Image storage (local encrypted files or S3 SSE-C). */
  blobs: BlobStore;
  /** BTC/USDT prices (offline indicative feed, or a Binance-shaped ticker). */
  prices: PriceFeed;
  /** Account holders' names from the banks (the demo banks, or a Paystack-shaped provider). */
  bankResolver: BankResolver;
  /** The public catalogue in memory (modules/catalog/cache.ts); never for what a trade decides. */
  catalog: CatalogCache;
}

/** One call: the services plus who is calling, from where. */
export interface CallContext extends Services {
  now: Date;
  ip: string;
  user?: User;
  /** The raw token of this call (logout revokes it). */
  token?: string;
  /** Why the token of this call no longer signs anyone in, when a password change or reset ended it. */
  signedOutBecause?: string;
  /** The call's request headers (the docs/product/calls.md ones: time-zone, channel, IMEI…). */
  headers: HeaderReader;
}

export function requireUser(ctx: CallContext): User {
  if (!ctx.user) throw notLoggedIn(ctx.signedOutBecause);
  return ctx.user;
}

/** Which desks a user may open: the one home of the role rule (requireRole and /userInfo/getDesks). */
export function desksOf(user: User): { merchant: boolean; withdrawer: boolean; staff: boolean } {
  return { merchant: user.is_business === 1, withdrawer: user.is_withdrawer, staff: user.is_admin };
}

/** The desk each role of contract/define.ts Auth opens. */
export const DESK_OF_ROLE = { business: "merchant", withdrawer: "withdrawer", admin: "staff" } as const;

export function requireRole(ctx: CallContext, role: "business" | "withdrawer" | "admin"): User {
  const user = requireUser(ctx);
  if (!desksOf(user)[DESK_OF_ROLE[role]]) throw forbidden();
  return user;
}
