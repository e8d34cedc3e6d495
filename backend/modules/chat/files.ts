import { randomUUID } from "node:crypto";
import { AUDIO_MAX_BYTES, AUDIO_MAX_SECONDS, AUDIO_MIN_SECONDS, AUDIO_TYPES, CHAT_FILE_PREFIX } from "../../../contract/chat-protocol";
import { JPEG_QUALITY_DEFAULT } from "../../../contract/constants";
import { MESSAGES } from "../../../contract/fields";
import { assertBlobPath, BlobKeyError, BlobNotFoundError } from "../../adapters/blob-store";
import type { Services } from "../../http/context";
import { invalid } from "../../http/errors";
import { processImage, UnsupportedImageError } from "../images/process";
import { chatFileKey, checkFileUrl } from "./keys";

/**
 * Chat pictures and voice clips: stored encrypted in the blob store under a key derived
 * from the data key and the path, recorded in chat_files (whose they are, size, length),
 * and served only through URLs signed for about an hour (GET /chat/file/<path>?exp=&sig=).
 */

type AudioType = (typeof AUDIO_TYPES)[number];
const AUDIO_EXT: Record<AudioType, string> = { "audio/webm": "webm", "audio/ogg": "ogg", "audio/wav": "wav", "audio/mp4": "m4a" };
const MIME_BY_EXT: Record<string, string> = { jpg: "image/jpeg", webm: "audio/webm", ogg: "audio/ogg", wav: "audio/wav", m4a: "audio/mp4" };

/** The declared type without parameters ("audio/webm;codecs=opus" → "audio/webm"); a few aliases. */
export function audioTypeOf(declared: string): AudioType | undefined {
  const base = declared.split(";")[0]!.trim().toLowerCase();
  const alias: Record<string, AudioType> = { "audio/x-wav": "audio/wav", "audio/wave": "audio/wav", "audio/x-m4a": "audio/mp4", "audio/m4a": "audio/mp4" };
  const t = (alias[base] ?? base) as AudioType;
  return (AUDIO_TYPES as readonly string[]).includes(t) ? t : undefined;
}

/** Does the file start like its declared container? */
export function audioMatches(type: AudioType, b: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  switch (type) {
    case "audio/webm":
      return b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3;
    case "audio/ogg":
      return b.length >= 4 && ascii(0, 4) === "OggS";
    case "audio/wav":
      return b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE";
    case "audio/mp4":
      return b.length >= 8 && ascii(4, 8) === "ftyp";
  }
}

const month = (d: Date) => `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

export interface UploadResult {
  path: string;
  width?: number;
  height?: number;
  seconds?: number;
}

export async function uploadChatFile(
  s: Pick<Services, "db" | "blobs" | "secrets">,
  userId: number,
  input: { kind: "image" | "audio"; file: File; seconds?: number },
  now: Date,
): Promise<UploadResult> {
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const id = randomUUID();
  if (input.kind === "image") {
    let out;
    try {
      out = await processImage(bytes, { quality: JPEG_QUALITY_DEFAULT });
    } catch (err) {
      if (err instanceof UnsupportedImageError) throw invalid(MESSAGES.unsupportedImage);
      throw err;
    }
    const path = `chat/${month(now)}/${id}.jpg`;
    await s.blobs.put(path, out.jpeg, chatFileKey(s.secrets, path));
    await s.db
      .insertInto("chat_files")
      .values({ path, user_id: userId, kind: "image", mime: "image/jpeg", bytes: out.jpeg.length, width: out.width, height: out.height, seconds: null, created_at: now })
      .execute();
    return { path, width: out.width, height: out.height };
  }
  const type = audioTypeOf(input.file.type || "");
  if (!type || !audioMatches(type, bytes)) throw invalid(MESSAGES.unsupportedImage);
  if (bytes.length > AUDIO_MAX_BYTES) throw invalid("The voice message is too large (1 MB at most).");
  const seconds = input.seconds;
  if (seconds === undefined || !Number.isFinite(seconds)) throw invalid("seconds is required for a voice message.");
  if (seconds <= AUDIO_MIN_SECONDS) throw invalid("The voice message is too short.");
  if (seconds > AUDIO_MAX_SECONDS) throw invalid(`The voice message is too long (${AUDIO_MAX_SECONDS} seconds at most).`);
  const rounded = Math.min(AUDIO_MAX_SECONDS, Math.max(1, Math.round(seconds)));
  const path = `chat/${month(now)}/${id}.${AUDIO_EXT[type]}`;
  await s.blobs.put(path, bytes, chatFileKey(s.secrets, path));
  await s.db
    .insertInto("chat_files")
    .values({ path, user_id: userId, kind: "audio", mime: type, bytes: bytes.length, width: null, height: null, seconds: rounded, created_at: now })
    .execute();
  return { path, seconds: rounded };
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** GET/HEAD /chat/file/<path>?exp=&sig= (with single byte ranges, which audio players ask for). */
export async function serveChatFile(s: Pick<Services, "blobs" | "secrets">, request: Request, now: Date, log: (line: string) => void): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return plain(405, "Use GET.");
  const url = new URL(request.url);
  const path = decodeURIComponent(url.pathname.slice(CHAT_FILE_PREFIX.length));
  try {
    assertBlobPath(path);
  } catch {
    return plain(404, "Not found.");
  }
  const ext = path.split(".").pop() ?? "";
  if (!path.startsWith("chat/") || !MIME_BY_EXT[ext]) return plain(404, "Not found.");
  if (!checkFileUrl(s.secrets, path, url.searchParams.get("exp"), url.searchParams.get("sig"), now)) return plain(403, "This link has expired or is not valid.");
  let bytes: Buffer;
  try {
    bytes = await s.blobs.get(path, chatFileKey(s.secrets, path));
  } catch (err) {
    if (err instanceof BlobNotFoundError) return plain(404, "Not found.");
    if (err instanceof BlobKeyError) return plain(403, "Forbidden.");
    log(`[chat] file ${path}: ${err instanceof Error ? err.message : String(err)}`);
    return plain(500, "Server internal error");
  }
  const exp = Number(url.searchParams.get("exp"));
  const headers: Record<string, string> = {
    "content-type": MIME_BY_EXT[ext]!,
    "cache-control": `private, max-age=${Math.max(0, Math.floor(exp - now.getTime() / 1000))}`,
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
  if (range && (range[1] || range[2])) {
    const size = bytes.length;
    let start = range[1] ? Number(range[1]) : size - Number(range[2]);
    let end = range[1] && range[2] ? Number(range[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end || start >= size) return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
    const part = bytes.subarray(start, end + 1);
    return new Response(request.method === "HEAD" ? null : new Uint8Array(part), {
      status: 206,
      headers: { ...headers, "content-range": `bytes ${start}-${end}/${size}`, "content-length": String(part.length) },
    });
  }
  return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), { status: 200, headers: { ...headers, "content-length": String(bytes.length) } });
}
