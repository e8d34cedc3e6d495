import { Relationship, RelationshipListType } from "../../../contract/enums";
import type { Executor } from "../../db/index";
import { requireUser } from "../../http/context";
import { fail, notFound } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { relationshipList, relationshipOf, removeRelationship, setRelationship, tradeTimesBetween } from "./queries";

/** Trust and block between users (docs/decisions/0021-relationships.md). */
export const NOT_YOURSELF = "You cannot trust or block yourself.";

/** The other user of a call: it must exist ("User not found.") and not be the caller. */
async function otherUser(db: Executor, callerId: number, toUser: number): Promise<number> {
  if (toUser === callerId) throw fail(NOT_YOURSELF);
  const u = await db.selectFrom("users").select("id").where("id", "=", toUser).executeTakeFirst();
  if (!u) throw notFound("User");
  return Number(u.id);
}

export const relationshipHandlers = {
  async "/userRelationship/getRelationship"(input, ctx) {
    const user = requireUser(ctx);
    // One's own page has nothing to decide: none, and no trades with oneself.
    if (input.toUser === user.id) return { relationship: Relationship.None, tradeTimes: 0 };
    const other = await otherUser(ctx.db, user.id, input.toUser);
    const [relationship, tradeTimes] = await Promise.all([relationshipOf(ctx.db, user.id, other), tradeTimesBetween(ctx.db, user.id, other)]);
    return { relationship, tradeTimes };
  },

  async "/userRelationship/getRelationshipList"(input, ctx) {
    return { list: await relationshipList(ctx.db, requireUser(ctx).id, input.type) };
  },

  async "/userRelationship/addTrust"(input, ctx) {
    const user = requireUser(ctx);
    await setRelationship(ctx.db, user.id, await otherUser(ctx.db, user.id, input.toUser), RelationshipListType.Trust, ctx.now);
    return null;
  },

  async "/userRelationship/addBlock"(input, ctx) {
    const user = requireUser(ctx);
    await setRelationship(ctx.db, user.id, await otherUser(ctx.db, user.id, input.toUser), RelationshipListType.Block, ctx.now);
    return null;
  },

  async "/userRelationship/cancelRelationship"(input, ctx) {
    const user = requireUser(ctx);
    await removeRelationship(ctx.db, user.id, await otherUser(ctx.db, user.id, input.toUser));
    return null;
  },
} satisfies HandlerGroup<
  | "/userRelationship/getRelationship"
  | "/userRelationship/getRelationshipList"
  | "/userRelationship/addTrust"
  | "/userRelationship/addBlock"
  | "/userRelationship/cancelRelationship"
>;
