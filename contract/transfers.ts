/** Words for BTC/USDT transfer orders that the backend's bills and the seller's /transfers both use. */
import { virtualCoinTypeLabels, type VirtualCoinType } from "./enums";

/** "BTC" or "USDT": the coin's symbol without its network. */
export const virtualCoinSymbol = (type: number): string => virtualCoinTypeLabels[type as VirtualCoinType]?.split(" ")[0] ?? "Crypto";

/** A long transaction hash as a person reads it: its first and last six characters ("3f2a4b…9c1d0e"). */
export const shortTransactionId = (tx: string): string => (tx.length > 14 ? `${tx.slice(0, 6)}…${tx.slice(-6)}` : tx);
