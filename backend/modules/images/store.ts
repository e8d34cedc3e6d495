import { randomUUID } from "node:crypto";
import { MESSAGES } from "../../../contract/fields";
import { BlobKeyError, BlobNotFoundError } from "../../adapters/blob-store";
import type { Services } from "../../http/context";
import { invalid } from "../../http/errors";
import { AVATAR_URL_PREFIX, BLOB_URL_PREFIX, avatarImageKey, blobPathOf, certImageKey, evidenceImageKey, orderImageKey, paymentImageKey, supportImageKey } from "./keys";
import { imageDigest } from "../orders/fingerprints";
import { processImage, qualityFor, UnsupportedImageError, type ProcessedImage } from "./process";
import { recordUpload, type UploadKind } from "./queries";

const month = (d: Date) => `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

/**
 * Processes an image (processImage: sniffed, upright, ≤1024 px, JPEG, no metadata), stores it
 * by kind and records the upload. The one code path of /image/uploadImage, also used by the demo
 * withdrawers for their generated payment pictures. The caller has checked who may upload what.
 */
export async function storeUpload(
  services: Pick<Services, "db" | "config" | "blobs" | "secrets">,
  u: { userId: number; type: UploadKind; bytes: Uint8Array; now: Date; imageKey?: string | null; secretHash?: string | null },
): Promise<string> {
  let processed: ProcessedImage;
  try {
    processed = await processImage(u.bytes, { quality: qualityFor(u.type) });
  } catch (err) {
    if (err instanceof UnsupportedImageError) throw invalid(MESSAGES.unsupportedImage);
    throw err;
  }
  const { jpeg } = processed;
  // Taken here, where the pixels are decoded anyway; addOrder reads it with the upload row.
  const pixelDigest = u.type === "order" ? imageDigest(services.secrets, processed.pixels) : null;

  const id = randomUUID();
  let path: string;
  if (u.type === "avatar") {
    await services.blobs.put(`avatar/${id}.jpg`, jpeg, avatarImageKey(services.secrets));
    path = `${AVATAR_URL_PREFIX}${id}.jpg`;
  } else {
    const key = `${u.type}/${month(u.now)}/${id}.jpg`;
    const customerKey =
      u.type === "order"
        ? orderImageKey(u.imageKey!)
        : u.type === "payment"
          ? paymentImageKey(services.secrets, key)
          : u.type === "evidence"
            ? evidenceImageKey(services.secrets, key)
            : u.type === "support"
              ? supportImageKey(services.secrets, key)
              : certImageKey(services.secrets, key);
    await services.blobs.put(key, jpeg, customerKey);
    path = BLOB_URL_PREFIX + key;
  }
  await recordUpload(services.db, { path, userId: u.userId, kind: u.type, secretHash: u.secretHash ?? null, bytes: jpeg.length, at: u.now, pixelDigest });
  return path;
}

/** A stored private image's bytes ("/blob/<folder>/..." path, a server-held key); undefined when it is missing. */
async function readPrivateImage(
  services: Pick<Services, "blobs" | "secrets">,
  path: string,
  folder: "payment" | "cert" | "evidence" | "support",
  keyOf: (secrets: Services["secrets"], key: string) => Buffer,
): Promise<Buffer | undefined> {
  const key = blobPathOf(path);
  if (!key || !key.startsWith(`${folder}/`)) return undefined;
  try {
    return await services.blobs.get(key, keyOf(services.secrets, key));
  } catch (err) {
    if (err instanceof BlobNotFoundError || err instanceof BlobKeyError) return undefined;
    throw err;
  }
}

/** A withdrawer's payment picture ("/blob/payment/..."). */
export const readPaymentPicture = (services: Pick<Services, "blobs" | "secrets">, path: string) => readPrivateImage(services, path, "payment", paymentImageKey);

/** An ID photo of a KYC certificate ("/blob/cert/..."). */
export const readCertImage = (services: Pick<Services, "blobs" | "secrets">, path: string) => readPrivateImage(services, path, "cert", certImageKey);

/** A picture of evidence in a dispute ("/blob/evidence/..."). */
export const readEvidencePicture = (services: Pick<Services, "blobs" | "secrets">, path: string) => readPrivateImage(services, path, "evidence", evidenceImageKey);

/** A picture in a support ticket ("/blob/support/..."; ADR 0078). */
export const readSupportPicture = (services: Pick<Services, "blobs" | "secrets">, path: string) => readPrivateImage(services, path, "support", supportImageKey);
