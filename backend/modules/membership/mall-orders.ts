import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { StaffMallOrder } from "../../../contract/calls/membership-staff";
import { MallOrderStatus, WealthRecordType, mallOrderStatusLabels } from "../../../contract/enums";
import { transaction, type DB, type Executor, type Trx } from "../../db/index";
import { fail, notFound } from "../../http/errors";
import { recordAudit } from "../audit/audit";
import { notify } from "../notices/notify";
import { applyMove, type Machine, type MoveInput, type MoveRule } from "../transitions";
import { applyBalanceChanges } from "../wallet/ledger";

/**
 * Mall orders: the point-mall items staff send by hand (airtime, data), one per redemption
 * (docs/decisions/0052-mall-delivery.md). This module is the one owner of their status:
 *
 * | from | to | who | effect |
 * |---|---|---|---|
 * | 0 Pending | 1 Delivered | admin | the reference is kept; the user's notice |
 * | 0 Pending | 2 Refunded | admin | the points paid return (a positive Exchange record "Refund: <item>"), the reason is kept; the user's notice |
 *
 * Each move is a compare-and-set from the status the caller read, in the transaction that writes
 * its points, its notice and its audit row: however many decisions race, one wins and the rest are
 * told the order changed.
 */

type Effect = "none" | "refund";
type MallActor = "admin";

interface MallOrderRule extends MoveRule<MallOrderStatus, MallActor> {
  effect: Effect;
}

const S = MallOrderStatus;
export const TRANSITIONS: readonly MallOrderRule[] = [
  { name: "deliver", from: [S.Pending], to: S.Delivered, actors: ["admin"], effect: "none" },
  { name: "refund", from: [S.Pending], to: S.Refunded, actors: ["admin"], effect: "refund" },
];

export const MALL_ORDER_CHANGED = "The mall order has changed. Please refresh.";
export const REFERENCE_REQUIRED = "Please give the delivery reference.";
export const REASON_REQUIRED = "Please give a reason.";
/** The ref of a refund's Exchange record and ledger row (its id is the redemption's). */
export const REFUND_REF = "mall_refund";
export const notPossible = (status: number) => `This mall order is already ${mallOrderStatusLabels[status as MallOrderStatus] ?? "decided"}.`;

/** A redemption of a manual item waits for staff: called by the redemption, in its transaction. */
export async function openMallOrder(trx: Trx, redemptionId: number, mobile: string | null, now: Date) {
  await trx.insertInto("mall_fulfilments").values({ redemption_id: redemptionId, mobile, created_at: now }).execute();
}

/** "+234 8000000001" from users.mobile's "234-8000000001". */
export const mobileText = (stored: string | null) => (stored ? `+${stored.replace("-", " ")}` : null);

/** Points per 10000 as the user reads them: 500000 → "50". */
const pointsText = (perTenThousand: number) => String(perTenThousand / 10_000);

function orderRows(db: Executor) {
  return db
    .selectFrom("mall_fulfilments as f")
    .innerJoin("wealth_redemptions as r", "r.id", "f.redemption_id")
    .innerJoin("redemption_items as i", "i.id", "r.item_id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select([
      "f.redemption_id as id",
      "f.status",
      "f.mobile",
      "f.reference",
      "f.reason",
      "f.created_at",
      "f.decided_at",
      "r.user_id",
      "r.price",
      "i.name as item_name",
      "u.nickname",
    ]);
}
type OrderRow = Awaited<ReturnType<ReturnType<typeof orderRows>["executeTakeFirstOrThrow"]>>;

const ms = (d: Date | string) => new Date(d).getTime();

function toStaffMallOrder(r: OrderRow): StaffMallOrder {
  return {
    id: Number(r.id),
    userId: r.user_id,
    userNickname: r.nickname,
    itemName: r.item_name,
    mobile: mobileText(r.mobile),
    points: Number(r.price),
    status: r.status as MallOrderStatus,
    reference: r.reference,
    reason: r.reason,
    createTimestamp: ms(r.created_at),
    decideTimestamp: r.decided_at ? ms(r.decided_at) : null,
  };
}

/** The staff queue: Pending oldest first (the longest wait first), decided ones newest first; keyset paged. */
export async function mallOrderPage(db: Executor, f: { status: MallOrderStatus; lastId?: number | null }): Promise<StaffMallOrder[]> {
  const queue = f.status === S.Pending;
  let q = orderRows(db).where("f.status", "=", f.status);
  if (f.lastId) q = q.where("f.redemption_id", queue ? ">" : "<", f.lastId);
  const rows = await q.orderBy("f.redemption_id", queue ? "asc" : "desc").limit(LIST_PAGE_SIZE).execute();
  return rows.map(toStaffMallOrder);
}

