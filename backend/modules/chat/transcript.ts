import { FILE_URL_TTL_SECONDS } from "../../../contract/chat-protocol";
import { TRANSCRIPT_PAGE_SIZE, type TranscriptMessage } from "../../../contract/calls/orders-desks";
import type { Executor } from "../../db/index";
import type { SecretBox } from "../../security/secret-box";
import { findConversation, groupConversation } from "./conversations";
import { textOf } from "./format";
import { signFileUrl } from "./keys";

/**
 * An order's chat as an administrator reads it to decide a dispute (ADR 0035): the order's group
 * conversation (seller and merchant), oldest first, read-only, paged after a message id. The
 * administrator is not a member: reading it moves no one's read position.
 */
export async function orderTranscript(
  db: Executor,
  order: { id: number; seller_id: number; buyer_id: number },
  afterId: number | null | undefined,
  f: { now: Date; secrets: SecretBox },
): Promise<{ list: TranscriptMessage[]; nextAfterId: number | null }> {
  const conv = await findConversation(db, groupConversation(order).key);
  if (!conv) return { list: [], nextAfterId: null };
  let q = db.selectFrom("chat_messages").selectAll().where("conversation_id", "=", conv.id);
  if (afterId) q = q.where("id", ">", afterId);
  const rows = await q.orderBy("id", "asc").limit(TRANSCRIPT_PAGE_SIZE + 1).execute();
  const page = rows.slice(0, TRANSCRIPT_PAGE_SIZE);
  const list = page.map((r): TranscriptMessage => {
    const p = r.type === "text" ? null : (JSON.parse(r.payload ?? "{}") as { path: string; seconds?: number });
    return {
      id: r.id,
      from: r.sender_id === null ? "system" : r.sender_id === order.seller_id ? "seller" : "merchant",
      type: r.type,
      text: textOf(f.secrets, r),
      url: p ? signFileUrl(f.secrets, p.path, f.now, FILE_URL_TTL_SECONDS) : null,
      seconds: p?.seconds ?? null,
      createTimestamp: new Date(r.created_at).getTime(),
    };
  });
  return { list, nextAfterId: rows.length > TRANSCRIPT_PAGE_SIZE ? page[page.length - 1]!.id : null };
}
