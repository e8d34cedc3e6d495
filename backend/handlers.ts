import type { ClientPath } from "../contract/index";
import type { Handler, Handlers } from "./http/handler-types";
import { notImplemented } from "./http/errors";
import { authHandlers } from "./modules/auth/handlers";
import { catalogHandlers } from "./modules/catalog/handlers";
import { chatHandlers } from "./modules/chat/handlers";
import { identityHandlers } from "./modules/identity/handlers";
import { imageHandlers } from "./modules/images/handlers";
import { noticeHandlers } from "./modules/notices/handlers";
import { orderHandlers } from "./modules/orders/handlers";
import { redemptionHandlers } from "./modules/redemption/handlers";
import { kycHandlers } from "./modules/kyc/handlers";
import { referralHandlers } from "./modules/referral/handlers";
import { virtualCoinHandlers } from "./modules/virtual-coin/handlers";
import { walletHandlers } from "./modules/wallet/handlers";
import { withdrawalHandlers } from "./modules/withdrawals/handlers";

/** A call whose domain lands in a later issue: answers "Service not implemented" in the envelope. */
const later = <P extends ClientPath>(): Handler<P> => async () => {
  throw notImplemented();
};

/**
 * Every call of the contract, each with its handler. This object is typed
 * `Handlers`: a call without a handler here fails to type-check.
 */
export const handlers: Handlers = {
  ...catalogHandlers,
  ...authHandlers,
  ...identityHandlers,
  ...noticeHandlers,
  ...imageHandlers,
  // Selling cards (issue 3): /order, /userFeedback, /merchant/order, /admin/order
  ...orderHandlers,

  // Wallet and cash-out (issue 4): /userBill, /userPayment, /userWithdraw, /virtualCoinOrder,
  // /merchant/withdraw, /admin/virtualCoin
  ...walletHandlers,
  ...withdrawalHandlers,
  ...virtualCoinHandlers,
  // Chat (issue 5)
  ...chatHandlers,
  // Redemption codes and identity verification (issue 10)
  ...redemptionHandlers,
  ...kycHandlers,
  // Identity, relationships, referral, membership (later issues)
  "/userRelationship/getRelationship": later(),
  "/userRelationship/getRelationshipList": later(),
  "/userRelationship/addTrust": later(),
  "/userRelationship/addBlock": later(),
  "/userRelationship/cancelRelationship": later(),
  ...referralHandlers,
  "/wealthRedemption/wealthRedemptionList": later(),
  "/wealthRedemption/wealthExchange": later(),
  "/wealthRecord/pageWealthRecord": later(),
  "/wealthRecord/wealthRecordList": later(),
  "/userCheckIn/getCheckInInfo": later(),
  "/userCheckIn/userCheckIn": later(),
};
