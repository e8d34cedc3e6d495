/**
 * The demo world as plain data. `seed.ts` writes it into an empty database;
 * `scripts/gen-demo-images.ts` draws the pictures it points at (public/demo/).
 *
 * Units (docs/product/constants.md):
 * - coin amounts and card faces (min_trade, max_trade, trade_amount, balances) are hundredths;
 * - discounts and rates are per 10000; wealth (VIP points) and check-in rewards are per 10000;
 * - fix_trade lists card faces in WHOLE units of the trade currency ("50|100|200" = 50, 100, 200 USD),
 *   unlike min_trade/max_trade which are hundredths of the face.
 */
import { BUILT_IN_AVATAR_COUNT } from "../../contract/constants";
import { discountForUsd, usdDiscountOf } from "../../contract/money";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_TRADE_PASSWORD = "123456";
export const DEMO_SELLER_MOBILE = "234-8000000001";

/** Fixed logins, for tests, the README and the login page hint. */
export const DEMO_LOGINS = {
  password: DEMO_PASSWORD,
  tradePassword: DEMO_TRADE_PASSWORD,
  seller: "seller@demo.test",
  sellerMobile: DEMO_SELLER_MOBILE,
  seller2: "seller2@demo.test",
  merchants: [1, 2, 3, 4, 5, 6].map((n) => `merchant${n}@demo.test`),
  withdrawers: [1, 2, 3, 4].map((n) => `withdrawer${n}@demo.test`),
  admin: "admin@demo.test",
} as const;

// ---------------------------------------------------------------------------
// Config

export interface DemoConfigRow {
  grp: string;
  ckey: string;
  cvalue: string;
}

const HELP = "https://help.giftmarket.example";

export const LEVEL_COUNT = 8;
export const LEVEL_CARD_PICS = Array.from({ length: LEVEL_COUNT }, (_, i) => `/demo/level-v${i}.svg`);
/** VIP points needed per level, per 10000 (0, 100, 500, 2000, 5000, 10000, 30000, 100000 points). */
export const UPGRADE_WEALTH = [0, 1_000_000, 5_000_000, 20_000_000, 50_000_000, 100_000_000, 300_000_000, 1_000_000_000];
export const BENEFITS = [
  "Avatar Frame: a frame around your avatar that shows your level to every trader.",
  "Cash Out: higher daily withdrawal limits and priority payout queues.",
  "Security: extra login alerts and a dedicated account-recovery path.",
  "VIP Service: a personal support agent answers you first.",
  "Festival Gift: bonus points and coupons on public holidays and your birthday.",
  "Best Rate: access to offers with a better rate reserved for members.",
  "Arb Exemption: lower arbitration fees when a dispute is decided in your favour.",
  "Partner: invitations to partner events and early access to new card types.",
];
/** Daily check-in rewards by streak day (1..7), per 10000 (1, 1, 2, 2, 3, 3, 5 points). */
export const CHECKIN_REWARDS = [10_000, 10_000, 20_000, 20_000, 30_000, 30_000, 50_000];

