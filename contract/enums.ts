/**
 * Every status and type of docs/product/entities.md and statuses.md as a const object, its value type
 * and label maps where the spec names the labels. Plain values only, no zod:
 * the browser bundle of every page imports these. The zod schemas that accept
 * exactly these values live in ./enum-schemas.
 */

type ValueOf<T> = T[keyof T];

// ---------------------------------------------------------------- orders

export const OrderStatus = {
  Waiting: 0,
  Processing: 1,
  InNegotiation: 2,
  InArbitration: 3,
  Completed: 4,
  Cancelled: 5,
  Frozen: 6,
} as const;
export type OrderStatus = ValueOf<typeof OrderStatus>;
export const orderStatusLabels: Record<OrderStatus, string> = {
  0: "Waiting",
  1: "Processing",
  2: "In negotiation",
  3: "In arbitration",
  4: "Completed",
  5: "Cancelled",
  6: "Frozen",
};

/** Dispute type of an order (the dispute panel shows when it is set). */
export const ArbitrationType = {
  InvalidCard: 0,
  UseLimits: 1,
  RedeemedCard: 2,
  WrongAmountOrRate: 3,
  CancelNegotiation: 4,
} as const;
export type ArbitrationType = ValueOf<typeof ArbitrationType>;
export const arbitrationTypeLabels: Record<ArbitrationType, string> = {
  0: "Invalid card",
  1: "Use limits",
  2: "Redeemed Card",
  3: "Wrong amount / rate",
  4: "Cancel negotiation",
};

/**
 * The four tabs of /orderList and the numeric `status` parameter of
 * /order/getOrderList that each one sends:
 *   0 Active Orders: every order still open (status 0 Waiting, 1 Processing,
 *     2 In negotiation, 3 In arbitration). Note: 0 here means "all active",
 *     not "Waiting only".
 *   4 Completed, 5 Cancelled, 6 Frozen: exactly that order status.
 * So for the three closed tabs the parameter equals the order status.
 */
export const OrderListTab = {
  Active: 0,
  Completed: 4,
  Cancelled: 5,
  Frozen: 6,
} as const;
export type OrderListTab = ValueOf<typeof OrderListTab>;
export const orderListTabLabels: Record<OrderListTab, string> = {
  0: "Active Orders",
  4: "Completed",
  5: "Cancelled",
  6: "Frozen",
};
/** Order statuses listed under each tab. */
export const orderListTabStatuses: Record<OrderListTab, readonly OrderStatus[]> = {
  0: [0, 1, 2, 3],
  4: [4],
  5: [5],
  6: [6],
};

// ---------------------------------------------------------------- adverts and banners: ./catalog-enums.ts
export * from "./catalog-enums";


/**
 * What the caller of /order/getOrderDetails may do with the order now (designed
 * beyond docs/product/calls.md): computed by the backend from the order state machine's table,
 * shown as they are by the page (docs/architecture.md#rule-9). The seller's: accept,
 * arbitrate, comment, chat; the merchant's: view, complete, negotiate, chat.
 */
export const OrderAction = {
  Accept: "accept",
  Arbitrate: "arbitrate",
  Comment: "comment",
  Chat: "chat",
  View: "view",
  Complete: "complete",
  Negotiate: "negotiate",
  /** Add a statement and pictures to the dispute (either side, in 2 and 3: ADR 0074). */
  Evidence: "evidence",
} as const;
export type OrderAction = ValueOf<typeof OrderAction>;

// ---------------------------------------------------------------- wallet

export const WithdrawalStatus = {
  Waiting: 0,
  Processing: 1,
  Completed: 2,
  Cancelled: 3,
} as const;
export type WithdrawalStatus = ValueOf<typeof WithdrawalStatus>;
export const withdrawalStatusLabels: Record<WithdrawalStatus, string> = {
  0: "Waiting",
  1: "Processing",
  2: "Completed",
  3: "Cancelled",
};

/**
 * What the caller of /userWithdraw/getWithdrawDetail may do now (designed beyond
 * docs/product/calls.md), from the withdrawal state machine: its withdrawer may process,
 * complete and cancel; its owner has nothing to do but wait (an empty list).
 */
export const WithdrawalAction = {
  Process: "process",
  Complete: "complete",
  Cancel: "cancel",
} as const;
export type WithdrawalAction = ValueOf<typeof WithdrawalAction>;

