import { NoticeType } from "../../../contract/enums";
import type { Trx } from "../../db/index";
import { postSystemMessage } from "../chat/messages";
import { queuePushForNotice } from "../push/queue";

/**
 * The one way a module tells a user about an event of theirs: a notice
 * (docs/product/entities.md#notice, for the bell and /noticeList) and the same words in the user's
 * system chat conversation, and a push to her phones when she asked for that kind (ADR 0079), all in
 * the caller's transaction, so they exist exactly when the change they describe commits.
 */
export interface Notification {
  userId: number;
  /** What the notice is about; opening it leads there (docs/product/statuses.md). */
  about: { type: "order" | "withdrawal" | "account" | "referral" | "pointMall" | "security" | "rateAlert" | "support"; id: number };
  title: string;
  content: string;
  /** The other side (the merchant or the withdrawer), and the figures the notice list shows. */
  oppositeUserId: number | null;
  goodsName: string | null;
  transAmount: number | null;
  transCurrency: string | null;
  transPrice: number | null;
  at: Date;
}

const NOTICE_TYPE = {
  order: NoticeType.Order,
  withdrawal: NoticeType.Withdrawal,
  account: NoticeType.Account,
  referral: NoticeType.Referral,
  pointMall: NoticeType.PointMall,
  security: NoticeType.Security,
  rateAlert: NoticeType.RateAlert,
  support: NoticeType.Support,
} as const;

export async function notify(trx: Trx, n: Notification): Promise<void> {
  // The chat links order and withdrawal messages to their page; account, referral and point-mall ones need no link.
  const ref = n.about.type === "order" || n.about.type === "withdrawal" ? { type: n.about.type, id: n.about.id } : undefined;
  const message = await postSystemMessage(trx, { userId: n.userId, text: `${n.title}\n${n.content}`, ref, at: n.at });
  await trx
    .insertInto("notices")
    .values({
      user_id: n.userId,
      type: NOTICE_TYPE[n.about.type],
      ref_id: n.about.id,
      title_en: n.title,
      content_en: n.content,
      opposite_user_id: n.oppositeUserId,
      goods_name: n.goodsName,
      trans_amount: n.transAmount,
      trans_currency: n.transCurrency,
      trans_price: n.transPrice,
      created_at: n.at,
      // The same words, read once (ADR 0059): reading either reads both.
      chat_message_id: message.id,
    })
    .execute();
  await queuePushForNotice(trx, { userId: n.userId, type: NOTICE_TYPE[n.about.type], refId: n.about.id, title: n.title, at: n.at });
}
