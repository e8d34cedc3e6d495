import { z } from "zod";
import { advertCardTypeSchema, arbitrationTypeSchema, bannerLocationSchema, bannerTypeSchema, billTypeSchema, feedbackTypeSchema, flagSchema, kycIdKindSchema, kycStatusSchema, mallOrderStatusSchema, noticeStatusSchema, noticeTypeSchema, onlineStatusSchema, orderStatusSchema, relationshipSchema, restrictTypeSchema, showTypeSchema, wealthRecordTypeSchema, withdrawalStatusSchema } from "./enum-schemas";
import { adornmentFields } from "./adornment";
import { traderFiguresSchema } from "./trader-figures";
import { MALL_DELIVERIES } from "./enums";
import { RECEIPT_KINDS } from "./receipts";

/**
 * The entities of docs/product/entities.md as response schemas, each defined once.
 * Units: `minor` = integer hundredths (coins, card faces, currency amounts);
 * `rate` = integer per 10000; `ms` = integer milliseconds since the epoch.
 * Optional texts that may be absent are `nullable` (the server sends null).
 */

const int = z.number().int();
const minor = z.number().int();
const rate = z.number().int();
const ms = z.number().int().nonnegative();
const text = z.string();

// ---------------------------------------------------------------- config

/** { ckey, cvalue } pair of the wealth config. */
export const configEntrySchema = z.object({ ckey: text, cvalue: text });
export type ConfigEntry = z.infer<typeof configEntrySchema>;

/** Contact config: key -> address (keys: see CONTACT_KEYS; contectUs is spelled so). */
export const contactSchema = z.record(z.string(), z.string());

export const systemConfigSchema = z.object({
  /** NGN per coin, in hundredths. */
  NGNRate: rate,
  CoinName: text,
  contact: contactSchema,
});
export type SystemConfig = z.infer<typeof systemConfigSchema>;

export const btcTradeConfigSchema = z.object({
  btcAddress: text,
  usdtAddress: text,
  /** Address of the customer-service chat for crypto orders. */
  serviceUrl: text,
  /** Coins per USD, per 10000. */
  usdRate: rate,
  /** Share of the value paid out, per 10000. */
  discount: rate,
});
export type BtcTradeConfig = z.infer<typeof btcTradeConfigSchema>;

/** Check-in reward of one streak day: ckey is the day index (1-based), cvalue the reward in wealth base units (÷10000). */
export const checkInConfigEntrySchema = z.object({ ckey: int, cvalue: int });
export type CheckInConfigEntry = z.infer<typeof checkInConfigEntrySchema>;

// ---------------------------------------------------------------- catalog

export const bannerSchema = z.object({
  id: int,
  pic: text,
  type: bannerTypeSchema,
  nameEn: text,
  url: text,
  location: bannerLocationSchema,
});
export type Banner = z.infer<typeof bannerSchema>;

export const cardTypeSchema = z.object({
  id: int,
  nameEn: text,
  icon: text,
  /** Highest rate among the card type's offers, per 10000. */
  maxDiscount: rate,
  /** ISO code of the currency that highest rate is quoted in. */
  maxDiscountCurrency: text,
  minAmount: minor,
  maxAmount: minor,
  /** Number of offers. */
  totalAdvert: int,
});
export type CardType = z.infer<typeof cardTypeSchema>;

export const currencySchema = z.object({
  id: int,
  /** ISO 4217 code, e.g. "USD". */
  currency: text,
  symbol: text,
  nameEn: text,
});
export type Currency = z.infer<typeof currencySchema>;

export const countrySchema = z.object({
  nameEn: text,
  /** Calling code, digits only, e.g. "234". */
  interCode: text,
});
export type Country = z.infer<typeof countrySchema>;

// ---------------------------------------------------------------- adverts

export const advertSchema = z.object({
  id: int,
  /** The merchant (buyer) who placed the offer. */
  userid: int,
  cardtypeid: int,
  cardType: advertCardTypeSchema,
  paymentNameEn: text,
  paymentIcon: text,
  /** Tags, pipe separated. */
  tagListEn: text,
  /** Card face limits in hundredths of tradeCurrency. */
  minTrade: minor,
  maxTrade: minor,
  tradeCurrency: text,
  /** Coins per unit of card face, per 10000. */
  discount: rate,
  /** The same rate expressed per USD, per 10000. */
  usdDiscount: rate,
  /** Remaining face amount the merchant still buys (hundredths). */
  tradeAmount: minor,
  totalBuyAmount: minor,
  /** Fixed faces, pipe separated, in hundredths; empty: any face between minTrade and maxTrade. */
  fixTrade: text,
  /** Minutes the merchant has to pay. */
  payLimit: int,
  explainInfo: text,
  /** Number of completed trades. */
  totalTrade: int,
  /** Number of positive feedbacks. */
  favourableNum: int,
  /**
   * Designed beyond docs/product/entities.md (ADR 0014): how many e-codes one order may carry;
   * 0 any number, 1 "one code per order".
   */
  codesPerOrder: int,
  /**
   * Designed beyond docs/product/entities.md (ADR 0014): the card type's code format for display
   * ("4-4-4-4", alternatives with "|"); "" when it is not known.
   */
  codeFormat: text,
});
export type Advert = z.infer<typeof advertSchema>;