/**
 * Bill (transaction) type. The ALL tab of the wallet sends no type (or 0). Purchase (designed
 * beyond docs/product/entities.md, ADR 0051) is a merchant's card bought: coins out, never under Income.
 */
export const BillType = {
  Income: 1,
  Withdraw: 2,
  Invite: 3,
  Transfer: 4,
  Purchase: 5,
} as const;
export type BillType = ValueOf<typeof BillType>;
export const billTypeLabels: Record<BillType, string> = {
  1: "Income",
  2: "Withdraw",
  3: "Invite",
  4: "Transfer",
  5: "Purchase",
};

export const VirtualCoinType = {
  BTC: 0,
  USDT: 1,
} as const;
export type VirtualCoinType = ValueOf<typeof VirtualCoinType>;
export const virtualCoinTypeLabels: Record<VirtualCoinType, string> = { 0: "BTC", 1: "USDT (TRC20)" };

/** BTC/USDT transfer order status: 0 pending (waiting for an administrator), 1 confirmed (coins credited), 2 rejected. */
export const VirtualCoinOrderStatus = {
  Pending: 0,
  Confirmed: 1,
  Rejected: 2,
} as const;
export type VirtualCoinOrderStatus = ValueOf<typeof VirtualCoinOrderStatus>;
export const virtualCoinOrderStatusLabels: Record<VirtualCoinOrderStatus, string> = { 0: "Pending", 1: "Confirmed", 2: "Rejected" };

// ---------------------------------------------------------------- notices

export const NoticeType = {
  Order: 1,
  Withdrawal: 2,
  /** Designed addition: about the account itself (identity verification); refId is the user's id. */
  Account: 3,
  /** Designed addition: a referral reward earned from a friend's order; refId is the friend's user id (ADR 0024). */
  Referral: 4,
  /** Designed addition: a point-mall order delivered or refunded by staff; refId is the redemption's id (ADR 0052). */
  PointMall: 5,
  /** Designed addition: the account's security (a new device signed in, sign-ins paused); refId is the user's id (ADR 0055). */
  Security: 6,
  /** Designed addition: a rate alert reached its price; refId is the card type's id, whose offers it opens (ADR 0071). */
  RateAlert: 7,
  /** Designed addition: staff answered or closed a support ticket; refId is the ticket's id (ADR 0078). */
  Support: 8,
} as const;
export type NoticeType = ValueOf<typeof NoticeType>;
export const noticeTypeLabels: Record<NoticeType, string> = { 1: "Order", 2: "Withdrawal", 3: "Account", 4: "Referral", 5: "Point mall", 6: "Security", 7: "Rate alert", 8: "Support" };

export const NoticeStatus = {
  Unread: 0,
  Read: 1,
} as const;
export type NoticeStatus = ValueOf<typeof NoticeStatus>;


// ---------------------------------------------------------------- users

export const Relationship = {
  None: 0,
  Trust: 1,
  Block: 2,
} as const;
export type Relationship = ValueOf<typeof Relationship>;
export const relationshipLabels: Record<Relationship, string> = { 0: "None", 1: "Trusted", 2: "Blocked" };

/** The `type` of /userRelationship/getRelationshipList: trusted or blocked users. */
export const RelationshipListType = {
  Trust: 1,
  Block: 2,
} as const;
export type RelationshipListType = ValueOf<typeof RelationshipListType>;

export const FeedbackType = {
  Positive: 1,
  Negative: 2,
} as const;
export type FeedbackType = ValueOf<typeof FeedbackType>;
export const feedbackTypeLabels: Record<FeedbackType, string> = { 1: "Positive", 2: "Negative" };

export const KycIdKind = {
  IdentityCard: 0,
  Passport: 1,
  DrivingLicense: 2,
} as const;
export type KycIdKind = ValueOf<typeof KycIdKind>;
export const kycIdKindLabels: Record<KycIdKind, string> = {
  0: "Identity Card",
  1: "Passport",
  2: "Driving License",
};

/** KYC status (profile.kycAuthStatus): 0 editable (upload and submit allowed), 1 read-only. */
export const KycStatus = {
  Editable: 0,
  ReadOnly: 1,
} as const;
export type KycStatus = ValueOf<typeof KycStatus>;

/** Where a submitted KYC certificate stands in staff review (designed: the spec does not show review). */
export const KycReview = {
  Review: 0,
  Approved: 1,
  Rejected: 2,
} as const;
export type KycReview = ValueOf<typeof KycReview>;
export const kycReviewLabels: Record<KycReview, string> = { 0: "Under review", 1: "Approved", 2: "Rejected" };

