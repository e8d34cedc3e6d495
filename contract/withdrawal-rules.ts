/**
 * Rules of withdrawals that both tiers read (one home): which statuses are still open. An open
 * withdrawal holds the seller's coins frozen and its withdrawer's deposit; its page keeps
 * refreshing; the top bar counts it.
 */
import { WithdrawalStatus } from "./enums";

export const OPEN_WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = [WithdrawalStatus.Waiting, WithdrawalStatus.Processing];

export const isWithdrawalOpen = (status: number) => (OPEN_WITHDRAWAL_STATUSES as readonly number[]).includes(status);
