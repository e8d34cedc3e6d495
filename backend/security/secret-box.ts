import { createCipheriv, createDecipheriv, createHash, createHmac, createSecretKey, hkdfSync, randomBytes, type KeyObject } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { currentKeyOf, envRing, folderRing, keyRank, LEGACY_KEY_ID, type DataKey, type RingSource } from "./key-ring";

/**
 * Seals personal data and secrets at rest with AES-256-GCM under a key ring (ADR 0056):
 *
 *   "v2.<key id>.<iv>.<tag>.<ciphertext>"   (base64url; "v2.<key id>" is the additional data)
 *
 * The current key seals; every key in the ring opens. "v1.<iv>.<tag>.<ciphertext>" (no id, before
 * key rings) opens under key "v1". A value whose key is not in the ring, or that fails GCM's tag
 * (altered, or another key under that id), throws SealedValueError: never a wrong plain text.
 *
 * Purpose keys (deriveKey, keyedHash) come from the root secret, which never rotates: image keys,
 * keyed hashes that equality is looked up by, signatures stay valid through every rotation.
 */
export interface Sealer {
  /** Sealed under the current key. */
  seal(plain: string): string;
}

export interface Opener {
  /** Opens a sealed value; throws SealedValueError when it cannot. */
  open(sealed: string): string;
}

export interface SecretBox extends Sealer, Opener {
  /** A 32-byte key for one purpose, derived from the root secret (HKDF-SHA256, info = label). */
  deriveKey(label: string): Buffer;
  /** HMAC-SHA256 of `value` under a key for `label` (base64url): equality without the value. */
  keyedHash(label: string, value: string): string;
  /** The key that seals now. */
  readonly currentKeyId: string;
  /** The ids of the ring, newest (the current one) first. */
  keyIds(): string[];
  /** The key a sealed value is under, without opening it; throws for what is not a sealed value. */
  keyIdOf(sealed: string): string;
  /** A check value of a key in the ring (its HMAC of a fixed text): tells two keys with one id apart, reveals nothing. */
  checkValueOf(id: string): string;
  /** Reads a reloadable ring (the data directory's) again; true when it changed. */
  reload(): boolean;
}

export type SealedValueProblem = "retired" | "altered" | "malformed";

export class SealedValueError extends Error {
  constructor(
    message: string,
    readonly problem: SealedValueProblem,
    readonly keyId?: string,
  ) {
    super(message);
  }
}

const V2 = "v2";
const CHECK_TEXT = "giftmarket key check";
/** Derived keys for fixed labels are kept; per-path labels (image keys) would grow it without end. */
const DERIVED_CACHE_MAX = 256;
/**
 * How long a key id that a fresh read of a reloadable ring did not find is taken as absent: a
 * value under a retired key then costs one read of the ring a second, not one per value.
 */
const ABSENT_FOR_MS = 1000;
/** Key ids remembered as absent (ids come from stored values; a bound all the same). */
const ABSENT_MAX = 64;

interface RingKey {
  id: string;
  secret: string;
  key: KeyObject;
}

const aesKeyOf = (secret: string) => createHash("sha256").update(secret, "utf8").digest();

function toRing(keys: DataKey[]): { current: RingKey; byId: Map<string, RingKey> } {
  const byId = new Map(keys.map((k) => [k.id, { id: k.id, secret: k.secret, key: createSecretKey(aesKeyOf(k.secret)) }]));
  return { current: byId.get(currentKeyOf(keys).id)!, byId };
}

const sameRing = (a: Map<string, RingKey>, b: Map<string, RingKey>) =>
  a.size === b.size && [...a].every(([id, k]) => b.get(id)?.secret === k.secret);

/**
 * A box over `root` (the never-rotating secret purpose keys come from) and a ring. Without a ring,
 * one key (id 1) derived from the root: for tests and tools that hold a single secret.
 */
