/**
 * The BTC / USDT transfer form (/sellVirtualCoin, docs/product/validation.md): amount (in BTC or
 * USDT, up to 8 decimals → tradeAmount per 1e8), the sending address and the
 * transaction hash, all required; converted to coins at the price the form is
 * quoted (ADR 0050) with the platform's usdRate and discount, 'The transaction
 * amount is too low.' under 100 coins. The same schema in the browser (live
 * price) and in the action (the price the form posted). The zod schema is in
 * ./virtual-coin.schema.ts.
 */

export const AMOUNT_REQUIRED = "Please enter the amount.";
export const AMOUNT_INVALID = "Please enter a valid amount (up to 8 decimals).";
export const ADDRESS_REQUIRED = "Please enter the address.";
export const HASH_REQUIRED = "Please enter the transaction hash.";
export const TEXT_MAX = 128;
