import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { WealthRecord } from "../../../contract/entities";
import type { Executor } from "../../db/index";

/** The user's Vip Records (wealth records), newest first; type 0 or absent: every type. */
function mine(db: Executor, userId: number, type?: number) {
  let q = db.selectFrom("wealth_records").where("user_id", "=", userId);
  if (type) q = q.where("type", "=", type);
  return q;
}

const toRecord = (r: { id: number; type: number; description_en: string; amount: number; created_at: Date }): WealthRecord => ({
  id: Number(r.id),
  type: r.type as WealthRecord["type"],
  tradeTime: new Date(r.created_at).getTime(),
  descriptionEn: r.description_en,
  transAmount: Number(r.amount),
});

const columns = ["id", "type", "description_en", "amount", "created_at"] as const;

/** One cursor page (wealthRecordList): the records older than `lastId`. */
export async function recordPage(db: Executor, userId: number, lastId: number | null | undefined, type?: number) {
  let q = mine(db, userId, type).select(columns);
  if (lastId) q = q.where("id", "<", lastId);
  const rows = await q.orderBy("id", "desc").limit(LIST_PAGE_SIZE).execute();
  return rows.map(toRecord);
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
  return { list: rows.map(toRecord), total: Number(total.n) };
}