interface TransitionInput extends MoveInput<MallOrderStatus, MallActor> {
  id: number;
  actorUserId: number;
  reference?: string;
  reason?: string;
}

const referenceOf = (input: TransitionInput) => input.reference?.trim() ?? "";
const reasonOf = (input: TransitionInput) => input.reason?.trim() ?? "";

/** A mall order's moves as a compare-and-set on its status, with their effects (see applyMove). */
const MALL_ORDER_MACHINE: Machine<MallOrderRule, TransitionInput, OrderRow> = {
  rules: TRANSITIONS,
  notPossible,
  changed: MALL_ORDER_CHANGED,
  check(rule, input) {
    if (rule.to === S.Delivered && !referenceOf(input)) throw fail(REFERENCE_REQUIRED);
    if (rule.to === S.Refunded && !reasonOf(input)) throw fail(REASON_REQUIRED);
  },
  async write(trx, rule, input) {
    const moved = await trx
      .updateTable("mall_fulfilments")
      .set({
        status: rule.to,
        reference: rule.to === S.Delivered ? referenceOf(input) : null,
        reason: rule.to === S.Refunded ? reasonOf(input) : null,
        decided_by: input.actorUserId,
        decided_at: input.now,
      })
      .where("redemption_id", "=", input.id)
      .where("status", "=", input.from)
      .returning("redemption_id")
      .executeTakeFirst();
    return moved ? orderRows(trx).where("f.redemption_id", "=", input.id).executeTakeFirstOrThrow() : undefined;
  },
  async effects(trx, rule, o, input) {
    const points = Number(o.price);
    if (rule.effect === "refund" && points > 0) {
      await applyBalanceChanges(trx, o.user_id, [{ part: "wealth", delta: points }], {
        reason: "point mall refund",
        refType: REFUND_REF,
        refId: input.id,
        at: input.now,
        wealthRecord: { type: WealthRecordType.Exchange, descriptionEn: `Refund: ${o.item_name}` },
      });
    }
    return o;
  },
  async record(trx, rule, o, input) {
    await notify(trx, {
      userId: o.user_id,
      about: { type: "pointMall", id: input.id },
      ...(rule.to === S.Delivered
        ? { title: "Point mall order delivered", content: `${o.item_name} was sent to ${mobileText(o.mobile) ?? "your mobile number"}. Reference: ${referenceOf(input)}.` }
        : { title: "Point mall order refunded", content: `${o.item_name} was not sent: ${reasonOf(input)} Your ${pointsText(Number(o.price))} points are back.` }),
      oppositeUserId: null,
      goodsName: o.item_name,
      transAmount: null,
      transCurrency: null,
      transPrice: null,
      at: input.now,
    });
  },
};

/** Applies one move (see the table above) and its effects; throws a clear message when it may not. */
const transition = (trx: Trx, input: TransitionInput): Promise<OrderRow> => applyMove(trx, MALL_ORDER_MACHINE, input);

const snap = (o: OrderRow) => ({ status: o.status, points: Number(o.price), reference: o.reference, reason: o.reason });

/** One administrator decision: the move, its points, notice and audit row in one transaction. */
async function decide(db: DB, adminId: number, input: Omit<TransitionInput, "from" | "actor" | "actorUserId">) {
  const before = await orderRows(db).where("f.redemption_id", "=", input.id).executeTakeFirst();
  if (!before) throw notFound("Mall order");
  await transaction(db, async (trx) => {
    const after = await transition(trx, { ...input, from: before.status, actor: "admin", actorUserId: adminId });
    await recordAudit(trx, {
      adminId,
      action: input.to === S.Delivered ? "mallOrder.deliver" : "mallOrder.refund",
      entityType: "mallOrder",
      entityId: input.id,
      before: snap(before),
      after: snap(after),
      at: input.now,
    });
  });
}

export const deliverMallOrder = (db: DB, adminId: number, id: number, reference: string, now: Date) => decide(db, adminId, { id, to: S.Delivered, now, reference });

export const refundMallOrder = (db: DB, adminId: number, id: number, reason: string, now: Date) => decide(db, adminId, { id, to: S.Refunded, now, reason });
