import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { ReferralUser, ShareStatistics } from "../../../contract/entities";
import { OrderStatus } from "../../../contract/enums";
import type { Executor } from "../../db/index";
import { countInvited } from "../identity/queries";

/** What /referral shows: the inviter's totals and friends (users.invited_by), only ever the caller's own. */

export async function shareStatistics(db: Executor, inviterId: number): Promise<ShareStatistics> {
  const [inviteCount, award] = await Promise.all([
    countInvited(db, inviterId),
    db
      .selectFrom("referral_rewards")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("s"))
      .where("inviter_id", "=", inviterId)
      .executeTakeFirstOrThrow(),
  ]);
  return { inviteCount, inviteAward: Number(award.s) };
}

/** The friends with their selling figures (completed orders as seller) and what each earned the inviter. */
function friendsQuery(db: Executor, inviterId: number) {
  return db
    .selectFrom("users as u")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("orders as o")
          .select((o) => [o.fn.countAll<number>().as("n"), o.fn.sum<number>("o.real_total_price").as("amount"), o.fn.max("o.completed_at").as("last")])
          .whereRef("o.seller_id", "=", "u.id")
          .where("o.status", "=", OrderStatus.Completed)
          .as("sold"),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      "u.id",
      "u.created_at",
      "u.avatar",
      "u.nickname",
      "sold.n as sell_trade_num",
      "sold.amount as sell_trade_amount",
      "sold.last as last_trade_time",
      eb
        .selectFrom("referral_rewards as r")
        .select((r) => r.fn.sum<number>("r.amount").as("s"))
        .whereRef("r.friend_id", "=", "u.id")
        .where("r.inviter_id", "=", inviterId)
        .as("award"),
    ])
    .where("u.invited_by", "=", inviterId);
}

type FriendRow = Awaited<ReturnType<ReturnType<typeof friendsQuery>["execute"]>>[number];

const toReferralUser = (r: FriendRow): ReferralUser => ({
  registerTime: new Date(r.created_at).getTime(),
  avatar: r.avatar,
  nickname: r.nickname,
  sellTradeNum: Number(r.sell_trade_num ?? 0),
  sellTradeAmount: Number(r.sell_trade_amount ?? 0),
  lastTradeTime: r.last_trade_time ? new Date(r.last_trade_time).getTime() : null,
  inviteShareAward: Number(r.award ?? 0),
});

/**
 * One page of friends, newest first, registered before `before` (ms; the registerTime of the last
 * item of the previous page). The cursor is a millisecond, so friends who registered in the same
 * millisecond as a page's last one all join that page (it may run a little longer): the next page
 * starts strictly before it and none is skipped.
 */
export async function shareUsers(db: Executor, inviterId: number, before?: number): Promise<ReferralUser[]> {
  let q = friendsQuery(db, inviterId);
  if (before) q = q.where("u.created_at", "<", new Date(before));
  const page = await q.orderBy("u.created_at", "desc").orderBy("u.id", "desc").limit(LIST_PAGE_SIZE).execute();
  if (page.length === LIST_PAGE_SIZE) {
    const lastMs = new Date(page[page.length - 1].created_at).getTime();
    const sameMs = await friendsQuery(db, inviterId)
      .where("u.created_at", ">=", new Date(lastMs))
      .where("u.created_at", "<", new Date(lastMs + 1))
      .where("u.id", "not in", page.map((r) => r.id))
      .orderBy("u.id", "desc")
      .execute();
    page.push(...sameMs);
  }
  return page.map(toReferralUser);
}
