import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { MallDeliveryInfo, WealthRecord } from "../../../contract/entities";
import { MallOrderStatus } from "../../../contract/enums";
import type { Executor } from "../../db/index";
import { REDEMPTION_REF } from "./mall";

/** The user's Vip Records (wealth records), newest first; type 0 or absent: every type. */
function mine(db: Executor, userId: number, type?: number) {
  let q = db.selectFrom("wealth_records").where("user_id", "=", userId);
  if (type) q = q.where("type", "=", type);
  return q;
}

type RecordRow = { id: number; type: number; description_en: string; amount: number; created_at: Date; ref_type: string | null; ref_id: number | null };

const columns = ["id", "type", "description_en", "amount", "created_at", "ref_type", "ref_id"] as const;

const redemptionIdOf = (r: RecordRow) => (r.ref_type === REDEMPTION_REF && r.ref_id !== null ? Number(r.ref_id) : null);

/**
 * How each redemption on the page was delivered (ADR 0052), in one query: coins and frames and
 * badges at once, the rest as staff decided. Only the user's own redemptions are read.
 */
async function deliveriesOf(db: Executor, userId: number, rows: RecordRow[]): Promise<Map<number, MallDeliveryInfo>> {
  const ids = rows.map(redemptionIdOf).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const found = await db
    .selectFrom("wealth_redemptions as r")
    .leftJoin("mall_fulfilments as f", "f.redemption_id", "r.id")
    .select(["r.id", "r.delivery", "r.delivery_value", "r.active_until", "f.status", "f.reference", "f.reason"])
    .where("r.user_id", "=", userId)
    .where("r.id", "in", ids)
    .execute();
  return new Map(
    found.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        kind: r.delivery,
        status: r.delivery === "manual" ? ((r.status ?? MallOrderStatus.Pending) as MallOrderStatus) : MallOrderStatus.Delivered,
        coins: r.delivery === "coins" ? Number(r.delivery_value) : null,
        activeUntil: r.active_until ? new Date(r.active_until).getTime() : null,
        reference: r.reference ?? null,
        reason: r.reason ?? null,
      },
    ]),
  );
}

async function toRecords(db: Executor, userId: number, rows: RecordRow[]): Promise<WealthRecord[]> {
  const deliveries = await deliveriesOf(db, userId, rows);
  return rows.map((r) => {
    const redemption = redemptionIdOf(r);
    const record: WealthRecord = {
      id: Number(r.id),
      type: r.type as WealthRecord["type"],
      tradeTime: new Date(r.created_at).getTime(),
      descriptionEn: r.description_en,
      transAmount: Number(r.amount),
    };
    const delivery = redemption === null ? undefined : deliveries.get(redemption);
    return delivery ? { ...record, delivery } : record;
  });
}

/** One cursor page (wealthRecordList): the records older than `lastId`. */
export async function recordPage(db: Executor, userId: number, lastId: number | null | undefined, type?: number) {
  let q = mine(db, userId, type).select(columns);
  if (lastId) q = q.where("id", "<", lastId);
  const rows = await q.orderBy("id", "desc").limit(LIST_PAGE_SIZE).execute();
  return toRecords(db, userId, rows);
}

/** One numbered page (pageWealthRecord, the Point Order tab) and the total count. */
export async function recordPageByNumber(db: Executor, userId: number, page: { pageIndex: number; pageSize: number }, type?: number) {
  const [rows, total] = await Promise.all([
    mine(db, userId, type)
      .select(columns)
      .orderBy("id", "desc")
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize)
      .execute(),
    mine(db, userId, type).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { list: await toRecords(db, userId, rows), total: Number(total.n) };
}
