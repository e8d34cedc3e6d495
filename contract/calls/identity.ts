import { z } from "zod";
import { traderFiguresSchema } from "../trader-figures";
import { defineCall, id, noBody, okEmpty } from "../define";
import { accountSchema, desksSchema, profileAccountSchema, profileSchema, publicProfileSchema, statisticsSchema } from "../entities";
import { imagePath, nickname } from "../fields";

/** Profile, statistics, nickname and avatar, KYC, redemption codes (backend/modules/identity). */
export const identityCalls = {
  "/userInfo/getAccountBalance": defineCall({
    path: "/userInfo/getAccountBalance",
    auth: "user",
    request: noBody,
    response: z.object({ account: accountSchema, level: z.number().int() }),
    doc: "Available, frozen and deposit balances, wealth, and the membership level.",
  }),
  "/userInfo/getProfileInfo": defineCall({
    path: "/userInfo/getProfileInfo",
    auth: "user",
    request: noBody,
    response: z.object({
      profile: profileSchema,
      account: profileAccountSchema,
      statistics: statisticsSchema,
      /** Deposit in hundredths. */
      bail_amount: z.number().int(),
    }),
    doc: "The signed-in user's profile, bound contacts, statistics and deposit.",
  }),
  "/userInfo/getDesks": defineCall({
    path: "/userInfo/getDesks",
    auth: "user",
    request: noBody,
    response: desksSchema,
    doc: "Designed: which desks the signed-in user may open (merchant /desk, withdrawer /desk/withdrawals, staff /staff; ADR 0034).",
  }),
  "/userInfo/getUserInfo": defineCall({
    path: "/userInfo/getUserInfo",
    auth: "none",
    request: z.object({ userId: id }),
    response: z.object({
      profile: publicProfileSchema,
      statistics: statisticsSchema,
      /** Designed (ADR 0069): the user's figures over 30 days as a merchant of card orders. */
      figures: traderFiguresSchema,
    }),
    doc: "Public information of a user. Response designed: {profile (public fields), statistics, figures}.",
  }),
  "/userInfo/updateAvatar": defineCall({
    path: "/userInfo/updateAvatar",
    auth: "user",
    request: z.object({ avatar: imagePath }),
    response: okEmpty,
    doc: "Sets the avatar to an uploaded image path. Response designed: null.",
  }),
  "/userInfo/updateNickname": defineCall({
    path: "/userInfo/updateNickname",
    auth: "user",
    request: z.object({ nickname }),
    response: okEmpty,
    doc: "Changes the nickname (allowed once). Response designed: null.",
  }),
};