/** 0/1 flags of the profile (tradepwdFlag, emailBindFlag, ...). */
export const Flag = { No: 0, Yes: 1 } as const;
export type Flag = ValueOf<typeof Flag>;

// ---------------------------------------------------------------- membership

/** Wealth (VIP point) record type; 0 is the ALL tab. */
export const WealthRecordType = {
  All: 0,
  Income: 1,
  Invite: 2,
  Exchange: 3,
  Transfer: 4,
} as const;
export type WealthRecordType = ValueOf<typeof WealthRecordType>;
export const wealthRecordTypeLabels: Record<WealthRecordType, string> = {
  0: "ALL",
  1: "Income",
  2: "Invite",
  3: "Exchange",
  4: "Transfer",
};

/** Redemption item limit: 1 per month, 2 overall, anything else unlimited. */
export const RestrictType = {
  Unlimited: 0,
  Monthly: 1,
  Overall: 2,
} as const;
export type RestrictType = ValueOf<typeof RestrictType>;
/** Responses may carry any integer: values other than 1 and 2 mean unlimited. */
export const restrictTypeLabels: Record<RestrictType, string> = { 0: "Unlimited", 1: "Monthly", 2: "Overall" };

export const ShowType = {
  Unavailable: 0,
  Available: 1,
} as const;
export type ShowType = ValueOf<typeof ShowType>;

/** What a point-mall item gives (ADR 0023, 0052): coins at once, a frame or badge for some days, or something staff send (airtime, data). */
export const MALL_DELIVERIES = ["coins", "frame", "badge", "manual"] as const;
export type MallDelivery = (typeof MALL_DELIVERIES)[number];

/** Designed addition (ADR 0052): where a point-mall order stands. Coins, frames and badges are delivered at once; staff send the rest. */
export const MallOrderStatus = {
  Pending: 0,
  Delivered: 1,
  Refunded: 2,
} as const;
export type MallOrderStatus = ValueOf<typeof MallOrderStatus>;
export const mallOrderStatusLabels: Record<MallOrderStatus, string> = { 0: "Pending", 1: "Delivered", 2: "Refunded" };

// ---------------------------------------------------------------- auth

export const VerificationCodeType = {
  Register: "REGISTER",
  Forget: "FORGET",
  TradePwd: "TRADE_PWD",
  Bind: "BIND",
} as const;
export type VerificationCodeType = ValueOf<typeof VerificationCodeType>;

export const LoginType = {
  Email: "EMAIL",
  Mobile: "MOBILE",
} as const;
export type LoginType = ValueOf<typeof LoginType>;
export const loginTypeLabels: Record<LoginType, string> = { EMAIL: "Email Login", MOBILE: "Mobile Login" };

export const UploadImageType = {
  Avatar: "avatar",
  Cert: "cert",
  Order: "order",
  /** A withdrawer's proof of payment (withdrawers only); readable only by the withdrawal's owner and its withdrawer. */
  Payment: "payment",
  /** A picture of evidence in a dispute (ADR 0074); readable only by the order's parties and staff. */
  Evidence: "evidence",
  /** A picture in a support ticket (ADR 0078); readable only by the ticket's owner and staff. */
  Support: "support",
} as const;
export type UploadImageType = ValueOf<typeof UploadImageType>;

// ---------------------------------------------------------------- tracking and config keys

/** /trackRecord/addTrackRecord type: 3 banner click (refId), 4 arrival through a channel link (remark). */
export const TrackRecordType = {
  BannerClick: 3,
  Channel: 4,
} as const;
export type TrackRecordType = ValueOf<typeof TrackRecordType>;

/** Keys of the contact config (the spec spells contectUs this way). */
export const CONTACT_KEYS = [
  "blog",
  "whatsapp",
  "telegram",
  "facebook",
  "twitter",
  "email",
  "helpCenter",
  "downloadApp",
  "aboutUs",
  "contectUs",
  "userAgreement",
  "privacyNotice",
] as const;
export type ContactKey = (typeof CONTACT_KEYS)[number];

/** ckey values of the wealth config. */
export const WealthConfigKey = {
  LevelCard: "levelCard",
  UpgradeWealth: "upgradeWealth",
  BenefitsIntroduction: "benefitsIntroduction",
  WealthRuleUrl: "wealthRuleUrl",
} as const;
export type WealthConfigKey = ValueOf<typeof WealthConfigKey>;