export const DEMO_CONFIG: DemoConfigRow[] = [
  // 546.73 NGN per coin, in hundredths.
  { grp: "system", ckey: "NGNRate", cvalue: "54673" },
  { grp: "system", ckey: "CoinName", cvalue: "Coins" },

  { grp: "contact", ckey: "blog", cvalue: "https://blog.giftmarket.example/" },
  { grp: "contact", ckey: "whatsapp", cvalue: "https://wa.me/2348000000000" },
  { grp: "contact", ckey: "telegram", cvalue: "https://giftmarket.example/go/telegram" },
  { grp: "contact", ckey: "facebook", cvalue: "https://giftmarket.example/go/facebook" },
  { grp: "contact", ckey: "twitter", cvalue: "https://giftmarket.example/go/twitter" },
  { grp: "contact", ckey: "email", cvalue: "support@giftmarket.example" },
  { grp: "contact", ckey: "helpCenter", cvalue: `${HELP}/` },
  { grp: "contact", ckey: "downloadApp", cvalue: "https://giftmarket.example/download" },
  { grp: "contact", ckey: "aboutUs", cvalue: `${HELP}/about-us` },
  // "contectUs" is the spec's spelling of the key; keep it.
  { grp: "contact", ckey: "contectUs", cvalue: `${HELP}/contact-us` },
  { grp: "contact", ckey: "userAgreement", cvalue: `${HELP}/user-agreement` },
  { grp: "contact", ckey: "privacyNotice", cvalue: `${HELP}/privacy-notice` },

  { grp: "wealth", ckey: "levelCard", cvalue: LEVEL_CARD_PICS.join(",") },
  { grp: "wealth", ckey: "upgradeWealth", cvalue: UPGRADE_WEALTH.join(",") },
  { grp: "wealth", ckey: "benefitsIntroduction", cvalue: BENEFITS.join("|") },
  { grp: "wealth", ckey: "wealthRuleUrl", cvalue: `${HELP}/vip-rules` },

  // Demo addresses: well-formed (valid checksums) but derived from a hash, so nobody holds their keys.
  { grp: "btc", ckey: "btcAddress", cvalue: "bc1q64dhp3qryxkgd6u3zk9ndvyncxuwxkhrkejync" },
  { grp: "btc", ckey: "usdtAddress", cvalue: "TX7bu7R52d9JBq4XPTCs9dioPYy3Fe62pk" },
  { grp: "btc", ckey: "serviceUrl", cvalue: `${HELP}/crypto-desk` },
  // 1 coin per USD, per 10000.
  { grp: "btc", ckey: "usdRate", cvalue: "10000" },
  // 95% of the market price, per 10000.
  { grp: "btc", ckey: "discount", cvalue: "9500" },

  ...CHECKIN_REWARDS.map((r, i) => ({ grp: "checkin", ckey: String(i + 1), cvalue: String(r) })),
];

export const CONTACT_KEYS = [
  "blog", "whatsapp", "telegram", "facebook", "twitter", "email",
  "helpCenter", "downloadApp", "aboutUs", "contectUs", "userAgreement", "privacyNotice",
] as const;

/** The marker row: its presence means the demo world is in the database. */
export const DEMO_MARKER = { grp: "system", ckey: "demoSeededAt" } as const;

// ---------------------------------------------------------------------------
// Catalogue

export interface DemoCardType {
  slug: string;
  nameEn: string;
  /** Two letters drawn on the icon tile. */
  initials: string;
  icon: string;
  /** Display format of its codes (ADR 0014); "" when not known. */
  codeFormat: string;
}

const card = (slug: string, nameEn: string, initials: string, codeFormat = ""): DemoCardType => ({
  slug,
  nameEn,
  initials,
  icon: `/demo/card-${slug}.svg`,
  codeFormat,
});

export const DEMO_CARD_TYPES: DemoCardType[] = [
  card("apple", "Apple Gift Card", "AG", "4-4-4-4"),
  card("steam", "Steam Wallet", "SW", "5-5-5"),
  card("amazon", "Amazon", "AM", "4-6-4|4-6-5"),
  card("google-play", "Google Play", "GP", "4-4-4-4|4-4-4-4-4"),
  card("razer-gold", "Razer Gold", "RG"),
  card("sephora", "Sephora", "SE"),
  card("nordstrom", "Nordstrom", "NO"),
  card("walmart", "Walmart", "WM"),
  card("ebay", "eBay", "EB"),
  card("xbox", "Xbox", "XB", "5-5-5-5-5"),
  card("nike", "Nike", "NK"),
  card("vanilla-visa", "Vanilla Visa", "VV", "4-4-4-4"),
];

export type CardSlug = string;