/** An advert with its merchant's public fields (list item and detail). */
export const advertWithMerchantSchema = advertSchema.extend({
  nickname: text,
  avatar: text,
  onlineStatus: onlineStatusSchema,
  /** Designed addition (ADR 0052): the merchant's point-mall frame and badge. */
  ...adornmentFields,
});
export type AdvertWithMerchant = z.infer<typeof advertWithMerchantSchema>;

export const businessUserSchema = z.object({
  id: int,
  avatar: text,
  nickname: text,
  onlineStatus: onlineStatusSchema,
});
export type BusinessUser = z.infer<typeof businessUserSchema>;

// ---------------------------------------------------------------- orders

/** What Order.advertInfo (a JSON string) holds once parsed. */
export const advertInfoSchema = z.object({
  paymentIcon: text,
  paymentNameEn: text,
  /** 0 physical (picture), anything else e-code. */
  cardType: int,
  /** Pipe separated. */
  tagListEn: text,
  explainInfo: text,
  /** The card type's code format when the order was placed (ADR 0014); "" or absent when not known. */
  codeFormat: text.optional(),
});
export type AdvertInfo = z.infer<typeof advertInfoSchema>;

export const orderSchema = z.object({
  id: int,
  status: orderStatusSchema,
  buyerid: int,
  buyerNickname: text,
  buyerAvatar: text,
  /** JSON string, see advertInfoSchema. */
  advertInfo: text,
  /** Card face in hundredths of tradeCurrency. */
  tradeAmount: minor,
  tradeCurrency: text,
  usdDiscount: rate,
  /** Coins (hundredths) computed from face and rate. */
  calculateTotalPrice: minor,
  /** Coins (hundredths) actually paid. */
  realTotalPrice: minor,
  createTimestamp: ms,
  autoCancelTimestamp: ms.nullable(),
  autoReleaseTimestamp: ms.nullable(),
  autoArbitrationTimestamp: ms.nullable(),
  /** Set when a dispute is open (the dispute panel shows then). */
  arbitrationType: arbitrationTypeSchema.nullable(),
  /** Face the merchant claims (hundredths of tradeCurrency). */
  arbitrationApplyAmount: minor.nullable(),
  /** Coins (hundredths) the merchant proposes to pay. */
  arbitrationApplyPrice: minor.nullable(),
  arbitrationContent: text.nullable(),
  sellerRemark: text.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderDetailsSchema = z.object({
  /** Pipe-separated addresses of encrypted images ("" for e-codes). */
  cardImg: text,
  /** Encrypted card code ("" for pictures). */
  cardSecret: text,
  secret: text,
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

export const orderChangeSchema = z.object({
  id: int,
  eventEn: text,
  changeTimestamp: ms,
});
export type OrderChange = z.infer<typeof orderChangeSchema>;

export const feedbackSchema = z.object({
  id: int,
  orderid: int,
  type: feedbackTypeSchema,
  starLevel: int,
  content: text,
  nickname: text,
  photo: text,
  feedbackTime: ms,
});
export type Feedback = z.infer<typeof feedbackSchema>;

// ---------------------------------------------------------------- withdrawals

export const withdrawerSchema = z.object({
  id: int,
  avatar: text,
  nickname: text,
  /** 0 offline / not accepting, otherwise accepting. */
  status: int,
  /** Number of completed sales. */
  sales: int,
  /** Number of positive feedbacks. */
  feedback: int,
  currency: text,
  /** Currency units per coin, per 10000. */
  currencyRate: rate,
  /** Coin limits per withdrawal (hundredths). */
  minTrade: minor,
  maxTrade: minor,
  remainBalance: minor,
  totalBalance: minor,
  /** Pipe separated. */
  tags: text,
  description: text,
  lastUpdate: ms,
  /** Designed (ADR 0069): the withdrawer's figures over 30 days; sent by the withdrawer list and detail. */
  figures: traderFiguresSchema.optional(),
});
export type Withdrawer = z.infer<typeof withdrawerSchema>;

export const withdrawalSchema = z.object({
  id: int,
  withdrawerId: int,
  withdrawerName: text,
  withdrawerAvatar: text,
  status: withdrawalStatusSchema,
  /** Coins (hundredths). */
  amount: minor,
  currency: text,
  currencyRate: rate,
  /** Amount paid out in hundredths of currency. */
  currencyAmount: minor,
  /** JSON string: the user payment (bank account) it is paid to. */
  userPayment: text,
  userRemark: text.nullable(),
  /** Proof of payment; absent shows 'Processing...'. */
  payPicture: text.nullable(),
  /** Why it was cancelled. */
  reason: text.nullable(),
  createTimestamp: ms,
  processTimestamp: ms.nullable(),
  completeTimestamp: ms.nullable(),
  cancelTimestamp: ms.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const billSchema = z.object({
  id: int,
  transTime: ms,
  type: billTypeSchema,
  oppositeNickname: text.nullable(),
  oppositePhoto: text.nullable(),
  descriptionEn: text,
  /** Signed change of the balance (hundredths). */
  transAmount: minor,
  /** Balance after the change (hundredths). */
  currentAmount: minor,
  /** Designed (ADR 0075): the receipt of the order, withdrawal or transfer the bill is for, once it has one. */
  receipt: z.object({ kind: z.enum(RECEIPT_KINDS), id: int }).nullable().optional(),
});
export type Bill = z.infer<typeof billSchema>;

export const tradeStatisticsDaySchema = z.object({
  /** Milliseconds of the local midnight starting the day. */
  day: ms,
  tradeAmount: minor,
  tradeCount: int,
});
export type TradeStatisticsDay = z.infer<typeof tradeStatisticsDaySchema>;

// ---------------------------------------------------------------- users

/** Balances in hundredths; wealthAmount (VIP points) in base units (÷10000). */
export const accountSchema = z.object({
  amount: minor,
  frozenAmount: minor,
  bailAmount: minor,
  wealthAmount: int,
});
export type Account = z.infer<typeof accountSchema>;

export const publicProfileSchema = z.object({
  /** Designed addition: the user's id (chat ids, /userInfo links). */
  id: int,
  avatar: text,
  nickname: text,
  isBusiness: flagSchema,
  onlineStatus: onlineStatusSchema,
  /** Membership level 0..7. */
  level: int,
  /** Designed addition (ADR 0052): the user's point-mall frame and badge. */
  ...adornmentFields,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const profileSchema = publicProfileSchema.extend({
  /** Designed addition: 1 once the nickname was changed (it can be changed only once, docs/product/validation.md). */
  nicknameChanged: flagSchema,
  tradepwdFlag: flagSchema,
  emailBindFlag: flagSchema,
  mobileBindFlag: flagSchema,
  kycAuthFlag: flagSchema,
  kycAuthStatus: kycStatusSchema,
  inviteCode: text,
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * The desks a user may open (designed; ADR 0034): business users buy cards at /desk,
 * certified withdrawers pay out at /desk/withdrawals, administrators decide at /staff.
 * The backend checks the same role on every /merchant and /admin call; this only says
 * which doors to draw and which desk URLs exist for this user.
 */
export const desksSchema = z.object({ merchant: z.boolean(), withdrawer: z.boolean(), staff: z.boolean() });
export type Desks = z.infer<typeof desksSchema>;

/**
 * Designed (ADR 0059): the signed-in user as the top bar and its menu show her. It comes with the
 * badge counts (checkNotice) that every page reads, so a new nickname, avatar, level or desk shows
 * on the next page, on every device she is signed in on.
 */
export const signedInUserSchema = z.object({ id: int, nickname: text, avatar: text, isBusiness: flagSchema, level: int, desks: desksSchema });
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** The `account` of getProfileInfo: the bound contacts (not the balances). */
export const profileAccountSchema = z.object({
  email: text.nullable(),
  /** "interCode-number". */
  mobile: text.nullable(),
});
export type ProfileAccount = z.infer<typeof profileAccountSchema>;

export const statisticsSchema = z.object({
  totalNum: int,
  totalAmount: minor,
  beTrustNum: int,
  beBlackNum: int,
  inviteCount: int,
  tradeNum: int,
  favourableNum: int,
  negativeNum: int,
  tradeAmount: minor,
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const relationshipInfoSchema = z.object({
  relationship: relationshipSchema,
  /** Trades between the two users. */
  tradeTimes: int,
});
export type RelationshipInfo = z.infer<typeof relationshipInfoSchema>;

export const relationshipListItemSchema = z.object({
  id: int,
  nickname: text,
  avatar: text,
  onlineStatus: onlineStatusSchema,
  beTrustNum: int,
  beBlackNum: int,
  tradeNum: int,
  tradeAmount: minor,
});
export type RelationshipListItem = z.infer<typeof relationshipListItemSchema>;

export const kycCertSchema = z.object({
  idCountry: text,
  idKind: kycIdKindSchema,
  idNo: text,
  realname: text,
  /** yyyy-MM-dd. */
  birthday: text,
  idFace: text,
  idOppo: text,
  socialAccount: text,
});
export type KycCert = z.infer<typeof kycCertSchema>;

export const paymentTypeSchema = z.object({
  id: int,
  nameEn: text,
  /** Designed (ADR 0053): the bank's CBN code, which the account number's check digit is computed with. */
  code: text,
  /** Designed (ADR 0053): the bank also numbers accounts by the holder's mobile number (no check digit). */
  phoneAccounts: z.boolean(),
});
export type PaymentType = z.infer<typeof paymentTypeSchema>;

export const userPaymentSchema = z.object({
  id: int,
  paymentid: int,
  paymentNameEn: text,
  paymentIcon: text,
  realname: text,
  accountNumber: text,
  receiveQr: text.nullable(),
  remark: text.nullable(),
  /**
   * Designed (ADR 0053): set when the saved number fails the account number check of its bank
   * (saved before the check existed): what is wrong, for its owner. Coins cannot be sold to it
   * until it is edited; absent when the account passes.
   */
  problem: text.optional(),
});
export type UserPayment = z.infer<typeof userPaymentSchema>;

export const shareStatisticsSchema = z.object({
  inviteCount: int,
  /** Coins (hundredths) earned from referrals. */
  inviteAward: minor,
});
export type ShareStatistics = z.infer<typeof shareStatisticsSchema>;

export const referralUserSchema = z.object({
  registerTime: ms,
  avatar: text,
  nickname: text,
  sellTradeNum: int,
  sellTradeAmount: minor,
  lastTradeTime: ms.nullable(),
  inviteShareAward: minor,
});
export type ReferralUser = z.infer<typeof referralUserSchema>;

// ---------------------------------------------------------------- notices

export const noticeSchema = z.object({
  id: int,
  type: noticeTypeSchema,
  /** Order id (type 1) or withdrawal id (type 2). */
  refId: int,
  status: noticeStatusSchema,
  titleEn: text,
  contentEn: text,
  createtime: ms,
  oppositeNickname: text.nullable(),
  oppositePhoto: text.nullable(),
  goodsName: text.nullable(),
  transAmount: minor.nullable(),
  transCurrency: text.nullable(),
  transPrice: minor.nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

// ---------------------------------------------------------------- membership

export const redemptionItemSchema = z.object({
  id: int,
  name: text,
  pic: text,
  explainInfo: text,
  /** Price in wealth base units (÷10000). */
  wealthAmount: int,
  restrictType: restrictTypeSchema,
  limitNum: int,
  remainNum: int,
  showType: showTypeSchema,
});
export type RedemptionItem = z.infer<typeof redemptionItemSchema>;

/** Designed addition (ADR 0052): how a point-mall redemption was delivered, or where its delivery stands. */
export const mallDeliverySchema = z.object({
  /** The redemption's id (staff call it a mall order). */
  id: int,
  /** What the item gives: coins, a frame, a badge, or something staff send (manual: airtime, data). */
  kind: z.enum(MALL_DELIVERIES),
  status: mallOrderStatusSchema,
  /** coins: the coins credited (hundredths). */
  coins: minor.nullable(),
  /** frame, badge: when it stops showing. */
  activeUntil: ms.nullable(),
  /** manual, delivered: the reference staff gave (a top-up's transaction id). */
  reference: text.nullable(),
  /** manual, refunded: why (the points came back). */
  reason: text.nullable(),
});
export type MallDeliveryInfo = z.infer<typeof mallDeliverySchema>;

export const wealthRecordSchema = z.object({
  id: int,
  type: wealthRecordTypeSchema,
  tradeTime: ms,
  descriptionEn: text,
  /** Signed, in wealth base units (÷10000). */
  transAmount: int,
  /** Designed addition (ADR 0052): on a point-mall redemption's record, its delivery; absent on the others. */
  delivery: mallDeliverySchema.nullish(),
});
export type WealthRecord = z.infer<typeof wealthRecordSchema>;

export const checkInInfoSchema = z.object({
  /** Current streak in days. */
  checkInCount: int,
  isCheckIn: z.boolean(),
});
export type CheckInInfo = z.infer<typeof checkInInfoSchema>;

export const userSigSchema = z.object({
  userId: text,
  appId: int,
  userSig: text,
});
export type UserSig = z.infer<typeof userSigSchema>;
