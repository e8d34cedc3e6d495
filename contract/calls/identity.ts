import { z } from "zod";
import { defineCall, id, noBody, okEmpty } from "../define";
import { kycReviewSchema } from "../enum-schemas";
import { accountSchema, desksSchema, kycCertSchema, profileAccountSchema, profileSchema, publicProfileSchema, statisticsSchema } from "../entities";
import { imagePath, kycBack, kycBirthday, kycCountry, kycFront, kycIdKind, kycIdNo, kycRealName, kycSocialAccount, nickname, redemptionCode } from "../fields";

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
    response: z.object({ profile: publicProfileSchema, statistics: statisticsSchema }),
    doc: "Public information of a user. Response designed: {profile (public fields), statistics}.",
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
  "/userCert/getKycVerification": defineCall({
    path: "/userCert/getKycVerification",
    auth: "user",
    request: noBody,
    response: z.object({
      cert: kycCertSchema.nullable(),
      /** Designed addition: where the certificate stands in staff review, and why it was rejected. */
      review: z.object({ status: kycReviewSchema, reason: z.string().nullable() }).nullable(),
    }),
    doc: "The submitted KYC certificate and its review, or nulls when none was submitted.",
  }),
  "/userCert/getKycImage": defineCall({
    path: "/userCert/getKycImage",
    auth: "user",
    request: z.object({ side: z.enum(["front", "back"], { errorMap: () => ({ message: "Choose the front or the back." }) }) }),
    response: z.object({ contentType: z.string(), base64: z.string() }),
    doc: "Designed: one photo of the caller's own submitted ID (they are stored encrypted and shown only to the user and to staff).",
  }),
  "/userCert/updateKycVerification": defineCall({
    path: "/userCert/updateKycVerification",
    auth: "user",
    request: z.object({
      cert: z.object({
        idCountry: kycCountry,
        idKind: kycIdKind,
        idNo: kycIdNo,
        realname: kycRealName,
        birthday: kycBirthday,
        idFace: kycFront,
        idOppo: kycBack,
        socialAccount: kycSocialAccount,
      }),
    }),
    response: okEmpty,
    doc: "Submits the KYC certificate (only while kycAuthStatus is 0). Response designed: null.",
  }),
  "/userRedemptionCode/confirmRedemptionCode": defineCall({
    path: "/userRedemptionCode/confirmRedemptionCode",
    auth: "user",
    request: z.object({ redemptionCode }),
    response: z.object({
      amount: z.number().int(),
      /** Designed addition: what was credited: "coins" (amount in hundredths) or "points" (base units ÷10000). */
      kind: z.enum(["coins", "points"]),
    }),
    doc: "Redeems a 10-character code once. Response designed: {amount, kind} credited.",
  }),
};