export const DEMO_CURRENCIES = [
  { currency: "USD", symbol: "$", nameEn: "US Dollar" },
  { currency: "GBP", symbol: "£", nameEn: "British Pound" },
  { currency: "EUR", symbol: "€", nameEn: "Euro" },
  { currency: "CAD", symbol: "C$", nameEn: "Canadian Dollar" },
  { currency: "AUD", symbol: "A$", nameEn: "Australian Dollar" },
] as const;

export type CurrencyCode = (typeof DEMO_CURRENCIES)[number]["currency"];

/** An offer's discount in its currency from the USD one it is written with (contract/money.ts holds the FX table). */
export function advertDiscounts(baseUsdDiscount: number, currency: CurrencyCode) {
  const discount = discountForUsd(baseUsdDiscount, currency);
  return { discount, usdDiscount: usdDiscountOf(discount, currency) };
}

export const DEMO_COUNTRIES: { nameEn: string; interCode: string }[] = [
  { nameEn: "Nigeria", interCode: "234" },
  { nameEn: "Ghana", interCode: "233" },
  { nameEn: "Kenya", interCode: "254" },
  { nameEn: "South Africa", interCode: "27" },
  { nameEn: "United States", interCode: "1" },
  { nameEn: "United Kingdom", interCode: "44" },
  { nameEn: "Canada", interCode: "1" },
  { nameEn: "Australia", interCode: "61" },
  { nameEn: "Germany", interCode: "49" },
  { nameEn: "France", interCode: "33" },
  { nameEn: "Cameroon", interCode: "237" },
  { nameEn: "Côte d'Ivoire", interCode: "225" },
  { nameEn: "Benin", interCode: "229" },
  { nameEn: "Togo", interCode: "228" },
  { nameEn: "Uganda", interCode: "256" },
  { nameEn: "Tanzania", interCode: "255" },
  { nameEn: "Rwanda", interCode: "250" },
  { nameEn: "Egypt", interCode: "20" },
  { nameEn: "United Arab Emirates", interCode: "971" },
  { nameEn: "India", interCode: "91" },
];

// ---------------------------------------------------------------------------
// Banners (type 1 external in a new tab, 2 internal route, 3 external)

export interface DemoBanner {
  pic: string;
  type: 1 | 2 | 3;
  nameEn: string;
  /** External address or internal route. Ignored when advertListOf is set. */
  url: string;
  /** Internal route to the offers of this card type: /advertList/{its id}, resolved at seed time. */
  advertListOf?: CardSlug;
  location: "home" | "home_h5" | "home_pop";
}

export const DEMO_BANNERS: DemoBanner[] = [
  { pic: "/demo/banner-home-1.svg", type: 2, nameEn: "Sell Apple Gift Cards at top rates", url: "/advertList/1", advertListOf: "apple", location: "home" },
  { pic: "/demo/banner-home-2.svg", type: 1, nameEn: "How to spot a used card", url: "https://blog.giftmarket.example/spot-a-used-card", location: "home" },
  { pic: "/demo/banner-home-3.svg", type: 3, nameEn: "Safe trading guide", url: `${HELP}/safe-trading`, location: "home" },
  { pic: "/demo/banner-h5-1.svg", type: 2, nameEn: "Daily check-in rewards", url: "/memberShipCenter/dailyCheckIn", location: "home_h5" },
  { pic: "/demo/banner-h5-2.svg", type: 3, nameEn: "Invite friends, earn coins", url: `${HELP}/referral-programme`, location: "home_h5" },
  { pic: "/demo/banner-pop-1.svg", type: 1, nameEn: "Welcome to Gift Market", url: `${HELP}/getting-started`, location: "home_pop" },
];

// ---------------------------------------------------------------------------
// Users

export const AVATAR_COUNT = BUILT_IN_AVATAR_COUNT;
export const AVATAR_PICS = Array.from({ length: AVATAR_COUNT }, (_, i) => `/demo/avatar-${i + 1}.svg`);

