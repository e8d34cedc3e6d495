/**
 * Business constants and limits of docs/product/constants.md (and a few of docs/product/validation.md and messages.md).
 * Money is an integer in minor units: coins and card faces in hundredths,
 * rates and discounts per 10000, BTC/USDT amounts per 1e8.
 */

// ---------------------------------------------------------------- units

/** Minor units per coin / per unit of a card currency. */
export const MINOR_PER_UNIT = 100;
/** Rates and discounts are integers per 10000. */
export const RATE_SCALE = 10_000;
/** BTC and USDT amounts are integers per 1e8. */
export const CRYPTO_SCALE = 100_000_000;
/** Wealth (VIP points) and check-in rewards are shown divided by 10000... */
export const WEALTH_SCALE = 10_000;
/** ...with at most 5 decimals, trailing zeros trimmed. */
export const WEALTH_MAX_DECIMALS = 5;

// ---------------------------------------------------------------- config defaults

/** NGN per coin, in hundredths (546.73), used until the system config loads. */
export const DEFAULT_NGN_RATE = 54_673;
export const DEFAULT_COIN_NAME = "Coins";

// ---------------------------------------------------------------- lengths (validation.md, constants.md)

export const CODE_RESEND_SECONDS = 60;
export const CODE_LENGTH = 6;
export const TRADE_PASSWORD_LENGTH = 6;
export const REDEMPTION_CODE_LENGTH = 10;
export const INVITE_CODE_MAX = 6;
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 20;
/** The login password test allows 6-32 characters... */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
/** ...while the web input is limited to 16. */
export const PASSWORD_INPUT_MAX = 16;
/** Bank account note (user payment remark). */
export const BANK_NOTE_MAX = 100;
export const FEEDBACK_MAX = 200;
export const STAR_LEVEL_MIN = 1;
export const STAR_LEVEL_MAX = 5;

// ---------------------------------------------------------------- display

/** Badges show the number up to 99, then "99+". */
export const BADGE_CAP = 99;
export const DATE_FORMAT = "MMM D, YYYY hh:mm A";
/** Trade amounts on the order list are shown with 0 decimals. */
export const ORDER_LIST_AMOUNT_DECIMALS = 0;
/** Withdrawal currency amounts show up to 10 decimals, trailing zeros trimmed. */
export const WITHDRAW_CURRENCY_MAX_DECIMALS = 10;
/** Volumes at or above this (in hundredths) are shown in k. */
export const VOLUME_K_THRESHOLD = 100_000_000;
export const MEMBERSHIP_LEVEL_COUNT = 8; // v0 .. v7
export const MEMBERSHIP_MAX_LEVEL = 7;
export const MEMBERSHIP_BENEFITS = [
  "Avatar Frame",
  "Cash Out",
  "Security",
  "VIP Service",
  "Festival Gift",
  "Best Rate",
  "Arb Exemption",
  "Partner",
] as const;
export const CAROUSEL_SLIDES = 3;
export const CAROUSEL_DEPTH = 100;
export const CAROUSEL_STRETCH = 10;

// ---------------------------------------------------------------- chat

export const CHAT_PAGE_SIZE = 15;
export const VOICE_MAX_SECONDS = 15;
/** Clips of this length or shorter are discarded. */
export const VOICE_MIN_SECONDS = 1;
export const VOICE_SAMPLE_RATE = 16_000;
export const VOICE_CHANNELS = 1;
export const OLDER_MESSAGES_DELAY_MS = 2_000;
export const CHAT_START_RETRY_MS = 1_000;
/** The fixed read-only system conversation (no input box). */
export const SYSTEM_CONVERSATION_ID = "C2C88888888";
export const CONVERSATION_PREFIX_USER = "C2C";
export const CONVERSATION_PREFIX_GROUP = "GROUP";
/** Withdrawer conversations are C2C + "w" + withdrawer id. */
export const CONVERSATION_PREFIX_WITHDRAWER = "C2Cw";

// ---------------------------------------------------------------- images

export const IMAGE_EXTENSIONS = ["jpeg", "jpg", "gif", "png", "bmp"] as const;
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/jpg", "image/gif", "image/png", "image/bmp", "image/x-ms-bmp"] as const;
export const IMAGE_MAX_SIDE = 1024;
export const JPEG_QUALITY_DEFAULT = 0.8;
/** Quality for avatar and order images. */
export const JPEG_QUALITY_LOW = 0.5;
/** KYC images: at most 2M. */
export const KYC_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Designed: server-side cap for any other (already compressed) upload. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const ORDER_IMAGES_MAX = 10;
export const UPLOAD_TOAST_MS = 10_000;

// ---------------------------------------------------------------- trading

/** Fixed deposit a withdrawer shows: 2,000,000 hundredths (20000 coins). */
export const WITHDRAWER_DEPOSIT = 2_000_000;
export const WITHDRAWER_TIME_LIMIT_MINUTES = 300;
export const PRICE_REFRESH_MS = 5_000;
/** Minimum BTC/USDT order value: 100 coins, in hundredths. */
export const MIN_VIRTUAL_COIN_ORDER = 10_000;
/** Card face filter options, in whole units of the card currency (x100 to compare with minTrade/maxTrade). */
export const CARD_FACE_OPTIONS = [50, 100, 200, 500, 1000] as const;

// ---------------------------------------------------------------- referral

/** 3 per mille of the friends' trade volume. */
export const REFERRAL_PER_MILLE = 3;
/** Bonus of 3 coins (hundredths)... */
export const REFERRAL_BONUS = 300;
/** ...when a friend completes a 1000-coin transaction (hundredths). */
export const REFERRAL_BONUS_TRADE = 100_000;

// ---------------------------------------------------------------- paging

/** Page size of every "paged by the id of the last item" list. Chosen: 20. */
export const LIST_PAGE_SIZE = 20;
export const POINT_ORDER_PAGE_SIZE = 10;

// ---------------------------------------------------------------- transport

export const REQUEST_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
/** Timeouts and network errors are retried this many times (0 disables)... */
export const REQUEST_RETRIES = 10;
/** ...with this delay between attempts. */
export const REQUEST_RETRY_DELAY_MS = 300;
export const COOKIE_EXPIRY_DAYS = 1;
export const COOKIE_MAX_AGE_SECONDS = COOKIE_EXPIRY_DAYS * 24 * 60 * 60;
/** Base path of the client API. */
export const CLIENT_BASE_PATH = "/client";

/** Texts shown for HTTP statuses (docs/product/messages.md). 404 takes the url. */
export const HTTP_STATUS_MESSAGES: Record<number, string> = {
  400: "Request error",
  401: "Unauthorized, please login",
  403: "Access denied",
  404: "Error in request address: {url}",
  408: "Request timeout",
  500: "Server internal error",
  501: "Service not implemented",
  502: "Gateway error",
  503: "Service not available",
  504: "Gateway timeout",
  505: "HTTP version is not supported",
};

/** The built-in avatars a user may pick: public/demo/avatar-1.svg … avatar-N.svg. */
export const BUILT_IN_AVATAR_COUNT = 10;
