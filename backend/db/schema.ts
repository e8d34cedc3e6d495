import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ChatTables } from "./chat-schema";
import type { MallDelivery } from "../../contract/enums";

/** Table types. bigint columns are parsed to JS numbers (amounts in hundredths fit in 2^53). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;

export interface ConfigTable {
  grp: string;
  ckey: string;
  cvalue: string;
  sort: Generated<number>;
}

export interface UsersTable {
  id: Id;
  email: string | null;
  mobile: string | null;
  nickname: string;
  nickname_changed: Generated<boolean>;
  avatar: Generated<string>;
  password_hash: string;
  trade_pwd_hash: string | null;
  /** Wrong trade passwords in a row (reset by the right one, and when a lock starts). */
  trade_pwd_failures: Generated<number>;
  /** Withdrawals and binding are refused until then (after TRADE_PWD_LIMIT_PER_ACCOUNT wrong in a row). */
  trade_pwd_locked_until: Date | null;
  is_business: Generated<number>;
  is_withdrawer: Generated<boolean>;
  is_admin: Generated<boolean>;
  online_status: Generated<number>;
  level: Generated<number>;
  invite_code: string;
  invited_by: number | null;
  kyc_auth_status: Generated<number>;
  channel: string | null;
  created_at: Timestamp;
}

export interface UserTokensTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
  /** Why the session ended (see tokens.ts), null for a plain sign-out. */
  revoked_reason: string | null;
  /** The device it began on (a keyed hash, security/devices.ts), its address and browser, and when it was last used. */
  device_hash: string | null;
  ip: string | null;
  user_agent: string | null;
  last_seen_at: Date | null;
}

export interface KnownDevicesTable {
  user_id: number;
  device_hash: string;
  first_seen_at: Date;
  last_seen_at: Date;
}

/** Two-factor sign-in (ADR 0057): the sealed TOTP secret; enabled once its first code was right. */
export interface TwoFactorTable {
  user_id: number;
  secret_sealed: string;
  created_at: Date;
  enabled_at: Date | null;
  /** The last TOTP time step a code was accepted for: a code is never accepted twice. */
  last_step: Generated<number>;
}

/** Recovery codes: a keyed hash each, spent once. */
export interface TwoFactorRecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  created_at: Date;
  used_at: Date | null;
}

export interface AccountsTable {
  user_id: number;
  amount: Generated<number>;
  frozen_amount: Generated<number>;
  bail_amount: Generated<number>;
  wealth_amount: Generated<number>;
}

export interface BillsTable {
  id: Id;
  user_id: number;
  type: number;
  description_en: string;
  trans_amount: number;
  current_amount: number;
  opposite_user_id: number | null;
  ref_type: string | null;
  ref_id: number | null;
  created_at: Timestamp;
}

export type BalancePart = "amount" | "frozen" | "bail" | "wealth";

export interface LedgerEntriesTable {
  id: Id;
  user_id: number;
  part: BalancePart;
  delta: number;
  balance_after: number;
  bill_id: number | null;
  reason: string;
  ref_type: string | null;
  ref_id: number | null;
  created_at: Timestamp;
}

