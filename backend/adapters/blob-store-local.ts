import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertBlobPath, assertCustomerKey, BlobKeyError, BlobNotFoundError, type BlobStore } from "./blob-store";

/**
 * Blobs as files under <root> (DATA_DIR/blobs), each AES-256-GCM encrypted with
 * the caller's customer key. File layout:
 *
 *   "MKB1" | SHA-256(customer key) (32) | IV (12) | GCM tag (16) | ciphertext
 *
 * The path is the GCM additional data, so a file moved to another path does not
 * decrypt. The key hash (like S3's x-amz-server-side-encryption-customer-key-MD5)
 * lets a wrong key be refused without decrypting; the key itself is never written.
 */
const MAGIC = Buffer.from("MKB1");
const HEAD = MAGIC.length + 32 + 12 + 16;

const keyHash = (key: Buffer) => createHash("sha256").update(key).digest();

export function createLocalBlobStore(root: string): BlobStore {
  const fileOf = (path: string) => {
    assertBlobPath(path);
    return join(root, ...path.split("/"));
  };
  return {
    kind: "local",
    async put(path, bytes, customerKey) {
      assertCustomerKey(customerKey);
      const file = fileOf(path);
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", customerKey, iv);
      cipher.setAAD(Buffer.from(path, "utf8"));
      const ct = Buffer.concat([cipher.update(bytes), cipher.final()]);
      await mkdir(dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, Buffer.concat([MAGIC, keyHash(customerKey), iv, cipher.getAuthTag(), ct]), { mode: 0o600 });
      await rename(tmp, file);
    },
    async get(path, customerKey) {
      assertCustomerKey(customerKey);
      let raw: Buffer;
      try {
        raw = await readFile(fileOf(path));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new BlobNotFoundError();
        throw err;
      }
      if (raw.length < HEAD || !raw.subarray(0, 4).equals(MAGIC)) throw new Error("not a blob file");
      if (!timingSafeEqual(raw.subarray(4, 36), keyHash(customerKey))) throw new BlobKeyError();
      const decipher = createDecipheriv("aes-256-gcm", customerKey, raw.subarray(36, 48));
      decipher.setAAD(Buffer.from(path, "utf8"));
      decipher.setAuthTag(raw.subarray(48, 64));
      try {
        return Buffer.concat([decipher.update(raw.subarray(HEAD)), decipher.final()]);
      } catch {
        // The key hash matched but the data does not authenticate: tampered or moved.
        throw new BlobKeyError();
      }
    },
    async delete(path) {
      await rm(fileOf(path), { force: true });
    },
  };
}
