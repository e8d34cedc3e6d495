import { z } from "zod";
import { defineCall, lastId, noBody, okEmpty } from "../define";
import { noticeSchema, signedInUserSchema } from "../entities";
import { byId, listOf } from "./common";

/** Notifications and the top-bar badges. */
export const noticeCalls = {
  "/notice/checkNotice": defineCall({
    path: "/notice/checkNotice",
    auth: "user",
    request: noBody,
    response: z.object({
      /** Orders still trading (statuses 0-3): the Orders badge. */
      orderCount: z.number().int(),
      /** Pending withdrawals (statuses 0-1): the Withdrawal badge. */
      withdrawCount: z.number().int(),
      /** Unread notices, counted up to BADGE_CAP + 1 (100): the badge shows "99+" beyond 99 (ADR 0027). */
      unRead: z.number().int(),
      /** Designed (ADR 0036): Waiting orders sold to the caller, for a merchant's Desk badge; 0 for everyone else. */
      deskWaiting: z.number().int(),
      /** Designed: Waiting withdrawals sent to the caller, for a withdrawer's Payouts badge; 0 for everyone else. */
      deskWithdrawals: z.number().int(),
      /** The latest notices for the bell popover. */
      list: z.array(noticeSchema),
      /** Designed (ADR 0059): the caller as the top bar shows her, read with the counts. */
      user: signedInUserSchema,
    }),
    doc: "Badge counts, the latest notices and the caller as the top bar shows her.",
  }),
  "/notice/getNoticeList": defineCall({
    path: "/notice/getNoticeList",
    auth: "user",
    request: z.object({ lastId }),
    response: listOf(noticeSchema),
    doc: "The user's notices, newest first, paged by the id of the last item.",
  }),
  "/notice/setRead": defineCall({
    path: "/notice/setRead",
    auth: "user",
    request: byId,
    response: okEmpty,
    doc: "Marks one of the user's notices read. Response designed: null.",
  }),
  "/notice/setAllRead": defineCall({
    path: "/notice/setAllRead",
    auth: "user",
    request: noBody,
    response: okEmpty,
    doc: "Marks all the user's notices read. Response designed: null.",
  }),
};