export interface DemoUser {
  key: string;
  email: string;
  mobile: string | null;
  nickname: string;
  avatar: string;
  /** Unique, 6 uppercase letters. */
  inviteCode: string;
  isBusiness: 0 | 1;
  isWithdrawer: boolean;
  isAdmin: boolean;
  onlineStatus: 0 | 1;
  /** Gets the trade password DEMO_TRADE_PASSWORD. */
  tradePassword: boolean;
  /** Opening available balance in hundredths, through the ledger with a bill. */
  openingBalance: number;
  /** Withdrawer deposit in hundredths, through the ledger (no bill). */
  bail: number;
}

const user = (u: Omit<DemoUser, "mobile" | "tradePassword" | "openingBalance" | "bail" | "isWithdrawer" | "isAdmin"> & Partial<DemoUser>): DemoUser => ({
  mobile: null,
  tradePassword: false,
  openingBalance: 0,
  bail: 0,
  isWithdrawer: false,
  isAdmin: false,
  ...u,
});

/**
 * Opening available balance of each demo merchant (merchant1-6), in hundredths (50,000 coins):
 * what their escrow freezes when they view a card.
 */
export const DEMO_MERCHANT_BALANCE = 5_000_000;

/** The withdrawer deposit of docs/product/constants.md: 2,000,000 hundredths (20000 coins). */
export const WITHDRAWER_BAIL = 2_000_000;

export const DEMO_USERS: DemoUser[] = [
  user({ key: "seller", email: "seller@demo.test", mobile: DEMO_SELLER_MOBILE, nickname: "DemoSeller", avatar: AVATAR_PICS[0], inviteCode: "DSELLA", isBusiness: 0, onlineStatus: 1, tradePassword: true, openingBalance: 250_000 }),
  user({ key: "seller2", email: "seller2@demo.test", nickname: "DemoSeller2", avatar: AVATAR_PICS[1], inviteCode: "DSELLB", isBusiness: 0, onlineStatus: 1, openingBalance: 50_000 }),
  user({ key: "merchant1", email: "merchant1@demo.test", nickname: "SwiftCards", avatar: AVATAR_PICS[2], inviteCode: "DMERCA", isBusiness: 1, onlineStatus: 1, openingBalance: DEMO_MERCHANT_BALANCE }),
  user({ key: "merchant2", email: "merchant2@demo.test", nickname: "NaijaTrade", avatar: AVATAR_PICS[3], inviteCode: "DMERCB", isBusiness: 1, onlineStatus: 1, openingBalance: DEMO_MERCHANT_BALANCE }),
  user({ key: "merchant3", email: "merchant3@demo.test", nickname: "CardHubLagos", avatar: AVATAR_PICS[4], inviteCode: "DMERCC", isBusiness: 1, onlineStatus: 1, openingBalance: DEMO_MERCHANT_BALANCE }),
  user({ key: "merchant4", email: "merchant4@demo.test", nickname: "PrimeRates", avatar: AVATAR_PICS[5], inviteCode: "DMERCD", isBusiness: 1, onlineStatus: 1, openingBalance: DEMO_MERCHANT_BALANCE }),
  user({ key: "merchant5", email: "merchant5@demo.test", nickname: "NightOwlCards", avatar: AVATAR_PICS[6], inviteCode: "DMERCE", isBusiness: 1, onlineStatus: 0, openingBalance: DEMO_MERCHANT_BALANCE }),
  user({ key: "merchant6", email: "merchant6@demo.test", nickname: "AbujaGiftPro", avatar: AVATAR_PICS[7], inviteCode: "DMERCF", isBusiness: 1, onlineStatus: 0, openingBalance: DEMO_MERCHANT_BALANCE }),
  user({ key: "withdrawer1", email: "withdrawer1@demo.test", nickname: "CashPointNG", avatar: AVATAR_PICS[8], inviteCode: "DWDRWA", isBusiness: 1, isWithdrawer: true, onlineStatus: 1, bail: WITHDRAWER_BAIL }),
  user({ key: "withdrawer2", email: "withdrawer2@demo.test", nickname: "QuickPayout", avatar: AVATAR_PICS[9], inviteCode: "DWDRWB", isBusiness: 1, isWithdrawer: true, onlineStatus: 1, bail: WITHDRAWER_BAIL }),
  user({ key: "withdrawer3", email: "withdrawer3@demo.test", nickname: "NairaDesk", avatar: AVATAR_PICS[2], inviteCode: "DWDRWC", isBusiness: 1, isWithdrawer: true, onlineStatus: 1, bail: WITHDRAWER_BAIL }),
  user({ key: "withdrawer4", email: "withdrawer4@demo.test", nickname: "EagleExchange", avatar: AVATAR_PICS[5], inviteCode: "DWDRWD", isBusiness: 1, isWithdrawer: true, onlineStatus: 1, bail: WITHDRAWER_BAIL }),
  user({ key: "admin", email: "admin@demo.test", nickname: "DemoAdmin", avatar: AVATAR_PICS[9], inviteCode: "DADMIN", isBusiness: 0, isAdmin: true, onlineStatus: 0 }),
];

