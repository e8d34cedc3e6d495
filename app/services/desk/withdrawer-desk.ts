/**
 * The withdrawer desk's rules for the page (ADR 0037), pure: browser and server.
 * - The queue's tabs: Open (Waiting then Processing, oldest first: a work queue), one status each.
 * - The 300-minute limit: a Waiting withdrawal is cancelled by the timer 300 minutes after it was
 *   made; a Processing one is never cancelled by a timer, but should be paid within 300 minutes
 *   of starting (after that it is overdue, and staff may cancel it).
 * - The settings form's starting values (parsing what was typed is withdrawer-desk.server.ts: it
 *   needs the contract's zod rules, which stay out of the page's JavaScript).
 */
import { WITHDRAWER_TIME_LIMIT_MINUTES } from "../../../contract/constants";
import { WithdrawalStatus, withdrawalStatusLabels } from "../../../contract/enums";
import type { Withdrawer } from "../../../contract/entities";
import { shiftDecimal } from "~/services/money/wallet";

export const DESK_PATH = "/desk/withdrawals";
export const deskWithdrawalPath = (id: number) => `${DESK_PATH}/${id}`;

// ---------------------------------------------------------------- queue tabs

export type QueueTab = "open" | `${WithdrawalStatus}`;
export const QUEUE_TABS: readonly QueueTab[] = ["open", "0", "1", "2", "3"];
export const queueTabLabel = (t: QueueTab) => (t === "open" ? "Open" : withdrawalStatusLabels[Number(t) as WithdrawalStatus]);
export const parseQueueTab = (v: string | null): QueueTab => (QUEUE_TABS.includes(v as QueueTab) ? (v as QueueTab) : "open");

// ---------------------------------------------------------------- the limit

const LIMIT_MS = WITHDRAWER_TIME_LIMIT_MINUTES * 60_000;

export interface DeskDeadline {
  at: number;
  /** Text before the time: "Auto cancel" (the timer acts) or "Pay within" (nobody acts by itself). */
  label: string;
  enforced: boolean;
}

export function withdrawalDeadline(w: { status: number; createTimestamp: number; processTimestamp: number | null }): DeskDeadline | null {
  if (w.status === WithdrawalStatus.Waiting) return { at: w.createTimestamp + LIMIT_MS, label: "Auto cancel", enforced: true };
  if (w.status === WithdrawalStatus.Processing && w.processTimestamp !== null) return { at: w.processTimestamp + LIMIT_MS, label: "Pay within", enforced: false };
  return null;
}

// ---------------------------------------------------------------- settings form

/** Form field names; the values are what the withdrawer typed. */
export const SETTINGS_FIELDS = ["status", "currencyRate", "minTrade", "maxTrade", "remainBalance", "tags", "description"] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];
export type SettingsValues = Record<SettingsField, string>;

/** The form's starting values from the offer. */
export function settingsValues(w: Withdrawer): SettingsValues {
  const coins = (v: number) => shiftDecimal(v, 2).replace(/\.00$/, "");
  return {
    status: String(w.status === 0 ? 0 : 1),
    currencyRate: shiftDecimal(w.currencyRate, 4).replace(/\.?0+$/, ""),
    minTrade: coins(w.minTrade),
    maxTrade: coins(w.maxTrade),
    remainBalance: coins(w.remainBalance),
    tags: w.tags,
    description: w.description,
  };
}

/** A message per field; `otp` the two-factor code's (ADR 0057). */
export type SettingsErrors = Partial<Record<SettingsField | "otp", string>>;
