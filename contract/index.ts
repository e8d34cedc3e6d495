import type { z } from "zod";
import { authCalls } from "./calls/auth";
import { catalogCalls } from "./calls/catalog";
import { chatCalls } from "./calls/chat";
import { identityCalls } from "./calls/identity";
import { imagesCalls } from "./calls/images";
import { membershipCalls } from "./calls/membership";
import { noticeCalls } from "./calls/notices";
import { ordersCalls } from "./calls/orders";
import { referralCalls } from "./calls/referral";
import { relationshipsCalls } from "./calls/relationships";
import { sessionCalls } from "./calls/sessions";
import { staffOrderCalls } from "./calls/staff-orders";
import { staffWithdrawalCalls } from "./calls/staff-withdrawals";
import { staffRedemptionCalls } from "./calls/staff-redemption";
import { staffKycCalls } from "./calls/staff-kyc";
import { staffAuditCalls } from "./calls/staff-audit";
import { staffMallCalls } from "./calls/staff-mall";
import { withdrawerSettingsCalls } from "./calls/withdrawer-settings";
import { merchantDeskCalls } from "./calls/merchant-desk";
import { twoFactorCalls } from "./calls/two-factor";
import { virtualCoinCalls } from "./calls/virtual-coin";
import { walletCalls } from "./calls/wallet";
import { withdrawalsCalls } from "./calls/withdrawals";

/**
 * Every /client call of docs/product/calls.md, keyed by its path (without the /client prefix).
 * Each value is a CallDef: { path, auth, request, response, doc, upload? }.
 */
export const calls = {
  ...catalogCalls,
  ...authCalls,
  ...identityCalls,
  ...imagesCalls,
  ...ordersCalls,
  ...walletCalls,
  ...withdrawalsCalls,
  ...virtualCoinCalls,
  ...relationshipsCalls,
  ...referralCalls,
  ...noticeCalls,
  ...membershipCalls,
  ...chatCalls,
  ...sessionCalls,
  ...twoFactorCalls,
};

export type Calls = typeof calls;
export type ClientPath = keyof Calls;
/** What a caller passes (before parsing: defaults, coercions and trims not applied). */
export type CallRequest<P extends ClientPath> = z.input<Calls[P]["request"]>;
/** What a handler receives after parsing the request. */
export type CallInput<P extends ClientPath> = z.output<Calls[P]["request"]>;
/** The `data` of a successful answer. */
export type CallResponse<P extends ClientPath> = z.infer<Calls[P]["response"]>;

export const clientPaths = Object.keys(calls) as ClientPath[];

/**
 * Calls the spec does not show, for merchants, withdrawers and administrators. They are
 * keyed by their full path (served at exactly that path, e.g. /merchant/order/list), use
 * the same envelope, and are added by the issues that need them.
 */
export const staffCalls = {
  ...staffOrderCalls,
  ...staffWithdrawalCalls,
  ...staffRedemptionCalls,
  ...staffKycCalls,
  ...staffAuditCalls,
  ...staffMallCalls,
  ...withdrawerSettingsCalls,
  ...merchantDeskCalls,
};
export type StaffPath = keyof typeof staffCalls;
export type AnyPath = ClientPath | StaffPath;
type AllCalls = Calls & typeof staffCalls;
export const allCalls: AllCalls = { ...calls, ...staffCalls };
export type AnyCallInput<P extends AnyPath> = z.output<AllCalls[P]["request"]>;
export type AnyCallResponse<P extends AnyPath> = z.infer<AllCalls[P]["response"]>;
export type AnyCallRequest<P extends AnyPath> = z.input<AllCalls[P]["request"]>;
export const isClientPath = (path: string): path is ClientPath => Object.prototype.hasOwnProperty.call(calls, path);

export {
  authCalls,
  catalogCalls,
  chatCalls,
  identityCalls,
  imagesCalls,
  membershipCalls,
  noticeCalls,
  ordersCalls,
  referralCalls,
  relationshipsCalls,
  sessionCalls,
  staffOrderCalls,
  staffWithdrawalCalls,
  twoFactorCalls,
  virtualCoinCalls,
  walletCalls,
  withdrawalsCalls,
};
export * from "./calls/staff-orders";
export * from "./calls/staff-withdrawals";
export * from "./calls/staff-redemption";
export * from "./calls/staff-kyc";
export * from "./calls/staff-audit";
export * from "./calls/staff-mall";
export * from "./calls/withdrawer-settings";
export * from "./calls/merchant-desk";
export { virtualCoinPriceSchema, type VirtualCoinPrice } from "./calls/virtual-coin";
export { SESSION_ID_LENGTH, sessionId, signedInSessionSchema, type SignedInSession } from "./calls/sessions";
export * from "./define";
export * from "./envelope";
export * from "./enums";
export * from "./enum-schemas";
export * from "./constants";
export * from "./fields";
export * from "./entities";