// ---------------------------------------------------------------------------
// Adverts

const PICTURE_RULES = [
  "Upload a clear photo of the card front and the scratched back with the code fully visible. Cards already redeemed or with a damaged code are rejected. Coins are released within 10 minutes of a valid check.",
  "Physical cards only, no e-codes. No receipt needed under 200 face value. One card per order: send several cards as separate orders.",
  "Show the whole card with the PIN scratched cleanly. No screenshots or edited pictures. Photos taken at an angle or in poor light slow down verification.",
  "A receipt is required for cards of 100 or more. Cards scratched through the code are rejected. Do not redeem or check the card anywhere else while the order is open.",
];
/** The explanation of the offers that take one code per order (codesPerOrder 1). */
const ONE_CODE_PER_ORDER_RULE =
  "E-codes only. One code per order; split bulk codes across orders. The card region must match the currency of this offer.";
const ECODE_RULES = [
  "Send the e-code exactly as it appears in your e-mail, without spaces. Codes already checked on another platform are rejected. Coins are released as soon as the code redeems.",
  ONE_CODE_PER_ORDER_RULE,
  "Valid codes are paid within 5 minutes between 8am and 11pm WAT. Used or invalid codes go to arbitration with proof from the merchant.",
];

export interface DemoAdvert {
  merchant: string;
  cardType: CardSlug;
  /** 0 picture, 1 e-code. */
  kind: 0 | 1;
  currency: CurrencyCode;
  /** Coins per unit of face, per 10000, in the trade currency (see advertDiscounts). */
  discount: number;
  usdDiscount: number;
  /** Hundredths of the card face. */
  minTrade: number;
  maxTrade: number;
  /** Remaining face the merchant still buys, hundredths. */
  tradeAmount: number;
  /** Fixed faces in WHOLE units, pipe-separated ("50|100|200"); "" accepts any face in [min, max]. */
  fixTrade: string;
  /** Minutes. */
  payLimit: number;
  tagListEn: string;
  explainInfo: string;
  /** E-codes one order may carry; 0 any number. */
  codesPerOrder: number;
}

type Row = [
  merchant: number,
  cardType: CardSlug,
  kind: 0 | 1,
  currency: CurrencyCode,
  baseUsdDiscount: number,
  minFace: number,
  maxFace: number,
  remainingFace: number,
  fixTrade: string,
  payLimit: number,
  tags: string,
];

