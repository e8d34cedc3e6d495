import type { z } from "zod";
import { authCalls } from "./calls/auth";
import { catalogCalls } from "./calls/catalog";
import { chatCalls } from "./calls/chat";
import { identityCalls } from "./calls/identity";
import { kycCalls } from "./calls/kyc";
import { redemptionCalls } from "./calls/redemption";
import { imagesCalls } from "./calls/images";
import { membershipCalls } from "./calls/membership";
import { noticeCalls } from "./calls/notices";
import { ordersCalls } from "./calls/orders";
import { orderEvidenceCalls, orderEvidenceDeskCalls } from "./calls/orders-evidence";
import { rateAlertCalls } from "./calls/rate-alerts";
import { referralCalls } from "./calls/referral";
import { relationshipsCalls } from "./calls/relationships";
import { sessionCalls } from "./calls/sessions";
import { orderDeskCalls } from "./calls/orders-desks";
import { withdrawalDeskCalls } from "./calls/withdrawals-desks";
import { virtualCoinStaffCalls } from "./calls/virtual-coin-staff";
import { staffRedemptionCalls } from "./calls/redemption-staff";
import { staffKycCalls } from "./calls/kyc-staff";
import { staffAuditCalls } from "./calls/audit";
import { staffMallCalls } from "./calls/membership-staff";
import { withdrawerSettingsCalls } from "./calls/withdrawals-withdrawer";
import { merchantDeskCalls } from "./calls/catalog-merchant";
import { twoFactorCalls } from "./calls/two-factor";
import { virtualCoinCalls } from "./calls/virtual-coin";
import { walletCalls } from "./calls/wallet";
import { withdrawalsCalls } from "./calls/withdrawals";
import { receiptCalls } from "./calls/receipts";
import { pushCalls } from "./calls/push";
import { supportCalls, supportStaffCalls } from "./calls/support";

/**
 * Every /client call of docs/product/calls.md, keyed by its path (without the /client prefix).
 * Each value is a CallDef: { path, auth, request, response, doc, upload? }.
 */
export const calls = {
  ...catalogCalls,
  ...authCalls,
  ...identityCalls,
  ...kycCalls,
  ...redemptionCalls,
  ...imagesCalls,
  ...ordersCalls,
  ...orderEvidenceCalls,
  ...walletCalls,
  ...withdrawalsCalls,
  ...receiptCalls,
  ...virtualCoinCalls,
  ...relationshipsCalls,
  ...referralCalls,
  ...rateAlertCalls,
  ...noticeCalls,
  ...membershipCalls,
  ...chatCalls,
  ...sessionCalls,
  ...twoFactorCalls,
  ...pushCalls,
  ...supportCalls,
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
  ...orderDeskCalls,
  ...orderEvidenceDeskCalls,
  ...withdrawalDeskCalls,
  ...virtualCoinStaffCalls,
  ...staffRedemptionCalls,
  ...staffKycCalls,
  ...staffAuditCalls,
  ...staffMallCalls,
  ...withdrawerSettingsCalls,
  ...merchantDeskCalls,
  ...supportStaffCalls,
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
  kycCalls,
  redemptionCalls,
  imagesCalls,
  membershipCalls,
  noticeCalls,
  ordersCalls,
  referralCalls,
  relationshipsCalls,
  sessionCalls,
  orderDeskCalls,
  withdrawalDeskCalls,
  twoFactorCalls,
  virtualCoinStaffCalls,
  virtualCoinCalls,
  walletCalls,
  withdrawalsCalls,
};
export * from "./calls/orders-desks";
export * from "./calls/withdrawals-desks";
export * from "./calls/redemption-staff";
export * from "./calls/kyc-staff";
export * from "./calls/audit";
export * from "./calls/membership-staff";
export * from "./calls/withdrawals-withdrawer";
export * from "./calls/catalog-merchant";
export { virtualCoinPriceSchema, type VirtualCoinPrice } from "./calls/virtual-coin";
export { SESSION_ID_LENGTH, sessionId, signedInSessionSchema, type SignedInSession } from "./calls/sessions";
export * from "./define";
export * from "./envelope";
export * from "./enums";
export * from "./enum-schemas";
export * from "./constants";
export * from "./fields";
export * from "./entities";
