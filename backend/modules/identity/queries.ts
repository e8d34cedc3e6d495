import { BUILT_IN_AVATAR_COUNT } from "../../../contract/constants";
import type { Account, Profile, PublicProfile, SignedInUser, Statistics } from "../../../contract/entities";
import { FeedbackType, RelationshipListType, type Flag, type KycStatus } from "../../../contract/enums";
import type { Executor } from "../../db/index";
import type { User } from "../../db/schema";
import { countFeedbackReceived } from "../orders/queries";
import { orderStatsOf } from "../orders/order-stats";
import { countRows } from "../../db/count";
import { countReceived } from "../relationships/queries";
import { desksOf } from "../../http/context";

/** Profiles, balances and the per-user statistics. Every function takes `db | trx`. */

const flag = (b: boolean): Flag => (b ? 1 : 0);

export function findUser(db: Executor, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The user's balances; zeros when the account row does not exist yet. */
export async function accountOf(db: Executor, userId: number): Promise<Account> {
  const a = await db
    .selectFrom("accounts")
    .select(["amount", "frozen_amount", "bail_amount", "wealth_amount"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return {
    amount: Number(a?.amount ?? 0),
    frozenAmount: Number(a?.frozen_amount ?? 0),
    bailAmount: Number(a?.bail_amount ?? 0),
    wealthAmount: Number(a?.wealth_amount ?? 0),
  };
}

/** What anybody may see of a user. Never the contacts. */
export function toPublicProfile(u: User): PublicProfile {
  return {
    id: u.id,
    avatar: u.avatar,
    nickname: u.nickname,
    isBusiness: flag(u.is_business !== 0),
    onlineStatus: u.online_status,
    level: u.level,
  };
}

/** The caller as the top bar shows her (ADR 0059), from the row the call already loaded. */
export function toSignedInUser(u: User): SignedInUser {
  const { id, nickname, avatar, isBusiness, level } = toPublicProfile(u);
  return { id, nickname, avatar, isBusiness, level, desks: desksOf(u) };
}

/**
 * kycAuthFlag: 1 once a KYC certificate was submitted. Until the KYC issue adds
 * the certificate table, users.kyc_auth_status (1 = submitted, read-only) is the
 * only record of it.
 */
const kycSubmitted = (u: User) => u.kyc_auth_status === 1;

/** The signed-in user's own profile: the public fields plus the 0/1 flags. */
export function toOwnProfile(u: User): Profile {
  return {
    ...toPublicProfile(u),
    nicknameChanged: flag(u.nickname_changed),
    tradepwdFlag: flag(!!u.trade_pwd_hash),
    emailBindFlag: flag(!!u.email),
    mobileBindFlag: flag(!!u.mobile),
    kycAuthFlag: flag(kycSubmitted(u)),
    kycAuthStatus: (u.kyc_auth_status === 1 ? 1 : 0) as KycStatus,
    inviteCode: u.invite_code,
  };
}

// ---------------------------------------------------------------- statistics
// One function per statistic. Those whose tables do not exist yet answer 0 and
// name the issue that fills them.

/** Friends the user invited (users.invited_by). */
export async function countInvited(db: Executor, userId: number): Promise<number> {
  return countRows(db.selectFrom("users").where("invited_by", "=", userId));
}

/**
 * The order figures of the statistics. A user takes part in an order as its seller
 * or as its buyer (merchant):
 * - totalNum / totalAmount: every order, any status; coins = calculateTotalPrice (the value offered);
 * - tradeNum / tradeAmount: completed orders (status 4); coins = realTotalPrice (what was paid);
 *   both kept with the orders (orders/order-stats.ts), not counted on each read;
 * - favourableNum / negativeNum: feedback received (sellers comment on the merchant they sold to).
 */
export function countPositiveFeedback(db: Executor, userId: number): Promise<number> {
  return countFeedbackReceived(db, userId, FeedbackType.Positive);
}

export function countNegativeFeedback(db: Executor, userId: number): Promise<number> {
  return countFeedbackReceived(db, userId, FeedbackType.Negative);
}

/** Users who trust this user (relationships module). */
export function countTrustedBy(db: Executor, userId: number): Promise<number> {
  return countReceived(db, userId, RelationshipListType.Trust);
}

/** Users who blocked this user (relationships module). */
export function countBlockedBy(db: Executor, userId: number): Promise<number> {
  return countReceived(db, userId, RelationshipListType.Block);
}

export async function statisticsOf(db: Executor, userId: number): Promise<Statistics> {
  const [orders, beTrustNum, beBlackNum, inviteCount, favourableNum, negativeNum] = await Promise.all([
    orderStatsOf(db, userId),
    countTrustedBy(db, userId),
    countBlockedBy(db, userId),
    countInvited(db, userId),
    countPositiveFeedback(db, userId),
    countNegativeFeedback(db, userId),
  ]);
  return {
    totalNum: orders.ordersN,
    totalAmount: orders.ordersAmount,
    beTrustNum,
    beBlackNum,
    inviteCount,
    tradeNum: orders.completedN,
    favourableNum,
    negativeNum,
    tradeAmount: orders.completedAmount,
  };
}

// ---------------------------------------------------------------- changes

/**
 * Sets the nickname only if it was never changed: compare-and-set in SQL, so
 * of two concurrent calls at most one succeeds. Returns whether it changed.
 */
export async function changeNicknameOnce(db: Executor, userId: number, nickname: string): Promise<boolean> {
  const r = await db
    .updateTable("users")
    .set({ nickname, nickname_changed: true })
    .where("id", "=", userId)
    .where("nickname_changed", "=", false)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setAvatar(db: Executor, userId: number, avatar: string) {
  await db.updateTable("users").set({ avatar }).where("id", "=", userId).execute();
}

/** The built-in avatars (public/demo/avatar-N.svg). */
const DEMO_AVATAR = /^\/demo\/avatar-[1-9]\d{0,2}\.svg$/;
/** Uploaded avatars: plain path segments under /files/avatar/, no "..", no query, no scheme. */
const UPLOADED_AVATAR = /^\/files\/avatar\/(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

/**
 * Whether the user may wear this avatar: a built-in one that exists, or an image this user
 * uploaded as an avatar (a path that names nothing, or another user's upload, is refused).
 */
export async function mayWearAvatar(db: Executor, userId: number, path: string): Promise<boolean> {
  if (!isLocalAvatarPath(path)) return false;
  const builtIn = /^\/demo\/avatar-(\d+)\.svg$/.exec(path);
  if (builtIn) return Number(builtIn[1]) <= BUILT_IN_AVATAR_COUNT;
  const upload = await db.selectFrom("uploads").select("id").where("path", "=", path).where("user_id", "=", userId).where("kind", "=", "avatar").executeTakeFirst();
  return upload !== undefined;
}

/** Whether an avatar path is one of ours: a built-in avatar or an uploaded one. Never an absolute URL. */
export function isLocalAvatarPath(path: string): boolean {
  if (path.includes("..")) return false;
  return DEMO_AVATAR.test(path) || UPLOADED_AVATAR.test(path);
}