/** Faces here are whole units; they become hundredths below. */
const ADVERT_ROWS: Row[] = [
  [1, "apple", 0, "USD", 8600, 25, 500, 20000, "", 30, "Fast|Physical|No receipt"],
  [2, "apple", 1, "USD", 8450, 50, 1000, 15000, "50|100|200", 20, "E-code|Instant|24/7"],
  [3, "apple", 0, "GBP", 8300, 25, 500, 4000, "", 45, "Physical|Receipt required"],
  [5, "apple", 0, "USD", 8800, 100, 500, 300, "", 60, "Physical|Large cards"],
  [1, "steam", 1, "USD", 8200, 10, 200, 5000, "20|50|100", 15, "E-code|Fast"],
  [4, "steam", 0, "USD", 8000, 20, 200, 120, "", 30, "Physical|No receipt"],
  [2, "steam", 1, "EUR", 7900, 20, 250, 3000, "", 30, "E-code|Europe"],
  [6, "steam", 0, "CAD", 7600, 25, 200, 0, "", 30, "Physical"],
  [3, "amazon", 1, "USD", 7800, 25, 500, 10000, "25|50|100", 20, "E-code|Fast|Bulk welcome"],
  [1, "amazon", 0, "USD", 7500, 50, 500, 6000, "", 30, "Physical|Receipt required|Fast"],
  [4, "amazon", 1, "GBP", 7700, 25, 300, 2000, "", 25, "E-code|UK only"],
  [5, "amazon", 0, "AUD", 7300, 50, 500, 1500, "", 45, "Physical|No receipt"],
  [2, "google-play", 1, "USD", 8100, 10, 200, 8000, "10|25|50", 15, "E-code|Instant"],
  [4, "google-play", 0, "USD", 7900, 25, 200, 90, "", 30, "Physical|Small cards"],
  [1, "google-play", 1, "EUR", 7800, 25, 200, 2500, "", 20, "E-code|Europe"],
  [3, "razer-gold", 1, "USD", 8700, 10, 500, 12000, "", 20, "E-code|Fast|24/7"],
  [2, "razer-gold", 1, "USD", 8900, 100, 1000, 25000, "100|200|500", 30, "E-code|Big cards"],
  [6, "razer-gold", 1, "GBP", 8500, 20, 200, 800, "", 30, "E-code"],
  [4, "sephora", 0, "USD", 7400, 25, 300, 3000, "", 30, "Physical|No receipt"],
  [3, "sephora", 1, "USD", 7200, 25, 200, 1000, "", 20, "E-code"],
  [5, "sephora", 0, "CAD", 7300, 50, 200, 600, "", 45, "Physical|Canada"],
  [1, "nordstrom", 0, "USD", 7600, 25, 500, 4000, "50|100|200", 30, "Physical|Receipt required"],
  [6, "nordstrom", 1, "USD", 7400, 50, 300, 200, "", 30, "E-code"],
  [2, "walmart", 0, "USD", 7700, 25, 500, 7000, "", 30, "Fast|Physical|No receipt"],
  [4, "walmart", 1, "USD", 7500, 10, 200, 3500, "25|50|100", 20, "E-code|Instant"],
  [3, "walmart", 0, "CAD", 7400, 50, 250, 900, "", 40, "Physical|Canada"],
  [1, "ebay", 1, "USD", 7800, 25, 200, 2000, "", 20, "E-code|Fast"],
  [5, "ebay", 0, "GBP", 7600, 25, 250, 1000, "", 45, "Physical|UK only"],
  [2, "xbox", 1, "USD", 8300, 10, 200, 6000, "10|25|50", 15, "E-code|Instant|24/7"],
  [4, "xbox", 0, "USD", 8000, 25, 250, 1500, "", 30, "Physical|No receipt"],
  [3, "xbox", 1, "EUR", 8100, 25, 200, 1200, "", 20, "E-code|Europe"],
  [6, "xbox", 1, "AUD", 7800, 25, 200, 700, "", 30, "E-code|Australia"],
  [1, "nike", 0, "USD", 7300, 25, 300, 2500, "", 30, "Physical|Receipt required"],
  [4, "nike", 1, "GBP", 7200, 25, 200, 600, "", 25, "E-code|UK only"],
  [3, "vanilla-visa", 0, "USD", 9100, 50, 500, 18000, "100|200|500", 45, "Physical|Receipt required|Big cards"],
  [2, "vanilla-visa", 1, "USD", 8900, 25, 300, 5000, "", 30, "E-code|Fast"],
  [5, "vanilla-visa", 0, "USD", 9000, 100, 500, 400, "", 60, "Physical|Large cards"],
  [2, "apple", 0, "CAD", 8200, 25, 300, 2500, "", 30, "Physical|Canada"],
  [4, "apple", 1, "AUD", 8100, 25, 300, 1800, "", 25, "E-code|Australia"],
  [1, "steam", 0, "GBP", 8000, 25, 250, 1100, "", 30, "Physical|UK only"],
  // Big e-codes: one sale pays over 1000 coins, so the referral bonus can be seen in the demo (ADR 0024).
  [3, "vanilla-visa", 1, "USD", 8800, 200, 2000, 40000, "", 30, "E-code|Big cards"],
];