export interface VerificationCodesTable {
  id: Id;
  target: string;
  type: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface OutboxTable {
  id: Id;
  channel: "email" | "sms";
  recipient: string;
  type: string;
  code: string | null;
  body: string;
  created_at: Date;
  delivered_at: Date | null;
}

export interface RateLimitsTable {
  bucket: string;
  key: string;
  window_start: Date;
  count: Generated<number>;
}

/** Who runs a one-process-at-a-time job, and until when (backend/jobs/lease.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  held_until: Date;
}

/** A card type's best rate in a currency from recorded_at on; written by a trigger (migration 037, ADR 0070). */
export interface RateHistoryTable {
  id: Id;
  card_type_id: number;
  currency: string;
  /** Per 10000, as adverts.discount; null: no active offer in that currency. */
  discount: number | null;
  recorded_at: Generated<Date>;
}

export interface TrackRecordsTable {
  id: Id;
  type: number;
  ref_id: number | null;
  remark: string | null;
  user_id: number | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface UserRemarksTable {
  id: Id;
  user_id: number;
  remark: string;
  created_at: Timestamp;
}

export interface BannersTable {
  id: Id;
  pic: string;
  type: number;
  name_en: string;
  url: string;
  location: string;
  sort: Generated<number>;
}

export interface CardTypesTable {
  id: Id;
  name_en: string;
  icon: string;
  sort: Generated<number>;
  /** Display format of the type's codes, "4-4-4-4" ("|" between alternatives); "" unknown (ADR 0014). */
  code_format: Generated<string>;
}

export interface CurrenciesTable {
  id: Id;
  currency: string;
  symbol: string;
  name_en: string;
  sort: Generated<number>;
}

export interface CountriesTable {
  id: Id;
  name_en: string;
  inter_code: string;
  sort: Generated<number>;
}

export interface AdvertsTable {
  id: Id;
  user_id: number;
  card_type_id: number;
  card_type: number;
  tag_list_en: Generated<string>;
  min_trade: number;
  max_trade: number;
  trade_currency: string;
  discount: number;
  usd_discount: number;
  trade_amount: number;
  total_buy_amount: Generated<number>;
  fix_trade: Generated<string>;
  pay_limit: Generated<number>;
  explain_info: Generated<string>;
  total_trade: Generated<number>;
  favourable_num: Generated<number>;
  status: Generated<number>;
  created_at: Timestamp;
  /** E-codes one order may carry; 0 any number (ADR 0014). */
  codes_per_order: Generated<number>;
}

export interface AdvertSecretsTable {
  id: Id;
  advert_id: number;
  user_id: number | null;
  sealed_secret: string;
  secret_hash: string;
  created_at: Timestamp;
  used_at: Date | null;
}

export interface WithdrawersTable {
  id: Id;
  user_id: number;
  status: Generated<number>;
  currency: string;
  currency_rate: number;
  min_trade: number;
  max_trade: number;
  remain_balance: number;
  total_balance: number;
  tags: Generated<string>;
  description: Generated<string>;
  sales: Generated<number>;
  feedback: Generated<number>;
  last_update: Timestamp;
}

export interface RedemptionItemsTable {
  id: Id;
  name: string;
  pic: string;
  explain_info: Generated<string>;
  wealth_amount: number;
  restrict_type: Generated<number>;
  limit_num: Generated<number>;
  show_type: Generated<number>;
  sort: Generated<number>;
  /** What redeeming it gives (ADR 0023): coins (delivery_value hundredths), frame or badge (delivery_value days), manual. */
  delivery: Generated<RedemptionDelivery>;
  delivery_value: Generated<number>;
  /** What a frame or badge shows (ADR 0052): a frame's look ("gold"), a badge's words ("Trusted Trader"). */
  look: Generated<string>;
  /** Taken out of the mall for good (ADR 0052): not listed, not redeemable; kept for the redemptions that name it. */
  retired_at: Date | null;
}

export type RedemptionDelivery = MallDelivery;

/** One change of accounts.wealth_amount (the user's Vip Records), written by applyBalanceChanges. */
export interface WealthRecordsTable {
  id: Id;
  user_id: number;
  /** 1 Income, 2 Invite, 3 Exchange, 4 Transfer. */
  type: number;
  description_en: string;
  /** Signed, per 10000. */
  amount: number;
  balance_after: number;
  ref_type: string | null;
  ref_id: number | null;
  created_at: Timestamp;
}

export interface WealthRedemptionsTable {
  id: Id;
  user_id: number;
  item_id: number;
  /** "yyyy-mm" in the user's zone. */
  month: string;
  created_at: Timestamp;
  /** What the item gave when it was redeemed (ADR 0052): its delivery, delivery_value and price then. */
  delivery: RedemptionDelivery;
  delivery_value: number;
  /** Points paid, per 10000: what a refund returns. */
  price: number;
  /** A frame or badge: when it stops showing. */
  active_until: Date | null;
}

/** A redemption staff send by hand (ADR 0052): Pending (0) until Delivered (1) or Refunded (2). */
export interface MallFulfilmentsTable {
  redemption_id: number;
  /** users.mobile when redeemed ("234-8000000001"). */
  mobile: string | null;
  status: Generated<number>;
  reference: string | null;
  reason: string | null;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: Timestamp;
}

export interface CheckInsTable {
  user_id: number;
  /** "yyyy-mm-dd" in the user's zone. */
  day: string;
  streak: number;
  reward: number;
  created_at: Timestamp;
}

/** Evidence in a dispute (migration 040, ADR 0074): statement and pictures sealed (ADR 0056). */
export interface OrderEvidenceTable {
  id: Id;
  order_id: number;
  author_id: number;
  author_role: "seller" | "merchant";
  /** Sealed statement ("" sealed when pictures only). */
  statement: string;
  /** Sealed "|"-joined blob paths ("/blob/evidence/..."), "" sealed when none. */
  pictures: string;
  created_at: Timestamp;
}

/** A support ticket (migration 041, ADR 0078). */
export interface TicketsTable {
  id: Id;
  user_id: number;
  kind: "order" | "withdrawal" | "transfer" | "account";
  /** The order, withdrawal or transfer order; null for the account. */
  ref_id: number | null;
  title: string;
  /** 0 open, 1 waiting for the user, 2 closed (contract/support.ts TicketStatus). */
  status: Generated<number>;
  assignee_id: number | null;
  rating: "good" | "bad" | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A ticket's message (migration 041): body and "|"-joined picture paths sealed (ADR 0056). */
export interface TicketMessagesTable {
  id: Id;
  ticket_id: number;
  author_id: number;
  author_role: "user" | "staff";
  body: string;
  pictures: string;
  /** A staff note the user never sees. */
  internal: Generated<boolean>;
  created_at: Timestamp;
}

/** A seller's rate alert (migration 038, ADR 0071). */
export interface RateAlertsTable {
  id: Id;
  user_id: number;
  card_type_id: number;
  currency: string;
  /** 0 picture, 1 e-code (AdvertCardType). */
  form: number;
  /** Card face, hundredths of the currency. */
  face: number;
  /** Kobo: the naira she wants at least. */
  threshold: number;
  active: Generated<boolean>;
  armed: Generated<boolean>;
  fired_at: Date | null;
  created_at: Timestamp;
}

/** A browser that accepted Web Push for a user (ADR 0079). */
export interface PushSubscriptionsTable {
  id: Id;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: Generated<string>;
  created_at: Timestamp;
  last_ok_at: Date | null;
}

/** A push kind she turned off (or on again); absent means on. */
export interface PushSettingsTable {
  user_id: number;
  kind: string;
  enabled: boolean;
}

/** A push waiting for the push job (ADR 0079). */
export interface PushOutboxTable {
  id: Id;
  user_id: number;
  kind: string;
  payload: ColumnType<{ title: string; body: string; url: string; tag: string }, string, string>;
  created_at: Timestamp;
  next_at: Timestamp;
  sent_at: Date | null;
  attempts: Generated<number>;
}

export interface NoticesTable {
  id: Id;
  user_id: number;
  type: number;
  ref_id: number;
  status: Generated<number>;
  title_en: string;
  content_en: string;
  opposite_user_id: number | null;
  goods_name: string | null;
  trans_amount: number | null;
  trans_currency: string | null;
  trans_price: number | null;
  created_at: Timestamp;
  /** Its words in the user's system chat (migration 034, ADR 0059): read with the notice. */
  chat_message_id: number | null;
}

export interface OrdersTable {
  id: Id;
  seller_id: number;
  buyer_id: number;
  advert_id: number;
  card_type_id: number;
  card_type: number;
  /** JSON string snapshot of the advert (docs/product/entities.md#order.advertInfo). */
  advert_info: string;
  trade_amount: number;
  trade_currency: string;
  discount: number;
  usd_discount: number;
  calculate_total_price: number;
  real_total_price: number;
  status: Generated<number>;
  created_at: Timestamp;
  auto_cancel_at: Date | null;
  auto_release_at: Date | null;
  auto_arbitration_at: Date | null;
  arbitration_type: number | null;
  arbitration_apply_amount: number | null;
  arbitration_apply_price: number | null;
  /** Sealed (ADR 0056), as is seller_remark. */
  arbitration_content: string | null;
  seller_remark: string | null;
  secret_id: number;
  /** Coins held in escrow for this order. */
  frozen_amount: Generated<number>;
  viewed_at: Date | null;
  /** The demo merchant's bot made the view itself (migration 021): only then does the bot act on the order again. */
  bot_viewed: Generated<boolean>;
  completed_at: Date | null;
  cancelled_at: Date | null;
  /** The earliest earlier order that carried the same card (migration 019). */
  duplicate_of: number | null;
  /** The batch of a several-cards submit (migration 039); null for a single sale. */
  batch_id: Generated<number | null>;
}

/** One sell form's several-cards submit (migration 039, ADR 0073): its orders carry batch_id. */
export interface OrderBatchesTable {
  id: Generated<number>;
  seller_id: number;
  advert_id: number;
  secret_id: number;
  created_at: Timestamp;
}

export interface OrderDetailsTable {
  order_id: number;
  card_img: Generated<string>;
  card_secret: Generated<string>;
  card_count: Generated<number>;
}

export interface OrderChangesTable {
  id: Id;
  order_id: number;
  event_en: string;
  change_timestamp: Date;
  from_status: number | null;
  to_status: number;
  actor: string;
}

export interface FeedbacksTable {
  id: Id;
  order_id: number;
  seller_id: number;
  buyer_id: number;
  type: number;
  star_level: number;
  content: string;
  created_at: Date;
}

/** Uploaded images (migration 003): path as uploadImage returned it. */
export interface UploadsTable {
  id: Id;
  path: string;
  user_id: number;
  kind: string;
  secret_hash: string | null;
  bytes: number;
  created_at: Timestamp;
  /** An order image's keyed pixel digest (migration 019); null for other kinds. */
  pixel_digest: string | null;
}

/** Keyed digests of the cards orders carried (migration 019, modules/orders/fingerprints.ts). */
export interface CardFingerprintsTable {
  id: Id;
  order_id: number;
  kind: "code" | "image";
  digest: string;
  seller_id: number;
  created_at: Timestamp;
}

/** Identity verification (migration 013); id_no_sealed, id_country, realname, birthday and social_account are sealed (ADR 0056). */
export interface KycCertsTable {
  id: Generated<number>;
  user_id: number;
  /** 0 under review, 1 approved, 2 rejected (contract KycReview). */
  status: number;
  id_country: string;
  id_kind: number;
  id_no_sealed: string;
  realname: string;
  birthday: string;
  id_face: string;
  id_oppo: string;
  social_account: string;
  reason: string | null;
  submitted_at: Timestamp;
  reviewed_at: Date | null;
  reviewed_by: number | null;
}

/** Trust and block (migration 014): `user_id` decided about `to_user_id`; type 1 trust, 2 block (contract Relationship). */
export interface UserRelationshipsTable {
  user_id: number;
  to_user_id: number;
  type: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Referral rewards paid (migration 016): one per (order, kind); one "bonus" per friend. */
export interface ReferralRewardsTable {
  id: Generated<number>;
  inviter_id: number;
  friend_id: number;
  order_id: number;
  kind: "share" | "bonus";
  amount: number;
  created_at: Timestamp;
}

/** Redemption codes (migration 012). */
export interface RedemptionBatchesTable {
  id: Generated<number>;
  kind: "coins" | "points";
  value: number;
  per_user_limit: number;
  expires_at: Timestamp;
  created_by: number;
  created_at: Timestamp;
  /** Set when an administrator revoked the batch: its unused codes no longer redeem. */
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RedemptionCodesTable {
  id: Generated<number>;
  batch_id: number;
  code_hash: string;
  redeemed_by: number | null;
  redeemed_at: Date | null;
}

/** Banks (migration 004). */
export interface PaymentTypesTable {
  id: Generated<number>;
  name_en: string;
  icon: Generated<string>;
  status: Generated<number>;
  sort: Generated<number>;
  /** CBN code (migration 028): 3 digits, or 5 / 6 for other institutions; null: not offered for new accounts. */
  code: string | null;
  /** Also numbers accounts by the holder's mobile number, without a check digit (migration 028). */
  phone_accounts: Generated<boolean>;
}

/** A user's bank account (docs/product/entities.md#user-payment); soft-deleted. */
export interface UserPaymentsTable {
  id: Id;
  user_id: number;
  payment_id: number;
  /** Sealed (ADR 0056), as are account_number and remark. */
  realname: string;
  account_number: string;
  /** A keyed hash of the number without spaces and dashes, upper-cased: unique per user and bank while kept (migration 030, payments.ts accountHashOf). */
  account_hash: string;
  receive_qr: string | null;
  remark: string | null;
  created_at: Timestamp;
  updated_at: Date | null;
  deleted_at: Date | null;
}

export interface WithdrawalsTable {
  id: Id;
  user_id: number;
  withdrawer_id: number;
  amount: number;
  currency: string;
  currency_rate: number;
  currency_amount: number;
  user_payment_id: number | null;
  /** JSON snapshot of the bank account, sealed (ADR 0056), as is user_remark. */
  user_payment: string;
  /** The account as notices name it, "GTBank ••••4695" (migration 030). */
  account_label: string;
  user_remark: string | null;
  pay_picture: string | null;
  reason: string | null;
  status: Generated<number>;
  created_at: Date;
  process_at: Date | null;
  complete_at: Date | null;
  cancel_at: Date | null;
}

export interface WithdrawalChangesTable {
  id: Id;
  withdrawal_id: number;
  event_en: string;
  change_timestamp: Date;
  from_status: number | null;
  to_status: number;
  actor: string;
  actor_user_id: number | null;
}

export interface VirtualCoinOrdersTable {
  id: Id;
  user_id: number;
  type: number;
  from_address: string;
  transaction_id: string;
  trade_amount: number;
  price: number;
  price_indicative: boolean;
  usd_rate: number;
  discount: number;
  coins: number;
  status: Generated<number>;
  reason: string | null;
  created_at: Date;
  confirm_at: Date | null;
  reject_at: Date | null;
  processed_by: number | null;
}

/** One administrator action (migration 020; append-only: a trigger refuses UPDATE and DELETE). */
export interface StaffAuditTable {
  id: Generated<number>;
  admin_id: number;
  action: string;
  entity_type: string;
  entity_id: ColumnType<number, number, never>;
  /** JSON of the relevant fields before and after (statuses, amounts; never secrets or card codes). */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  created_at: ColumnType<Date, Date, never>;
}

/** A user's orders as seller or buyer, kept with each order (migration 023, orders/order-stats.ts). */
/** A trader's day (ADR 0069, migration 036). */
export interface TraderDaysTable {
  user_id: number;
  /** 1 a merchant's card orders, 2 a withdrawer's withdrawals. */
  side: number;
  /** UTC days since 1970-01-01. */
  day: number;
  completed_n: number;
  failed_n: number;
  disputes_lost_n: number;
  view_minutes: number[];
  complete_minutes: number[];
}

export interface UserOrderStatsTable {
  user_id: number;
  /** Every order, whatever its status, and the sum of their calculate_total_price. */
  orders_n: number;
  orders_amount: number;
  /** Completed orders and the sum of their real_total_price. */
  completed_n: number;
  completed_amount: number;
}

/** The keys values are sealed under (migration 030, security/rotation.ts): check values, never keys. */
export interface DataKeysTable {
  id: string;
  check_value: string | null;
  added_at: Generated<Date>;
  /** Every value was under this key then (a rotation to it finished). */
  resealed_at: Date | null;
  retired_at: Date | null;
}

/** Chat tables live in chat-schema.ts. */
export interface Database extends ChatTables {
  config: ConfigTable;
  users: UsersTable;
  user_tokens: UserTokensTable;
  known_devices: KnownDevicesTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  accounts: AccountsTable;
  bills: BillsTable;
  ledger_entries: LedgerEntriesTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
  rate_history: RateHistoryTable;
  track_records: TrackRecordsTable;
  user_remarks: UserRemarksTable;
  banners: BannersTable;
  card_types: CardTypesTable;
  currencies: CurrenciesTable;
  countries: CountriesTable;
  adverts: AdvertsTable;
  advert_secrets: AdvertSecretsTable;
  withdrawers: WithdrawersTable;
  redemption_items: RedemptionItemsTable;
  wealth_records: WealthRecordsTable;
  wealth_redemptions: WealthRedemptionsTable;
  mall_fulfilments: MallFulfilmentsTable;
  check_ins: CheckInsTable;
  notices: NoticesTable;
  rate_alerts: RateAlertsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_settings: PushSettingsTable;
  push_outbox: PushOutboxTable;
  order_evidence: OrderEvidenceTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  orders: OrdersTable;
  order_batches: OrderBatchesTable;
  user_order_stats: UserOrderStatsTable;
  trader_days: TraderDaysTable;
  order_details: OrderDetailsTable;
  order_changes: OrderChangesTable;
  feedbacks: FeedbacksTable;
  uploads: UploadsTable;
  card_fingerprints: CardFingerprintsTable;
  redemption_batches: RedemptionBatchesTable;
  redemption_codes: RedemptionCodesTable;
  kyc_certs: KycCertsTable;
  user_relationships: UserRelationshipsTable;
  referral_rewards: ReferralRewardsTable;
  payment_types: PaymentTypesTable;
  user_payments: UserPaymentsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_changes: WithdrawalChangesTable;
  virtual_coin_orders: VirtualCoinOrdersTable;
  staff_audit: StaffAuditTable;
  data_keys: DataKeysTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Advert = Selectable<AdvertsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type VirtualCoinOrderRow = Selectable<VirtualCoinOrdersTable>;
export type WithdrawerRow = Selectable<WithdrawersTable>;