export function createSecretBox(root: string, ring: DataKey[] | RingSource = [{ id: "1", secret: derivedKeySecret(root, "1") }]): SecretBox {
  const source: RingSource = Array.isArray(ring) ? { load: () => ring, reloadable: false, describe: "the given keys" } : ring;
  let { current, byId } = toRing(source.load());
  /** Key ids a read of the ring did not find, and when. */
  const absent = new Map<string, number>();
  const rootKey = createHash("sha256").update(root, "utf8").digest();
  const derived = new Map<string, Buffer>();

  const reload = () => {
    if (!source.reloadable) return false;
    const next = toRing(source.load());
    if (sameRing(byId, next.byId) && next.current.id === current.id) return false;
    ({ current, byId } = next);
    return true;
  };

  const keyFor = (id: string): RingKey => {
    let k = byId.get(id);
    // A key another process (keys:rotate) has just added to the shared folder: it is written there
    // before any value is sealed under it, so one read of the folder now finds it. Not waiting for
    // a periodic reload: the value may have been sealed a millisecond after the last one.
    if (!k && source.reloadable && !(Date.now() - (absent.get(id) ?? -Infinity) < ABSENT_FOR_MS)) {
      reload();
      k = byId.get(id);
      if (!k) {
        if (absent.size >= ABSENT_MAX) absent.clear();
        absent.set(id, Date.now());
      }
    }
    if (!k) throw new SealedValueError(`This value is sealed under key ${id}, which is not in the key ring (retired, or missing from ${source.describe}).`, "retired", id);
    return k;
  };

  function parse(sealed: string): { id: string; iv: string; tag: string; ct: string; aad?: Buffer } {
    const parts = sealed.split(".");
    if (parts[0] === LEGACY_KEY_ID && parts.length === 4) return { id: LEGACY_KEY_ID, iv: parts[1]!, tag: parts[2]!, ct: parts[3]! };
    if (parts[0] === V2 && parts.length === 5 && parts[1]) return { id: parts[1], iv: parts[2]!, tag: parts[3]!, ct: parts[4]!, aad: Buffer.from(`${V2}.${parts[1]}`) };
    throw new SealedValueError("This is not a sealed value.", "malformed");
  }

  function deriveKey(label: string): Buffer {
    const known = derived.get(label);
    if (known) return known;
    const key = Buffer.from(hkdfSync("sha256", rootKey, Buffer.alloc(0), Buffer.from(label, "utf8"), 32));
    if (derived.size >= DERIVED_CACHE_MAX) derived.clear();
    derived.set(label, key);
    return key;
  }

  return {
    seal(plain) {
      const iv = randomBytes(12);
      const head = `${V2}.${current.id}`;
      const cipher = createCipheriv("aes-256-gcm", current.key, iv);
      cipher.setAAD(Buffer.from(head));
      const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${head}.${iv.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}.${ct.toString("base64url")}`;
    },
    open(sealed) {
      const p = parse(sealed);
      const k = keyFor(p.id);
      try {
        // The whole 16-byte tag, always: a shortened one would be easier to forge.
        const decipher = createDecipheriv("aes-256-gcm", k.key, Buffer.from(p.iv, "base64url"), { authTagLength: 16 });
        if (p.aad) decipher.setAAD(p.aad);
        decipher.setAuthTag(Buffer.from(p.tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(p.ct, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new SealedValueError(`This value does not open under key ${p.id}: it was altered, or sealed under another key with that id.`, "altered", p.id);
      }
    },
    deriveKey,
    keyedHash(label, value) {
      return createHmac("sha256", deriveKey(`keyed-hash:${label}`)).update(value, "utf8").digest("base64url");
    },
    get currentKeyId() {
      return current.id;
    },
    keyIds() {
      return [...byId.keys()].sort((a, b) => keyRank(b) - keyRank(a));
    },
    keyIdOf(sealed) {
      return parse(sealed).id;
    },
    checkValueOf(id) {
      const k = keyFor(id);
      return createHmac("sha256", aesKeyOf(k.secret)).update(CHECK_TEXT).digest("hex").slice(0, 32);
    },
    reload,
  };
}

/** A numbered key's secret derived from a root (the one-secret box of tests and tools). */
function derivedKeySecret(root: string, id: string): string {
  return Buffer.from(hkdfSync("sha256", Buffer.from(root, "utf8"), Buffer.alloc(0), Buffer.from(`data-key:${id}`), 32)).toString("base64url");
}

/** Opens a value that may be absent. */
export const openNullable = (box: Opener, sealed: string | null): string | null => (sealed === null ? null : box.open(sealed));
/** Seals a value that may be absent. */
export const sealNullable = (box: Sealer, plain: string | null | undefined): string | null => (plain === null || plain === undefined ? null : box.seal(plain));

/** DATA_ENCRYPTION_KEY, or a key generated once into DATA_DIR (the embedded default): the root secret. */
export function loadDataKey(configured: string | undefined, dataDir: string): string {
  return configured || keptSecret(dataDir, "data-encryption.key");
}

/**
 * The server's box: the root from DATA_ENCRYPTION_KEY (or DATA_DIR), the ring from DATA_KEYS (or
 * DATA_DIR/keys, made on first start; an install that already had a root keeps it there as v1,
 * to open what it sealed before key ids).
 */
export function loadSecretBox(config: { DATA_ENCRYPTION_KEY?: string; DATA_KEYS?: string; DATA_DIR: string }): SecretBox {
  const hadRoot = Boolean(config.DATA_ENCRYPTION_KEY) || existsSync(join(config.DATA_DIR, "data-encryption.key"));
  const root = loadDataKey(config.DATA_ENCRYPTION_KEY, config.DATA_DIR);
  return createSecretBox(root, config.DATA_KEYS ? envRing(config.DATA_KEYS, root) : folderRing(config.DATA_DIR, hadRoot ? root : undefined));
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
