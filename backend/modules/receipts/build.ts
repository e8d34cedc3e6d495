/**
 * One receipt model per kind (ADR 0075), built from the stored row and nothing worked out again:
 * the figures are the order's, withdrawal's or transfer's columns as they were written. Only the
 * owner's and only once done; anything else answers the kind's "ready once…" message, so another
 * seller's id reads like one of hers that is not finished (ids cannot be probed).
 */
import { minorText, cryptoText } from "../../../contract/money";
import { OrderStatus, VirtualCoinOrderStatus, WithdrawalStatus } from "../../../contract/enums";
import { DEFAULT_COIN_NAME } from "../../../contract/constants";
import type { Receipt } from "../../../contract/calls/receipts";
import { receiptNotReady, receiptReference, type ReceiptKind } from "../../../contract/receipts";
import { shortTransactionId, virtualCoinSymbol } from "../../../contract/transfers";
import { ApiError } from "../../http/errors";
import { Code } from "../../../contract/envelope";
import type { Executor } from "../../db/index";
import { configRecord } from "../catalog/queries";
import { cardName } from "../orders/format";
import { formatReceiptDate } from "./dates";

/** The platform, the other party of a transfer (staff confirm it for the platform, not in their own name). */
export const PLATFORM_NAME = "GiftMarket";

export const notReady = (kind: ReceiptKind) => new ApiError(Code.NOT_FOUND, receiptNotReady[kind]);

/** A rate per 10000 with at least two decimals: 8500 → "0.85", 15000000 → "1,500.00". */
export function rateText(per10000: number): string {
  const v = BigInt(Math.trunc(per10000));
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(5, "0");
  const int = digits.slice(0, -4).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const frac = digits.slice(-4).replace(/0+$/, "").padEnd(2, "0");
  return `${neg ? "-" : ""}${int}.${frac}`;
}

const oneCoin = (coinName: string) => coinName.replace(/s$/, "");
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
const line = (label: string, value: string) => ({ label, value });

interface Context {
  db: Executor;
  userId: number;
  zone: string;
}

async function coinNameOf(db: Executor): Promise<string> {
  return (await configRecord(db, "system")).CoinName || DEFAULT_COIN_NAME;
}

async function nicknameOf(db: Executor, userId: number): Promise<string> {
  const r = await db.selectFrom("users").select("nickname").where("id", "=", userId).executeTakeFirst();
  return r?.nickname ?? "";
}

function timeLines(zone: string, entries: [string, Date | string | null][]) {
  return entries.flatMap(([label, at]) => (at === null ? [] : [line(label, formatReceiptDate(ms(at)!, zone))]));
}

async function orderReceipt({ db, userId, zone }: Context, id: number, coinName: string): Promise<Receipt> {
  const o = await db
    .selectFrom("orders as o")
    .innerJoin("users as s", "s.id", "o.seller_id")
    .innerJoin("users as b", "b.id", "o.buyer_id")
    .select(["o.id", "o.advert_info", "o.trade_amount", "o.trade_currency", "o.discount", "o.calculate_total_price", "o.real_total_price"])
    .select(["o.created_at", "o.completed_at", "s.nickname as seller", "b.nickname as merchant"])
    .where("o.id", "=", id)
    .where("o.seller_id", "=", userId)
    .where("o.status", "=", OrderStatus.Completed)
    .executeTakeFirst();
  if (!o || !o.completed_at) throw notReady("order");
  const face = Number(o.trade_amount);
  const quoted = Number(o.calculate_total_price);
  const paid = Number(o.real_total_price);
  const amounts = [
    line("Card value", `${minorText(face, { trim: true })} ${o.trade_currency}`),
    line("Rate", `${rateText(Number(o.discount))} ${coinName} per ${o.trade_currency}`),
    // A settled dispute pays another figure than the quote: both are shown, the paid one last.
    ...(quoted !== paid ? [line("Quoted", `${minorText(quoted)} ${coinName}`)] : []),
    line("You received", `${minorText(paid)} ${coinName}`),
  ];
  return {
    kind: "order",
    id: o.id,
    reference: receiptReference("order", o.id),
    title: "Gift card sale",
    status: "Completed",
    timeZone: zone,
    doneAt: ms(o.completed_at)!,
    parties: [
      { role: "Seller", name: o.seller },
      { role: "Merchant", name: o.merchant },
    ],
    amounts,
    times: timeLines(zone, [["Ordered", o.created_at], ["Completed", o.completed_at]]),
    details: [line("Card", cardName(o)), line("Order number", String(o.id))],
    figures: { tradeAmount: face, discount: Number(o.discount), calculateTotalPrice: quoted, realTotalPrice: paid },
  };
}

