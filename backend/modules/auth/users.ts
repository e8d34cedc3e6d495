import { randomInt } from "node:crypto";
import type { Executor } from "../../db/index";

/** E-mails compare case-insensitively: stored lower-case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function findUserByLogin(db: Executor, kind: "EMAIL" | "MOBILE", loginName: string) {
  const q = db.selectFrom("users").selectAll();
  return (kind === "EMAIL" ? q.where("email", "=", normalizeEmail(loginName)) : q.where("mobile", "=", loginName.trim())).executeTakeFirst();
}

const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A fresh 6-character invite code (no 0/O/1/I to misread). */
export async function newInviteCode(db: Executor): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 6 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join("");
    const taken = await db.selectFrom("users").select("id").where("invite_code", "=", code).executeTakeFirst();
    if (!taken) return code;
  }
}
