/**
 * The merchant desk's queue (/desk, ADR 0036): its filters as GET query parameters (so they
 * work without JavaScript) and the keyset cursor of the next page, (lastRank, lastId).
 */
import { OrderStatus, orderStatusLabels } from "../../../contract/enums";

export interface DeskFilters {
  /** One order status, or null: the open queue (Waiting first, then Processing and In negotiation). */
  status: OrderStatus | null;
  cardTypeId: number | null;
}

/** The status filter's options: the open queue, then every status. */
export const DESK_STATUS_OPTIONS: { value: string; label: string }[] = [
  { value: "", label: "Open orders" },
  ...(Object.values(OrderStatus) as OrderStatus[]).map((s) => ({ value: String(s), label: orderStatusLabels[s] })),
];

const posInt = (v: string | null) => {
  const n = Number(v);
  return v && Number.isSafeInteger(n) && n > 0 ? n : null;
};

export function parseDeskFilters(params: URLSearchParams): DeskFilters {
  const s = params.get("status");
  const status = s !== null && s !== "" && (Object.values(OrderStatus) as number[]).includes(Number(s)) ? (Number(s) as OrderStatus) : null;
  return { status, cardTypeId: posInt(params.get("cardTypeId")) };
}

export function parseDeskCursor(params: URLSearchParams): { lastId: number | null; lastRank: 0 | 1 | null } {
  const rank = params.get("lastRank");
  return { lastId: posInt(params.get("lastId")), lastRank: rank === "0" ? 0 : rank === "1" ? 1 : null };
}

/** The queue's group of an order: 0 Waiting, 1 the others. */
export const queueRank = (status: number): 0 | 1 => (status === OrderStatus.Waiting ? 0 : 1);

/** "?status=…&cardTypeId=…&lastId=…&lastRank=…", empty values left out. */
export function deskQuery(f: DeskFilters, after?: { id: number; status: number }): string {
  const p = new URLSearchParams();
  if (f.status !== null) p.set("status", String(f.status));
  if (f.cardTypeId) p.set("cardTypeId", String(f.cardTypeId));
  if (after) {
    p.set("lastId", String(after.id));
    p.set("lastRank", String(queueRank(after.status)));
  }
  return `?${p}`;
}
