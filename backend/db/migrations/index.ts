import type { Migration } from "kysely";
import * as m001 from "./001-foundation";
import * as m002orders from "./002-orders";
import * as m003uploads from "./003-uploads";
import * as m004wallet from "./004-wallet";
import * as m005chat from "./005-chat";
import * as m006timRelay from "./006-tim-relay";
import * as m007jobLeases from "./007-job-leases";
import * as m008cardCodes from "./008-card-codes";
import * as m009bankAccountUnique from "./009-bank-account-unique";
import * as m010tokenEndReason from "./010-token-end-reason";
import * as m011tradePasswordLock from "./011-trade-password-lock";
import * as m012redemptionCodes from "./012-redemption-codes";
import * as m013kyc from "./013-kyc";
import * as m014relationships from "./014-relationships";
import * as m015membership from "./015-membership";
import * as m016referral from "./016-referral";
import * as m017catalogNotify from "./017-catalog-notify";
import * as m018listIndexes from "./018-list-indexes";
import * as m019cardFingerprints from "./019-card-fingerprints";
import * as m020staffAudit from "./020-staff-audit";
import * as m021merchantDesk from "./021-merchant-desk";
import * as m022chatActivity from "./022-chat-activity";
import * as m023orderStats from "./023-order-stats";
import * as m024completedPairs from "./024-completed-pairs";
import * as m026purchaseBills from "./026-purchase-bills";
import * as m027mallDelivery from "./027-mall-delivery";
import * as m028bankCodes from "./028-bank-codes";
import * as m029knownDevices from "./029-known-devices";
import * as m030sealedPersonalData from "./030-sealed-personal-data";
import type { MigrationContext } from "./030-sealed-personal-data";
import * as m032twoFactor from "./032-two-factor";
import * as m034noticeChatMessage from "./034-notice-chat-message";
import * as m036traderDays from "./036-trader-days";
import * as m037rateHistory from "./037-rate-history";
import * as m038rateAlerts from "./038-rate-alerts";
import * as m039orderBatches from "./039-order-batches";
import * as m040orderEvidence from "./040-order-evidence";
import * as m041supportTickets from "./041-support-tickets";
import * as m042webPush from "./042-web-push";

export type { MigrationContext };

/**
 * Every migration, in order. Listed by hand: no directory scanning at run time. `ctx`: what a
 * migration of stored data needs besides the database (030 seals with the server's keys).
 */
export const migrationsWith = (ctx: MigrationContext = {}): Record<string, Migration> => ({
  "001-foundation": m001,
  "002-orders": m002orders,
  "003-uploads": m003uploads,
  "004-wallet": m004wallet,
  "005-chat": m005chat,
  "006-tim-relay": m006timRelay,
  "007-job-leases": m007jobLeases,
  "008-card-codes": m008cardCodes,
  "009-bank-account-unique": m009bankAccountUnique,
  "010-token-end-reason": m010tokenEndReason,
  "011-trade-password-lock": m011tradePasswordLock,
  "012-redemption-codes": m012redemptionCodes,
  "013-kyc": m013kyc,
  "014-relationships": m014relationships,
  "015-membership": m015membership,
  "016-referral": m016referral,
  "017-catalog-notify": m017catalogNotify,
  "018-list-indexes": m018listIndexes,
  "019-card-fingerprints": m019cardFingerprints,
  "020-staff-audit": m020staffAudit,
  "021-merchant-desk": m021merchantDesk,
  "022-chat-activity": m022chatActivity,
  "023-order-stats": m023orderStats,
  "024-completed-pairs": m024completedPairs,
  "026-purchase-bills": m026purchaseBills,
  "027-mall-delivery": m027mallDelivery,
  "028-bank-codes": m028bankCodes,
  "029-known-devices": m029knownDevices,
  "030-sealed-personal-data": m030sealedPersonalData.migration(ctx),
  "032-two-factor": m032twoFactor,
  "034-notice-chat-message": m034noticeChatMessage,
  "036-trader-days": m036traderDays,
  "037-rate-history": m037rateHistory,
  "038-rate-alerts": m038rateAlerts,
  "039-order-batches": m039orderBatches,
  "040-order-evidence": m040orderEvidence,
  "041-support-tickets": m041supportTickets,
  "042-web-push": m042webPush,
});

/** The migrations without keys: enough for a database that holds no personal data yet. */
export const migrations = migrationsWith();
