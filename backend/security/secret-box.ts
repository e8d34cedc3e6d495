import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Seals small secrets at rest (order secrets; later card codes) with AES-256-GCM.
 * Sealed form: "v1.<iv b64url>.<tag b64url>.<ciphertext b64url>".
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A 32-byte key for one purpose, derived from the data key (HKDF-SHA256, info = label). */
  deriveKey(label: string): Buffer;
}

export function createSecretBox(keyMaterial: string): SecretBox {
  const key = createHash("sha256").update(keyMaterial, "utf8").digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ct.toString("base64url")].join(".");
    },
    open(sealed) {
      const [v, iv, tag, ct] = sealed.split(".");
      if (v !== "v1" || !iv || !tag || ct === undefined) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
    },
    deriveKey(label) {
      return Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), Buffer.from(label, "utf8"), 32));
    },
  };
}

/** DATA_ENCRYPTION_KEY, or a key generated once into DATA_DIR (the embedded default). */
export function loadDataKey(configured: string | undefined, dataDir: string): string {
  return configured || keptSecret(dataDir, "data-encryption.key");
}

/** A random secret generated once into `dataDir/name` (owner-only), so it survives restarts. */
export function keptSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
