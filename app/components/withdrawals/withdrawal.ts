/** Display rules of withdrawals (docs/product/entities.md, docs/product/statuses.md). Pure: browser and server. */
import type { Withdrawal } from "../../../contract/entities";
import { WithdrawalStatus, withdrawalStatusLabels } from "../../../contract/enums";
import type { BadgeTone } from "~/components/ui/Badge";

export { WithdrawalStatus };

/** docs/product/look.md colours: amber waiting, brand in progress, green done, red cancelled. */
const tones: Record<WithdrawalStatus, BadgeTone> = { 0: "wait", 1: "brand", 2: "success", 3: "danger" };

export const withdrawalStatusLabel = (s: number) => withdrawalStatusLabels[s as WithdrawalStatus] ?? `Status ${s}`;
export const withdrawalStatusTone = (s: number): BadgeTone => tones[s as WithdrawalStatus] ?? "neutral";
export { isWithdrawalOpen } from "../../../contract/withdrawal-rules";

/** The bank account as it was when the withdrawal was made (Withdrawal.userPayment is a JSON string). */
export interface BankSnapshot {
  paymentNameEn: string;
  realname: string;
  accountNumber: string;
  remark: string;
}

export function parseBankSnapshot(json: string | null | undefined): BankSnapshot | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as Record<string, unknown> | null;
    if (!v || typeof v !== "object") return null;
    const s = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : typeof v[k] === "number" ? String(v[k]) : "");
    return { paymentNameEn: s("paymentNameEn"), realname: s("realname"), accountNumber: s("accountNumber"), remark: s("remark") };
  } catch {
    return null;
  }
}

export interface TimelineStep {
  key: "created" | "processing" | "completed" | "cancelled";
  label: string;
  /** ms, or null while the step has not happened. */
  at: number | null;
}

/** docs/product/statuses.md: created → processing started → completed or cancelled. */
export function withdrawalTimeline(w: Pick<Withdrawal, "status" | "createTimestamp" | "processTimestamp" | "completeTimestamp" | "cancelTimestamp">): TimelineStep[] {
  const steps: TimelineStep[] = [{ key: "created", label: "Created", at: w.createTimestamp }];
  if (w.status === WithdrawalStatus.Cancelled) {
    if (w.processTimestamp) steps.push({ key: "processing", label: "Processing started", at: w.processTimestamp });
    steps.push({ key: "cancelled", label: "Cancelled", at: w.cancelTimestamp ?? null });
  } else {
    steps.push({ key: "processing", label: "Processing started", at: w.processTimestamp ?? null });
    steps.push({ key: "completed", label: "Completed", at: w.completeTimestamp ?? null });
  }
  return steps;
}
