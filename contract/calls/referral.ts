import { z } from "zod";
import { defineCall, noBody } from "../define";
import { referralUserSchema, shareStatisticsSchema } from "../entities";
import { listOf } from "./common";

/** The referral programme (the referral module). */
export const referralCalls = {
  "/userShare/getShareStatistics": defineCall({
    path: "/userShare/getShareStatistics",
    auth: "user",
    request: noBody,
    response: shareStatisticsSchema,
    doc: "Number of invited friends and coins earned from them.",
  }),
  "/userShare/getShareUsers": defineCall({
    path: "/userShare/getShareUsers",
    auth: "user",
    request: z.object({
      /** Cursor: registerTime of the last item; absent, null or 0 for the first page. */
      registerTime: z.number().int().nonnegative().max(8_640_000_000_000_000, "Invalid cursor.").nullish(),
    }),
    response: listOf(referralUserSchema),
    doc: "Invited friends, newest first, paged by registerTime.",
  }),
};