export const DEMO_ADVERTS: DemoAdvert[] = ADVERT_ROWS.map(
  ([m, cardType, kind, currency, base, min, max, remaining, fixTrade, payLimit, tags], i) => {
    const rules = kind === 0 ? PICTURE_RULES : ECODE_RULES;
    const explainInfo = rules[i % rules.length];
    return {
      merchant: `merchant${m}`,
      cardType,
      kind,
      currency,
      ...advertDiscounts(base, currency),
      minTrade: min * 100,
      maxTrade: max * 100,
      tradeAmount: remaining * 100,
      fixTrade,
      payLimit,
      tagListEn: tags,
      explainInfo,
      codesPerOrder: explainInfo === ONE_CODE_PER_ORDER_RULE ? 1 : 0,
    };
  },
);

// ---------------------------------------------------------------------------
// Withdrawers (merchants who buy coins and pay NGN)

export interface DemoWithdrawer {
  user: string;
  currency: "NGN";
  /** NGN per coin, per 10000 (5_350_000 = 535.00 NGN per coin). */
  currencyRate: number;
  /** Coin hundredths. */
  minTrade: number;
  maxTrade: number;
  remainBalance: number;
  totalBalance: number;
  tags: string;
  description: string;
}

export const DEMO_WITHDRAWERS: DemoWithdrawer[] = [
  {
    user: "withdrawer1", currency: "NGN", currencyRate: 5_350_000, minTrade: 1_000, maxTrade: 500_000,
    remainBalance: 1_650_000, totalBalance: 2_000_000, tags: "Fast|Bank transfer|24/7",
    description: "Payout to any Nigerian bank within 15 minutes. Double-check your account name before you confirm.",
  },
  {
    user: "withdrawer2", currency: "NGN", currencyRate: 5_380_000, minTrade: 5_000, maxTrade: 300_000,
    remainBalance: 900_000, totalBalance: 1_500_000, tags: "Best rate|Bank transfer",
    description: "Best rate for orders above 100 coins. Paid from 8am to 10pm WAT; later orders are paid first thing in the morning.",
  },
  {
    user: "withdrawer3", currency: "NGN", currencyRate: 5_320_000, minTrade: 1_000, maxTrade: 200_000,
    remainBalance: 120_000, totalBalance: 1_000_000, tags: "Small amounts|Fast",
    description: "Small withdrawals welcome. Bank and mobile wallet accounts are both accepted.",
  },
  {
    user: "withdrawer4", currency: "NGN", currencyRate: 5_400_000, minTrade: 20_000, maxTrade: 1_000_000,
    remainBalance: 2_000_000, totalBalance: 3_000_000, tags: "Large orders|Bank transfer",
    description: "Large orders only, from 200 coins. Payment split into several transfers for amounts above 500,000 NGN.",
  },
];

