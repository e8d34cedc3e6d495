import { z } from "zod";
import {
  AdvertCardType,
  ArbitrationType,
  BannerLocation,
  BannerType,
  BillType,
  FeedbackType,
  Flag,
  KycIdKind,
  KycStatus,
  KycReview,
  LoginType,
  MallOrderStatus,
  NoticeStatus,
  NoticeType,
  OrderAction,
  OrderListTab,
  OrderStatus,
  Relationship,
  RelationshipListType,
  ShowType,
  UploadImageType,
  VerificationCodeType,
  VirtualCoinOrderStatus,
  VirtualCoinType,
  WealthRecordType,
  WithdrawalAction,
  WithdrawalStatus,
} from "./enums";

/**
 * zod schemas for the enums of ./enums: each accepts exactly the values of its
 * const object, with the message the contract answers on anything else. Kept
 * apart from the values so pages that only need the values ship no zod.
 */

type ValueOf<T> = T[keyof T];

/** Integer enum schema: a JSON number that is one of the object's values. */
export function intEnum<const T extends Record<string, number>>(obj: T, message: string) {
  const values: readonly number[] = Object.values(obj);
  return z
    .number({ invalid_type_error: message, required_error: message })
    .int({ message })
    .refine((v): v is ValueOf<T> => values.includes(v), { message });
}

/** String enum schema: one of the object's values (surrounding spaces are ignored). */
export function strEnum<const T extends Record<string, string>>(obj: T, message: string) {
  const values = Object.values(obj) as [ValueOf<T>, ...ValueOf<T>[]];
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.enum(values as unknown as [string, ...string[]], { errorMap: () => ({ message }) }),
  ) as unknown as z.ZodType<ValueOf<T>, z.ZodTypeDef, ValueOf<T>>;
}

export const orderStatusSchema = intEnum(OrderStatus, "Unknown order status.");
export const arbitrationTypeSchema = intEnum(ArbitrationType, "Unknown dispute type.");
export const orderActionSchema = strEnum(OrderAction, "Unknown order action.");
export const orderListTabSchema = intEnum(OrderListTab, "Unknown order list tab.");
export const advertCardTypeSchema = intEnum(AdvertCardType, "Unknown card type.");
export const onlineStatusSchema = z.number().int();
export const withdrawalStatusSchema = intEnum(WithdrawalStatus, "Unknown withdrawal status.");
export const withdrawalActionSchema = strEnum(WithdrawalAction, "Unknown withdrawal action.");
export const billTypeSchema = intEnum(BillType, "Unknown transaction type.");
export const virtualCoinTypeSchema = intEnum(VirtualCoinType, "Please select BTC or USDT.");
export const virtualCoinOrderStatusSchema = intEnum(VirtualCoinOrderStatus, "Unknown transfer order status.");
export const noticeTypeSchema = intEnum(NoticeType, "Unknown notice type.");
export const noticeStatusSchema = intEnum(NoticeStatus, "Unknown notice status.");
export const bannerTypeSchema = intEnum(BannerType, "Unknown banner type.");
export const bannerLocationSchema = strEnum(BannerLocation, "Unknown banner location.");
export const relationshipSchema = intEnum(Relationship, "Unknown relationship.");
export const relationshipListTypeSchema = intEnum(RelationshipListType, "Please choose trusted or blocked users.");
export const feedbackTypeSchema = intEnum(FeedbackType, "Select a feedback, please.");
export const kycIdKindSchema = intEnum(KycIdKind, "Please select your ID Type.");
export const kycStatusSchema = intEnum(KycStatus, "Unknown KYC status.");
export const kycReviewSchema = intEnum(KycReview, "Unknown review status.");
export const flagSchema = intEnum(Flag, "Expected 0 or 1.");
export const wealthRecordTypeSchema = intEnum(WealthRecordType, "Unknown record type.");
export const restrictTypeSchema = z.number().int();
export const showTypeSchema = intEnum(ShowType, "Unknown show type.");
export const mallOrderStatusSchema = intEnum(MallOrderStatus, "Unknown point order status.");
export const verificationCodeTypeSchema = strEnum(VerificationCodeType, "Unknown verification code type.");
export const loginTypeSchema = strEnum(LoginType, "Please choose e-mail or mobile.");
export const uploadImageTypeSchema = strEnum(UploadImageType, "Unknown image type.");