async function withdrawalReceipt({ db, userId, zone }: Context, id: number, coinName: string): Promise<Receipt> {
  const w = await db
    .selectFrom("withdrawals as w")
    .innerJoin("users as s", "s.id", "w.user_id")
    .innerJoin("withdrawers as wd", "wd.id", "w.withdrawer_id")
    .innerJoin("users as p", "p.id", "wd.user_id")
    .select(["w.id", "w.amount", "w.currency", "w.currency_rate", "w.currency_amount", "w.account_label"])
    .select(["w.created_at", "w.process_at", "w.complete_at", "s.nickname as seller", "p.nickname as withdrawer"])
    .where("w.id", "=", id)
    .where("w.user_id", "=", userId)
    .where("w.status", "=", WithdrawalStatus.Completed)
    .executeTakeFirst();
  if (!w || !w.complete_at) throw notReady("withdrawal");
  const amount = Number(w.amount);
  const payout = Number(w.currency_amount);
  return {
    kind: "withdrawal",
    id: w.id,
    reference: receiptReference("withdrawal", w.id),
    title: "Coins sold for cash",
    status: "Completed",
    timeZone: zone,
    doneAt: ms(w.complete_at)!,
    parties: [
      { role: "Seller", name: w.seller },
      { role: "Withdrawer", name: w.withdrawer },
    ],
    amounts: [
      line("Coins sold", `${minorText(amount)} ${coinName}`),
      line("Rate", `${rateText(Number(w.currency_rate))} ${w.currency} per ${oneCoin(coinName)}`),
      line("Paid to you", `${minorText(payout, { trim: true })} ${w.currency}`),
    ],
    times: timeLines(zone, [["Created", w.created_at], ["Processing started", w.process_at], ["Completed", w.complete_at]]),
    // account_label is already masked ("GTBank ••••4695"): the full number never reaches a receipt.
    details: [line("Paid to", w.account_label || "Not recorded"), line("Withdrawal number", String(w.id))],
    figures: { amount, currencyRate: Number(w.currency_rate), currencyAmount: payout },
  };
}

async function transferReceipt({ db, userId, zone }: Context, id: number, coinName: string): Promise<Receipt> {
  const t = await db
    .selectFrom("virtual_coin_orders as t")
    .innerJoin("users as s", "s.id", "t.user_id")
    .select(["t.id", "t.type", "t.trade_amount", "t.price", "t.price_indicative", "t.coins", "t.transaction_id", "t.created_at", "t.confirm_at", "s.nickname as seller"])
    .where("t.id", "=", id)
    .where("t.user_id", "=", userId)
    .where("t.status", "=", VirtualCoinOrderStatus.Confirmed)
    .executeTakeFirst();
  if (!t || !t.confirm_at) throw notReady("transfer");
  const symbol = virtualCoinSymbol(t.type);
  const coins = Number(t.coins);
  return {
    kind: "transfer",
    id: t.id,
    reference: receiptReference("transfer", t.id),
    title: `${symbol} transfer`,
    status: "Confirmed",
    timeZone: zone,
    doneAt: ms(t.confirm_at)!,
    parties: [
      { role: "Seller", name: t.seller },
      { role: "Buyer", name: PLATFORM_NAME },
    ],
    amounts: [
      line("Sent", `${cryptoText(Number(t.trade_amount))} ${symbol}`),
      line("Price", `1 ${symbol} = ${minorText(Number(t.price))} USD${t.price_indicative ? " (indicative)" : ""}`),
      line("You received", `${minorText(coins)} ${coinName}`),
    ],
    times: timeLines(zone, [["Reported", t.created_at], ["Confirmed", t.confirm_at]]),
    details: [line("Transaction hash", shortTransactionId(t.transaction_id)), line("Transfer number", String(t.id))],
    figures: { tradeAmount: Number(t.trade_amount), price: Number(t.price), coins },
  };
}

const BUILDERS = { order: orderReceipt, withdrawal: withdrawalReceipt, transfer: transferReceipt } as const;

/** Her receipt of that kind and id, or the kind's "ready once…" refusal. */
export async function buildReceipt(db: Executor, userId: number, zone: string, kind: ReceiptKind, id: number): Promise<Receipt> {
  const coinName = await coinNameOf(db);
  return BUILDERS[kind]({ db, userId, zone }, id, coinName);
}
