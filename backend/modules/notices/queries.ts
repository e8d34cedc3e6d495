import { BADGE_CAP, LIST_PAGE_SIZE } from "../../../contract/constants";
import type { Notice } from "../../../contract/entities";
import { NoticeStatus, OrderListTab, orderListTabStatuses, type NoticeType } from "../../../contract/enums";
import type { Executor } from "../../db/index";
import { orderTotals } from "../orders/queries";
import { countOpenWithdrawals } from "../withdrawals/queries";
import { countRowsUpTo } from "../../db/count";

/** Notices and the top-bar badge counts. Every query is scoped to one user id. */

/** How many notices the bell popover shows. */
export const LATEST_NOTICES = 5;

/** The user's orders as seller still trading (statuses 0-3): the top bar's Orders badge. */
export async function countTradingOrders(db: Executor, userId: number): Promise<number> {
  return (await orderTotals(db, userId, { statuses: orderListTabStatuses[OrderListTab.Active], asSellerOnly: true, sum: "calculate_total_price" })).n;
}

/** Pending withdrawals (statuses 0 Waiting and 1 Processing) of the user: the top bar's Withdrawal badge. */
export async function countPendingWithdrawals(db: Executor, userId: number): Promise<number> {
  return countOpenWithdrawals(db, userId);
}

/** Unread notices of the user, counted up to one past the badge's cap (it shows "99+" beyond). */
export async function countUnread(db: Executor, userId: number): Promise<number> {
  return countRowsUpTo(db, unreadQuery(db, userId), BADGE_CAP + 1);
}

/** The user's unread notices (index notices_user_unread). */
export function unreadQuery(db: Executor, userId: number) {
  return db.selectFrom("notices").where("user_id", "=", userId).where("status", "=", NoticeStatus.Unread);
}

function noticeRows(db: Executor, userId: number) {
  return db
    .selectFrom("notices as n")
    .leftJoin("users as o", "o.id", "n.opposite_user_id")
    .select([
      "n.id",
      "n.type",
      "n.ref_id",
      "n.status",
      "n.title_en",
      "n.content_en",
      "n.created_at",
      "n.goods_name",
      "n.trans_amount",
      "n.trans_currency",
      "n.trans_price",
      "o.nickname as opposite_nickname",
      "o.avatar as opposite_avatar",
    ])
    .where("n.user_id", "=", userId);
}
type NoticeRow = Awaited<ReturnType<ReturnType<typeof noticeRows>["executeTakeFirstOrThrow"]>>;

const numOrNull = (v: number | null) => (v === null ? null : Number(v));

export function toNotice(r: NoticeRow): Notice {
  return {
    id: r.id,
    type: r.type as NoticeType,
    refId: Number(r.ref_id),
    status: r.status === NoticeStatus.Unread ? NoticeStatus.Unread : NoticeStatus.Read,
    titleEn: r.title_en,
    contentEn: r.content_en,
    createtime: new Date(r.created_at).getTime(),
    oppositeNickname: r.opposite_nickname ?? null,
    oppositePhoto: r.opposite_avatar ?? null,
    goodsName: r.goods_name,
    transAmount: numOrNull(r.trans_amount),
    transCurrency: r.trans_currency,
    transPrice: numOrNull(r.trans_price),
  };
}

/** The newest unread notices of the user. */
export async function latestUnread(db: Executor, userId: number, limit = LATEST_NOTICES): Promise<Notice[]> {
  const rows = await noticeRows(db, userId).where("n.status", "=", NoticeStatus.Unread).orderBy("n.id", "desc").limit(limit).execute();
  return rows.map(toNotice);
}

/** One page of the user's notices, newest first, after the cursor `lastId` (absent or 0: first page). */
export async function noticePage(db: Executor, userId: number, lastId?: number | null): Promise<Notice[]> {
  let q = noticeRows(db, userId);
  if (lastId) q = q.where("n.id", "<", lastId);
  const rows = await q.orderBy("n.id", "desc").limit(LIST_PAGE_SIZE).execute();
  return rows.map(toNotice);
}

/** Marks one notice read if it is the user's. Returns whether it is (another user's id changes nothing). */
export async function markRead(db: Executor, userId: number, id: number): Promise<boolean> {
  const r = await db
    .updateTable("notices")
    .set({ status: NoticeStatus.Read })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markAllRead(db: Executor, userId: number) {
  await db.updateTable("notices").set({ status: NoticeStatus.Read }).where("user_id", "=", userId).where("status", "=", NoticeStatus.Unread).execute();
}