// ---------------------------------------------------------------------------
// Point mall

export interface DemoRedemptionItem {
  name: string;
  pic: string;
  explainInfo: string;
  /** VIP points, per 10000. */
  wealthAmount: number;
  /** 1 monthly, 2 overall, 0 unlimited. */
  restrictType: 0 | 1 | 2;
  limitNum: number;
  /** 0 unavailable, 1 available. */
  showType: 0 | 1;
  /** What redeeming it gives (ADR 0023, 0052): coins (value in hundredths, an Income bill), frame or badge (value in days), manual (staff send it to the bound mobile). */
  delivery: "coins" | "frame" | "badge" | "manual";
  deliveryValue: number;
  /** A frame's look ("gold") or a badge's words ("Trusted Trader"). */
  look?: string;
}

const manual = { delivery: "manual", deliveryValue: 0 } as const;

/** Withdrawals carry no fee, so the mall sells no fee-free withdrawal (ADR 0052). */

export const DEMO_REDEMPTION_ITEMS: DemoRedemptionItem[] = [
  { name: "Airtime top-up ₦500", pic: "/demo/mall-airtime.svg", explainInfo: "₦500 airtime sent to your bound mobile number within 24 hours.", wealthAmount: 500_000, restrictType: 1, limitNum: 2, showType: 1, ...manual },
  { name: "Data bundle 1 GB", pic: "/demo/mall-data.svg", explainInfo: "A 1 GB, 30-day data bundle for your bound mobile number.", wealthAmount: 800_000, restrictType: 1, limitNum: 2, showType: 1, ...manual },
  { name: "Bonus 5 Coins", pic: "/demo/mall-coins.svg", explainInfo: "5 coins added to your available balance at once.", wealthAmount: 1_500_000, restrictType: 2, limitNum: 3, showType: 1, delivery: "coins", deliveryValue: 500 },
  { name: "Gold avatar frame", pic: "/demo/mall-frame.svg", explainInfo: "A gold frame around your avatar for 30 days.", wealthAmount: 3_000_000, restrictType: 2, limitNum: 1, showType: 1, delivery: "frame", deliveryValue: 30, look: "gold" },
  { name: "Power bank 10000 mAh", pic: "/demo/mall-power-bank.svg", explainInfo: "Out of stock. Back next month.", wealthAmount: 20_000_000, restrictType: 2, limitNum: 1, showType: 0, ...manual },
  { name: "Trusted Trader badge", pic: "/demo/mall-badge.svg", explainInfo: "A Trusted Trader badge beside your nickname for 90 days.", wealthAmount: 2_000_000, restrictType: 2, limitNum: 1, showType: 1, delivery: "badge", deliveryValue: 90, look: "Trusted Trader" },
];

/**
 * Points the demo users start with, each a wealth record through the ledger (per 10000), so the
 * seller's Vip Records and point mall have something to show and the books balance.
 */
export interface DemoWealthRecord {
  user: string;
  type: 1 | 2 | 3 | 4;
  descriptionEn: string;
  amount: number;
}

export const DEMO_WEALTH_RECORDS: DemoWealthRecord[] = [
  // Bonuses only: the seller has made no order and invited nobody in this world, and its records
  // say nothing it has not done (points for orders and friends come as it makes them).
  { user: "seller", type: 1, descriptionEn: "Welcome bonus", amount: 1_000_000 },
  { user: "seller", type: 1, descriptionEn: "Launch week bonus", amount: 3_000_000 },
];

/**
 * What the demo users redeemed, redeemed as a user does (mall.ts redeemItem): the seller's airtime
 * counts against this month's limit and waits on the staff desk's Mall orders.
 */
export const DEMO_REDEMPTIONS: Array<{ user: string; item: string }> = [{ user: "seller", item: "Airtime top-up ₦500" }];
