import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { VirtualCoinOrder } from "../../../contract/calls/virtual-coin-staff";
import type { MyVirtualCoinOrder } from "../../../contract/calls/virtual-coin";
import type { VirtualCoinOrderStatus, VirtualCoinType } from "../../../contract/enums";
import type { Executor } from "../../db/index";
import type { VirtualCoinOrderRow } from "../../db/schema";

/** Read side of BTC/USDT transfer orders. */

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

function orderRows(db: Executor) {
  return db.selectFrom("virtual_coin_orders as v").innerJoin("users as u", "u.id", "v.user_id").selectAll("v").select(["u.nickname as user_nickname"]);
}
export type JoinedVirtualCoinOrder = VirtualCoinOrderRow & { user_nickname: string };

export function toVirtualCoinOrder(r: JoinedVirtualCoinOrder): VirtualCoinOrder {
  return {
    id: r.id,
    userId: r.user_id,
    userNickname: r.user_nickname,
    type: r.type as VirtualCoinType,
    fromAddress: r.from_address,
    transactionId: r.transaction_id,
    tradeAmount: Number(r.trade_amount),
    price: Number(r.price),
    priceIndicative: r.price_indicative,
    usdRate: r.usd_rate,
    discount: r.discount,
    coins: Number(r.coins),
    status: r.status as VirtualCoinOrderStatus,
    reason: r.reason,
    createTimestamp: ms(r.created_at)!,
    confirmTimestamp: ms(r.confirm_at),
    rejectTimestamp: ms(r.reject_at),
  };
}

export function findVirtualCoinOrder(db: Executor, id: number): Promise<JoinedVirtualCoinOrder | undefined> {
  return orderRows(db).where("v.id", "=", id).executeTakeFirst() as Promise<JoinedVirtualCoinOrder | undefined>;
}

/** One page of transfer orders, newest first, after the id of the last one: everyone's (staff) or one user's. */
export async function virtualCoinOrderPage(db: Executor, f: { userId?: number; status?: number; lastId?: number | null }): Promise<VirtualCoinOrder[]> {
  let q = orderRows(db);
  // (user_id, id desc) is the index virtual_coin_orders_user: her pages are a range of it.
  if (f.userId !== undefined) q = q.where("v.user_id", "=", f.userId);
  if (f.status !== undefined) q = q.where("v.status", "=", f.status);
  if (f.lastId) q = q.where("v.id", "<", f.lastId);
  const rows = (await q.orderBy("v.id", "desc").limit(LIST_PAGE_SIZE).execute()) as JoinedVirtualCoinOrder[];
  return rows.map(toVirtualCoinOrder);
}

/** Her own view of an order: the staff's row without who reported it or the platform's terms (ADR 0068). */
export function toMyVirtualCoinOrder(o: VirtualCoinOrder): MyVirtualCoinOrder {
  const { userId: _u, userNickname: _n, usdRate: _r, discount: _d, ...mine } = o;
  return mine;
}
