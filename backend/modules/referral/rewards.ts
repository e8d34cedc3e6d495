import { REFERRAL_BONUS, REFERRAL_BONUS_TRADE, REFERRAL_PER_MILLE } from "../../../contract/constants";
import { BillType } from "../../../contract/enums";
import { referralShare } from "../../../contract/money";
import type { Trx } from "../../db/index";
import type { OrderRow } from "../../db/schema";
import { notify } from "../notices/notify";
import { coins } from "../orders/format";
import { applyBalanceChanges } from "../wallet/ledger";
import { PLATFORM_USER_ID } from "../wallet/platform";

/**
 * Referral rewards (docs/product/README.md, docs/product/constants.md; docs/decisions/0024-referral-rewards.md), paid inside the
 * transaction of the compare-and-set that completes a friend's order, so they exist exactly when
 * the completion commits:
 * - share: 3 per mille of the coins the friend was paid, rounded down to a hundredth of a coin;
 * - bonus: 3 coins, once per friend, the first time a completed order pays at least 1000 coins.
 * Each reward is first claimed as a referral_rewards row (unique per order and kind; the bonus
 * unique per friend); only a claim that wins pays. The coins come from the platform's account.
 */

type Kind = "share" | "bonus";

const BILL_TEXT: Record<Kind, (friend: string) => string> = {
  share: (friend) => `Invite reward: ${REFERRAL_PER_MILLE / 10}% of ${friend}'s order`,
  bonus: (friend) => `Invite bonus: ${friend}'s first 1000-coin order`,
};

/**
 * Who is rewarded for `order`, or null: the seller's inviter, unless that is the platform or the
 * order's own buyer (a merchant buying from a friend it invited would pay itself from the platform).
 * The completion locks this account with the buyer's and the seller's, in id order (no deadlock).
 */
export async function inviterToReward(trx: Trx, order: OrderRow): Promise<number | null> {
  const seller = await trx.selectFrom("users").select("invited_by").where("id", "=", order.seller_id).executeTakeFirstOrThrow();
  const inviterId = seller.invited_by === null ? null : Number(seller.invited_by);
  return inviterId === null || inviterId === PLATFORM_USER_ID || inviterId === Number(order.buyer_id) ? null : inviterId;
}

/**
 * Pays `inviterId` (inviterToReward's answer, which the completion already read to lock its
 * account) for `order`, just completed at `price` (hundredths).
 */
export async function rewardInviter(trx: Trx, order: OrderRow, inviterId: number | null, price: number, at: Date): Promise<void> {
  if (inviterId === null) return;
  const friend = await trx.selectFrom("users").select(["id", "nickname"]).where("id", "=", order.seller_id).executeTakeFirstOrThrow();

  const due: { kind: Kind; amount: number }[] = [{ kind: "share", amount: referralShare(price) }];
  if (price >= REFERRAL_BONUS_TRADE) due.push({ kind: "bonus", amount: REFERRAL_BONUS });

  let total = 0;
  for (const { kind, amount } of due) {
    if (amount <= 0) continue;
    // The claim: a second completion of this order, or a second bonus for this friend, inserts nothing.
    const claim = await trx
      .insertInto("referral_rewards")
      .values({ inviter_id: inviterId, friend_id: friend.id, order_id: order.id, kind, amount, created_at: at })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!claim) continue;
    await applyBalanceChanges(trx, inviterId, [{ part: "amount", delta: amount }], {
      reason: `referral ${kind}`,
      refType: "referral_reward",
      refId: claim.id,
      bill: { type: BillType.Invite, descriptionEn: BILL_TEXT[kind](friend.nickname), transAmount: amount, oppositeUserId: friend.id },
    });
    total += amount;
  }
  if (total === 0) return;

  // The platform's account is locked last (after the inviter's), so completions never wait on it in a cycle.
  await applyBalanceChanges(trx, PLATFORM_USER_ID, [{ part: "amount", delta: -total }], {
    reason: "referral rewards paid",
    refType: "order",
    refId: order.id,
  });
  await notify(trx, {
    userId: inviterId,
    about: { type: "referral", id: friend.id },
    title: "Referral reward",
    content: `Your friend ${friend.nickname} completed an order. You earned ${coins(total)}.`,
    oppositeUserId: friend.id,
    goodsName: null,
    transAmount: total,
    transCurrency: null,
    transPrice: null,
    at,
  });
}
