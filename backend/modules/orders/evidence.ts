import {
  EVIDENCE_ENTRIES_MAX,
  EVIDENCE_MESSAGES,
  evidenceOpen,
  evidencePictureUrl,
  type EvidenceAuthor,
  type EvidenceEntry,
  type EvidenceReader,
} from "../../../contract/order-evidence";
import { transaction, type Executor } from "../../db/index";
import type { Services } from "../../http/context";
import { fail, notFound } from "../../http/errors";
import { countRows } from "../../db/count";
import { evidenceUploadsBelongTo } from "../images/queries";
import { readEvidencePicture } from "../images/store";
import { notify } from "../notices/notify";
import { orderOfBuyer, orderOfSeller } from "./actions";
import { cardName } from "./format";
import type { JoinedOrder } from "./queries";

/**
 * Evidence in a dispute (docs/decisions/0074-dispute-evidence.md): the seller's and the merchant's
 * statements and pictures, added while the order is in negotiation or arbitration. Not a status
 * change: the order's state machine is not involved, only its status is read (under the order's
 * row lock, so an entry never lands after the order left the dispute).
 */

export interface EvidenceInput {
  id: number;
  statement: string;
  pictures: string[];
}

/** What the other party reads in its notice and chat: worded for it. */
const noticeFor = (author: EvidenceAuthor, o: JoinedOrder) =>
  author === "seller"
    ? { userId: o.buyer_id, oppositeUserId: o.seller_id, title: "Seller added evidence", content: `The seller added evidence to order ${o.id} (${cardName(o)}). Open the order to see it.` }
    : { userId: o.seller_id, oppositeUserId: o.buyer_id, title: "The merchant added evidence", content: `The merchant added evidence to your order for ${cardName(o)}. Open the order to see it.` };

/** The seller (`author` "seller") or the merchant adds one entry to an order of theirs. */
export async function addEvidence(services: Pick<Services, "db" | "secrets">, author: EvidenceAuthor, userId: number, input: EvidenceInput, now: Date): Promise<void> {
  const { db, secrets } = services;
  const o = author === "seller" ? await orderOfSeller(db, userId, input.id) : await orderOfBuyer(db, userId, input.id);
  if (!(await evidenceUploadsBelongTo(db, userId, input.pictures))) throw fail(EVIDENCE_MESSAGES.pictureUnknown);
  await transaction(db, async (trx) => {
    const row = await trx.selectFrom("orders").select("status").where("id", "=", o.id).forUpdate().executeTakeFirstOrThrow();
    if (!evidenceOpen(row.status)) throw fail(EVIDENCE_MESSAGES.notInDispute);
    const added = await countRows(trx.selectFrom("order_evidence").where("order_id", "=", o.id).where("author_role", "=", author));
    if (added >= EVIDENCE_ENTRIES_MAX) throw fail(EVIDENCE_MESSAGES.tooManyEntries);
    await trx
      .insertInto("order_evidence")
      .values({
        order_id: o.id,
        author_id: userId,
        author_role: author,
        statement: secrets.seal(input.statement),
        pictures: secrets.seal(input.pictures.join("|")),
        created_at: now,
      })
      .execute();
    await notify(trx, {
      ...noticeFor(author, o),
      about: { type: "order", id: o.id },
      goodsName: cardName(o),
      transAmount: Number(o.trade_amount),
      transCurrency: o.trade_currency,
      transPrice: Number(o.real_total_price),
      at: now,
    });
  });
}

const picturesOf = (sealed: string, secrets: Services["secrets"]) => {
  const joined = secrets.open(sealed);
  return joined ? joined.split("|") : [];
};

/** An order's evidence, oldest first, opened; pictures as the reader's web-tier addresses. */
export async function evidenceOf(db: Executor, secrets: Services["secrets"], orderId: number, reader: EvidenceReader): Promise<EvidenceEntry[]> {
  const rows = await db.selectFrom("order_evidence").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  return rows.map((r) => ({
    id: Number(r.id),
    author: r.author_role,
    statement: secrets.open(r.statement),
    pictures: picturesOf(r.pictures, secrets).map((_, i) => evidencePictureUrl(reader, orderId, Number(r.id), i)),
    createdAt: new Date(r.created_at).getTime(),
  }));
}

/** One picture of an entry of this order (the caller has checked who may see the order), as the picture calls answer it. */
export async function evidencePicture(services: Pick<Services, "db" | "blobs" | "secrets">, orderId: number, evidenceId: number, index: number) {
  const row = await services.db.selectFrom("order_evidence").select("pictures").where("id", "=", evidenceId).where("order_id", "=", orderId).executeTakeFirst();
  const path = row ? picturesOf(row.pictures, services.secrets)[index] : undefined;
  const bytes = path ? await readEvidencePicture(services, path) : undefined;
  if (!bytes) throw notFound("Picture");
  return { contentType: "image/jpeg", base64: bytes.toString("base64") };
}
