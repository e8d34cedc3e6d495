import type { Executor } from "../../db/index";
import type { User } from "../../db/schema";

/** Reading a user's two-factor row (migration 032; ADR 0057). */

export function factorOf(db: Executor, userId: number) {
  return db.selectFrom("two_factor").select(["secret_sealed", "enabled_at", "last_step"]).where("user_id", "=", userId).executeTakeFirst();
}

/** Whether the user has two-factor sign-in on (a setup waiting for its first code is not). */
export async function twoFactorOn(db: Executor, userId: number): Promise<boolean> {
  const row = await db.selectFrom("two_factor").select("user_id").where("user_id", "=", userId).where("enabled_at", "is not", null).executeTakeFirst();
  return Boolean(row);
}

/** How the account is named in the authenticator app: its e-mail, else its mobile, else its nickname. */
export const accountLabel = (user: Pick<User, "email" | "mobile" | "nickname">) => user.email ?? user.mobile ?? user.nickname;
