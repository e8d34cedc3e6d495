import { z } from "zod";
import { KYC_IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES } from "../constants";
import { defineCall, id, lastId, noBody, okEmpty } from "../define";
import {
  accountSchema,
  feedbackSchema,
  kycCertSchema,
  paymentTypeSchema,
  profileAccountSchema,
  profileSchema,
  publicProfileSchema,
  referralUserSchema,
  relationshipInfoSchema,
  relationshipListItemSchema,
  shareStatisticsSchema,
  statisticsSchema,
  userPaymentSchema,
} from "../entities";
import { UploadImageType } from "../enums";
import { feedbackTypeSchema, relationshipListTypeSchema, uploadImageTypeSchema } from "../enum-schemas";
import {
  accountNumber,
  bankId,
  bankNote,
  feedbackContent,
  feedbackType,
  imageFile,
  imagePath,
  kycBack,
  kycBirthday,
  kycCountry,
  kycFront,
  kycIdKind,
  kycIdNo,
  kycRealName,
  kycSocialAccount,
  nickname,
  optionalText,
  realName,
  redemptionCode,
  starLevel,
} from "../fields";
import { created, listOf } from "./common";

const toUser = z.object({ toUser: id });

/** The bank-account fields a user types (realname, accountNumber, optional QR image and note). */
const userPaymentInput = z.object({
  realname: realName,
  accountNumber,
  receiveQr: optionalText(500, "The QR image path is too long."),
  remark: bankNote,
});

/** Profile, images, KYC, bank accounts, redemption codes, relationships, feedback, referral. */
export const userCalls = {
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
  "/image/uploadImage": defineCall({
    path: "/image/uploadImage",
    auth: "user",
    upload: true,
    request: z
      .object({
        file: imageFile,
        type: uploadImageTypeSchema,
        /** Hash of the advert secret; required for order images (they are stored encrypted with a key derived from it). */
        secret: z.string().trim().max(256, "The secret is too long.").optional(),
      })
      .superRefine((v, ctx) => {
        const max = v.type === UploadImageType.Cert ? KYC_IMAGE_MAX_BYTES : UPLOAD_MAX_BYTES;
        if (v.file.size > max)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["file"], message: `The image must be at most ${max / 1024 / 1024}M.` });
        if (v.type === UploadImageType.Order && !v.secret)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["secret"], message: "The order secret is required." });
      }),
    response: z.object({ path: z.string() }),
    doc: "Multipart upload of an avatar, KYC (cert, at most 2M) or order image; returns its stored path.",
  }),
  "/userCert/getKycVerification": defineCall({
    path: "/userCert/getKycVerification",
    auth: "user",
    request: noBody,
    response: z.object({ cert: kycCertSchema.nullable() }),
    doc: "The submitted KYC certificate, or null when none was submitted.",
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
  "/userPayment/getPaymentType": defineCall({
    path: "/userPayment/getPaymentType",
    auth: "user",
    request: noBody,
    response: z.object({ paymentType: z.array(paymentTypeSchema) }),
    doc: "Banks a user can receive payouts with.",
  }),
  "/userPayment/getPaymentList": defineCall({
    path: "/userPayment/getPaymentList",
    auth: "user",
    request: noBody,
    response: z.object({ paymentList: z.array(userPaymentSchema) }),
    doc: "The user's bank accounts.",
  }),
  "/userPayment/addPayment": defineCall({
    path: "/userPayment/addPayment",
    auth: "user",
    request: z.object({ paymentId: bankId, userPayment: userPaymentInput }),
    response: created,
    doc: "Adds a bank account. Response designed: {id} of the new account.",
  }),
  "/userPayment/updatePayment": defineCall({
    path: "/userPayment/updatePayment",
    auth: "user",
    request: z.object({ paymentId: bankId, userPayment: userPaymentInput.extend({ id }) }),
    response: okEmpty,
    doc: "Edits one of the user's bank accounts. Response designed: null.",
  }),
  "/userPayment/removePayment": defineCall({
    path: "/userPayment/removePayment",
    auth: "user",
    request: z.object({ userPayment: z.object({ id }) }),
    response: okEmpty,
    doc: "Deletes one of the user's bank accounts (toast 'Removed !'). Response designed: null.",
  }),
  "/userRedemptionCode/confirmRedemptionCode": defineCall({
    path: "/userRedemptionCode/confirmRedemptionCode",
    auth: "user",
    request: z.object({ redemptionCode }),
    response: z.object({ amount: z.number().int() }),
    doc: "Redeems a 10-character code. Response designed: {amount} credited, in hundredths.",
  }),
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
  "/userFeedback/getFeedbackList": defineCall({
    path: "/userFeedback/getFeedbackList",
    auth: "none",
    request: z.object({
      lastId,
      userId: id,
      /** 1 positive, 2 negative; absent, null or 0: all. */
      type: z
        .union([z.literal(0), feedbackTypeSchema])
        .nullish()
        .transform((v) => (v ? v : undefined)),
    }),
    response: listOf(feedbackSchema),
    doc: "Feedback received by a user, paged by the id of the last item.",
  }),
  "/userFeedback/addFeedback": defineCall({
    path: "/userFeedback/addFeedback",
    auth: "user",
    request: z.object({
      feedback: z.object({ orderid: id, starLevel, type: feedbackType, content: feedbackContent }),
    }),
    response: created,
    doc: "Comments once on a completed order of the user's. Response designed: {id} of the feedback.",
  }),
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
      registerTime: z.number().int().nonnegative().nullish(),
    }),
    response: listOf(referralUserSchema),
    doc: "Invited friends, newest first, paged by registerTime.",
  }),
};
