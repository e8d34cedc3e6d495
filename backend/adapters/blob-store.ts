/**
 * Object storage for uploaded images (docs/product/calls.md "object storage ... with a customer key"),
 * SSE-C style: the caller hands a 32-byte customer key with every put and get; the store
 * encrypts with it (AES-256), keeps only a hash of it to refuse a wrong key, and never
 * keeps the key itself. Implementations: local encrypted files under DATA_DIR/blobs
 * (the default, offline) and an S3-compatible bucket with SSE-C (production).
 */
export interface BlobStore {
  /** Stores bytes under path (replacing any), encrypted with customerKey (32 bytes). */
  put(path: string, bytes: Uint8Array, customerKey: Buffer): Promise<void>;
  /** The plaintext; BlobKeyError for a wrong key, BlobNotFoundError when there is none. */
  get(path: string, customerKey: Buffer): Promise<Buffer>;
  /** Removes the blob; no error when there is none. */
  delete(path: string): Promise<void>;
  readonly kind: "local" | "s3";
}

export class BlobNotFoundError extends Error {
  constructor() {
    super("blob not found");
  }
}
export class BlobKeyError extends Error {
  constructor() {
    super("the customer key does not match");
  }
}

/** Blob paths are ours (e.g. order/2026/11/<uuid>.jpg): plain segments, no "..", no leading slash. */
const SAFE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}\/){0,8}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

export function assertBlobPath(path: string): void {
  if (!SAFE_PATH.test(path) || path.includes("..")) throw new Error("invalid blob path");
}

export function assertCustomerKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== 32) throw new Error("the customer key must be 32 bytes");
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** The S3 settings when all five are set (backend/config.ts checks they come together). */
export function s3SettingsFrom(config: {
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_REGION?: string;
}): S3Settings | undefined {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = config;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY || !S3_REGION) return undefined;
  return { endpoint: S3_ENDPOINT, bucket: S3_BUCKET, accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY, region: S3_REGION };
}
