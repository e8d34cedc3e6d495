import { z } from "zod";
import { defineCall, id, okEmpty } from "../define";
import { relationshipInfoSchema, relationshipListItemSchema } from "../entities";
import { relationshipListTypeSchema } from "../enum-schemas";
import { listOf } from "./common";

const toUser = z.object({ toUser: id });

/** Trust and block between users (the relationships module). */
export const relationshipsCalls = {
  "/userRelationship/getRelationship": defineCall({
    path: "/userRelationship/getRelationship",
    auth: "user",
    request: toUser,
    response: relationshipInfoSchema,
    doc: "The relationship (0 none, 1 trust, 2 block) with another user and the trades between them.",
  }),
  "/userRelationship/getRelationshipList": defineCall({
    path: "/userRelationship/getRelationshipList",
    auth: "user",
    request: z.object({ type: relationshipListTypeSchema }),
    response: listOf(relationshipListItemSchema),
    doc: "Trusted (type 1) or blocked (type 2) users.",
  }),
  "/userRelationship/addTrust": defineCall({
    path: "/userRelationship/addTrust",
    auth: "user",
    request: toUser,
    response: okEmpty,
    doc: "Trusts a user. Response designed: null.",
  }),
  "/userRelationship/addBlock": defineCall({
    path: "/userRelationship/addBlock",
    auth: "user",
    request: toUser,
    response: okEmpty,
    doc: "Blocks a user. Response designed: null.",
  }),
  "/userRelationship/cancelRelationship": defineCall({
    path: "/userRelationship/cancelRelationship",
    auth: "user",
    request: toUser,
    response: okEmpty,
    doc: "Returns the relationship with a user to none. Response designed: null.",
  }),
};
