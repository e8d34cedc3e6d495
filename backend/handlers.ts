import type { Handlers } from "./http/handler-types";
import { authHandlers } from "./modules/auth/handlers";
import { catalogHandlers } from "./modules/catalog/handlers";
import { merchantAdvertHandlers } from "./modules/catalog/merchant-handlers";
import { chatHandlers } from "./modules/chat/handlers";
import { identityHandlers } from "./modules/identity/handlers";
import { imageHandlers } from "./modules/images/handlers";
import { noticeHandlers } from "./modules/notices/handlers";
import { orderHandlers } from "./modules/orders/handlers";
import { redemptionHandlers } from "./modules/redemption/handlers";
import { kycHandlers } from "./modules/kyc/handlers";
import { rateAlertHandlers } from "./modules/rate-alerts/handlers";
import { relationshipHandlers } from "./modules/relationships/handlers";
import { membershipHandlers } from "./modules/membership/handlers";
import { mallOrderHandlers } from "./modules/membership/staff-handlers";
import { referralHandlers } from "./modules/referral/handlers";
import { virtualCoinHandlers } from "./modules/virtual-coin/handlers";
import { walletHandlers } from "./modules/wallet/handlers";
import { withdrawalHandlers, withdrawerSettingsHandlers } from "./modules/withdrawals/handlers";
import { auditHandlers } from "./modules/audit/handlers";
import { sessionHandlers } from "./modules/sessions/handlers";
import { twoFactorHandlers } from "./modules/two-factor/handlers";
import { receiptHandlers } from "./modules/receipts/handlers";
import { pushHandlers } from "./modules/push/handlers";
import { supportHandlers } from "./modules/support/handlers";

/**
 * Every call of the contract, each with its handler. This object is typed
 * `Handlers`: a call without a handler here fails to type-check.
 */
export const handlers: Handlers = {
  ...catalogHandlers,
  ...authHandlers,
  // The sessions an account can see and end (ADR 0058)
  ...sessionHandlers,
  // Two-factor sign-in: /twoFactor
  ...twoFactorHandlers,
  ...identityHandlers,
  ...noticeHandlers,
  ...imageHandlers,
  // Selling cards: /order, /userFeedback, /merchant/order, /admin/order
  ...orderHandlers,

  // Wallet and cash-out: /userBill, /userPayment, /userWithdraw, /virtualCoinOrder,
  // /merchant/withdraw, /admin/virtualCoin
  ...walletHandlers,
  ...withdrawalHandlers,
  // The withdrawer desk: /merchant/withdrawer
  ...withdrawerSettingsHandlers,
  ...virtualCoinHandlers,
  // Receipts of completed orders, withdrawals and transfers (ADR 0075)
  ...receiptHandlers,
  // Web Push: /push (ADR 0079)
  ...pushHandlers,
  // Chat
  ...chatHandlers,
  // Redemption codes and identity verification
  ...redemptionHandlers,
  ...kycHandlers,
  // Partners: trust and block
  ...relationshipHandlers,
  ...rateAlertHandlers,
  // Referral: rewards and the friends list
  ...referralHandlers,
  // Membership: point mall, Vip Records, daily check-in
  ...membershipHandlers,
  // The point mall's orders staff send by hand: /admin/mallOrder
  ...mallOrderHandlers,
  // The staff desk: audit trail and queue counts
  ...auditHandlers,
  // The merchant desk: offers and the online switch
  ...merchantAdvertHandlers,
  // Support tickets: /support, /admin/ticket (ADR 0078)
  ...supportHandlers,
};
