import { join } from "node:path";
import type { BackendConfig } from "../config";
import { s3SettingsFrom, type BlobStore } from "./blob-store";
import { createLocalBlobStore } from "./blob-store-local";
import { createS3BlobStore } from "./blob-store-s3";

/** The blob store the config chooses: S3 (SSE-C) when S3_* are set, else encrypted files in DATA_DIR/blobs. */
export function openBlobStore(config: BackendConfig): BlobStore {
  const s3 = s3SettingsFrom(config);
  return s3 ? createS3BlobStore(s3) : createLocalBlobStore(join(config.DATA_DIR, "blobs"));
}
