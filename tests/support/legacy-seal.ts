import { createCipheriv, createHash, randomBytes } from "node:crypto";

/**
 * A value as the box before key rings sealed it ("v1.<iv>.<tag>.<ct>", AES-256-GCM under SHA-256 of
 * the secret): what a database from before ADR 0056 holds in advert_secrets and kyc_certs.id_no_sealed.
 */
export function legacySeal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(secret, "utf8").digest(), iv);
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ct.toString("base64url")].join(".");
}
