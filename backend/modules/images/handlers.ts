import { ORDER_IMAGES_MAX } from "../../../contract/constants";
import { requireUser } from "../../http/context";
import { fail, forbidden, invalid } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { lookupHashFromImageKey } from "../../security/order-secret";
import { countOrderUploads, secretOpenForUser } from "./queries";
import { storeUpload } from "./store";

/** /image/uploadImage: who may upload what (keys and paths: ./keys.ts; storing: ./store.ts; serving: ./serve.ts). */

export const MSG_SECRET_INVALID = "The order secret is invalid.";
export const MSG_SECRET_UNKNOWN = "This order secret is not yours. Please open the offer again.";
export const MSG_TOO_MANY_UPLOADS = "Too many images for this order. Please open the offer again.";
/** Uploads one order secret may carry: the 10 images of an order plus retries and replacements. */
export const MAX_UPLOADS_PER_SECRET = ORDER_IMAGES_MAX * 5;
export const MSG_PAYMENT_WITHDRAWERS_ONLY = "Only withdrawers can upload payment pictures.";

export const imageHandlers = {
  async "/image/uploadImage"(input, ctx) {
    const user = requireUser(ctx);
    // For order images: the key the client sent (hex SHA-256 of the secret) and the
    // lookup hash the database knows the secret by (a hash of the key, never the key).
    let imageKey: string | null = null;
    let secretHash: string | null = null;
    if (input.type === "order") {
      imageKey = (input.secret ?? "").trim().toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(imageKey)) throw invalid(MSG_SECRET_INVALID);
      secretHash = lookupHashFromImageKey(imageKey);
      const state = await secretOpenForUser(ctx.db, user.id, secretHash);
      if (state === "unknown") throw fail(MSG_SECRET_UNKNOWN);
      // A secret already used by this seller's order still takes uploads: a no-JS resubmit
      // after a lost response re-uploads its files, then addOrder (idempotent on the secret)
      // answers the order it created. The extra blobs are orphans, bounded per secret.
      if ((await countOrderUploads(ctx.db, user.id, secretHash)) >= MAX_UPLOADS_PER_SECRET) throw fail(MSG_TOO_MANY_UPLOADS);
    }

    if (input.type === "payment" && !user.is_withdrawer) throw forbidden(MSG_PAYMENT_WITHDRAWERS_ONLY);

    const path = await storeUpload(ctx, {
      userId: user.id,
      type: input.type,
      bytes: new Uint8Array(await input.file.arrayBuffer()),
      imageKey,
      secretHash,
      now: ctx.now,
    });
    return { path };
  },
} satisfies HandlerGroup<"/image/uploadImage">;
