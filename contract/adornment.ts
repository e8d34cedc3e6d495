import { z } from "zod";

/**
 * What the point mall gives a user to wear while it lasts (docs/decisions/0052-mall-delivery.md):
 * an avatar frame and a badge beside the nickname. Every response that shows a user's avatar or
 * nickname (profiles, offers, chat peers) carries them; absent or null means none is active.
 * Kept apart from entities.ts so the chat protocol can share the fields without the entities.
 */
export const adornmentFields = {
  /** The active avatar frame's look ("gold"), drawn instead of the level's ring; null: none. */
  frame: z.string().nullish(),
  /** The active badge's words beside the nickname ("Trusted Trader"); null: none. */
  badge: z.string().nullish(),
};

export interface Adornment {
  frame?: string | null;
  badge?: string | null;
}
