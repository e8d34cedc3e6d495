import { sql } from "kysely";
import type { RelationshipListItem } from "../../../contract/entities";
import { OrderStatus, Relationship, type OnlineStatus, type RelationshipListType } from "../../../contract/enums";
import type { Executor } from "../../db/index";
import { countRows } from "../../db/count";

/**
 * Trust and block rows (docs/decisions/0021-relationships.md). One row per ordered pair: `user_id`
 * decided about `to_user_id`. Every function takes `db | trx`.
 */

/** The most rows one list answers: the call has no pager (docs/product/calls.md), so it is bounded here. */
export const RELATIONSHIP_LIST_MAX = 500;

/** What `userId` decided about `toUserId`: 0 none, 1 trust, 2 block. */
export async function relationshipOf(db: Executor, userId: number, toUserId: number): Promise<Relationship> {
  const r = await db.selectFrom("user_relationships").select("type").where("user_id", "=", userId).where("to_user_id", "=", toUserId).executeTakeFirst();
  return (r?.type ?? Relationship.None) as Relationship;
}

/**
 * Completed orders between two users, whichever of them sold: one range of orders_completed_pair
 * (migration 024), which keys them by the lower id of the pair, then the higher.
 */
export async function tradeTimesBetween(db: Executor, a: number, b: number): Promise<number> {
  return countRows(
    db
      .selectFrom("orders")
      // A literal, so the planner matches the partial index's predicate whatever plan it keeps.
      .where("status", "=", sql.lit(OrderStatus.Completed))
      .where(sql`least(seller_id, buyer_id)`, "=", Math.min(a, b))
      .where(sql`greatest(seller_id, buyer_id)`, "=", Math.max(a, b)),
  );
}

/**
 * Trust or block: an upsert on the pair, so trust <-> block is one statement and two parallel
 * posts leave one row. The same type again changes nothing (updated_at keeps the first time).
 */
export async function setRelationship(db: Executor, userId: number, toUserId: number, type: RelationshipListType, now: Date): Promise<void> {
  await db
    .insertInto("user_relationships")
    .values({ user_id: userId, to_user_id: toUserId, type, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "to_user_id"])
        .doUpdateSet({ type, updated_at: now })
        .where("user_relationships.type", "<>", type),
    )
    .execute();
}

/** Back to none. Cancelling what is not there is not an error (a form posted twice). */
export async function removeRelationship(db: Executor, userId: number, toUserId: number): Promise<void> {
  await db.deleteFrom("user_relationships").where("user_id", "=", userId).where("to_user_id", "=", toUserId).execute();
}

/** How many users trust (1) or block (2) this user: beTrustNum / beBlackNum of the statistics. */
export function countReceived(db: Executor, userId: number, type: RelationshipListType): Promise<number> {
  return countRows(db.selectFrom("user_relationships").where("to_user_id", "=", userId).where("type", "=", type));
}

/** The users `userId` blocked, and those who blocked it: whose offers it does not see (ADR 0021). */
export async function blockedEitherWay(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom("user_relationships")
    .select(["user_id", "to_user_id"])
    .where("type", "=", Relationship.Block)
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("to_user_id", "=", userId)]))
    .execute();
  return new Set(rows.map((r) => Number(r.user_id === userId ? r.to_user_id : r.user_id)));
}

/**
 * One list (trusted or blocked users), latest decision first, with each user's public figures
 * (the same definitions as the profile statistics: trades are completed orders as seller or
 * buyer, their coins what was paid), in one query.
 */
export async function relationshipList(db: Executor, userId: number, type: RelationshipListType): Promise<RelationshipListItem[]> {
  const received = (t: RelationshipListType) =>
    sql<number>`(select count(*) from user_relationships x where x.to_user_id = u.id and x.type = ${t})`;
  const rows = await db
    .selectFrom("user_relationships as r")
    .innerJoin("users as u", "u.id", "r.to_user_id")
    .leftJoin("user_order_stats as t", "t.user_id", "u.id")
    .select([
      "u.id",
      "u.nickname",
      "u.avatar",
      "u.online_status",
      received(Relationship.Trust).as("be_trust"),
      received(Relationship.Block).as("be_black"),
      "t.completed_n",
      "t.completed_amount",
    ])
    .where("r.user_id", "=", userId)
    .where("r.type", "=", type)
    .orderBy("r.updated_at", "desc")
    .orderBy("u.id", "desc")
    .limit(RELATIONSHIP_LIST_MAX)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    nickname: r.nickname,
    avatar: r.avatar,
    onlineStatus: r.online_status as OnlineStatus,
    beTrustNum: Number(r.be_trust),
    beBlackNum: Number(r.be_black),
    tradeNum: Number(r.completed_n ?? 0),
    tradeAmount: Number(r.completed_amount ?? 0),
  }));
}
