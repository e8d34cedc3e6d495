import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Where the data keys come from (ADR 0056). A key ring is a list of keys, each with an id; the
 * highest numbered one seals, every one in the ring opens. "v1" is the key of the values sealed
 * before keys had ids ("v1.<iv>.<tag>.<ct>": today's DATA_ENCRYPTION_KEY); it opens them until
 * they are re-sealed and it is retired.
 *
 * - From the environment: DATA_KEYS="3:<secret>,2:<secret>,v1" (a bare "v1" is DATA_ENCRYPTION_KEY).
 *   Every process of a deployment gets the same list; rotating is a change of that setting.
 * - From the data directory (when DATA_KEYS is unset): DATA_DIR/keys/<id>.key, one file per key,
 *   made on first start. A new key is one file written aside and renamed in: the highest number
 *   is current, so there is no pointer that could disagree with the files.
 */

export interface DataKey {
  /** A positive whole number ("1", "2", …), or "v1" for the values sealed before keys had ids. */
  id: string;
  secret: string;
}

/** Where a box reads its ring; `reloadable` rings are read again when they may have changed. */
export interface RingSource {
  load(): DataKey[];
  reloadable: boolean;
  /** For messages: "DATA_KEYS", or the folder. */
  describe: string;
}

export const LEGACY_KEY_ID = "v1";
const NUMBERED = /^[1-9][0-9]{0,8}$/;
const MIN_SECRET = 16;

export class KeyRingError extends Error {}

/** The number of a key id ("v1" sorts before every numbered key). */
export const keyRank = (id: string): number => (id === LEGACY_KEY_ID ? 0 : Number(id));

/** The key that seals: the highest numbered one. */
export function currentKeyOf(keys: readonly DataKey[]): DataKey {
  const numbered = keys.filter((k) => NUMBERED.test(k.id));
  if (numbered.length === 0) throw new KeyRingError("the key ring has no numbered key to seal with");
  return numbered.reduce((a, b) => (keyRank(b.id) > keyRank(a.id) ? b : a));
}

function checkRing(keys: DataKey[], where: string): DataKey[] {
  const seen = new Set<string>();
  for (const k of keys) {
    if (k.id !== LEGACY_KEY_ID && !NUMBERED.test(k.id)) throw new KeyRingError(`${where}: "${k.id}" is not a key id (a whole number from 1, or v1)`);
    if (seen.has(k.id)) throw new KeyRingError(`${where}: key ${k.id} is listed twice`);
    if (k.secret.length < MIN_SECRET) throw new KeyRingError(`${where}: key ${k.id} must be at least ${MIN_SECRET} characters`);
    seen.add(k.id);
  }
  if (!keys.some((k) => NUMBERED.test(k.id))) throw new KeyRingError(`${where}: the key ring has no numbered key to seal with`);
  return keys;
}

/**
 * DATA_KEYS: "id:secret" entries separated by commas (secrets without commas: hex or base64url);
 * a bare "v1" stands for the root secret (DATA_ENCRYPTION_KEY), which sealed the values without ids.
 */
export function parseDataKeys(text: string, root?: string): DataKey[] {
  const keys = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry): DataKey => {
      if (entry === LEGACY_KEY_ID) {
        if (!root) throw new KeyRingError("DATA_KEYS: a bare v1 needs DATA_ENCRYPTION_KEY");
        return { id: LEGACY_KEY_ID, secret: root };
      }
      const at = entry.indexOf(":");
      if (at < 1) throw new KeyRingError(`DATA_KEYS: "${entry.slice(0, 12)}…" is not id:secret`);
      return { id: entry.slice(0, at), secret: entry.slice(at + 1) };
    });
  return checkRing(keys, "DATA_KEYS");
}

export const envRing = (text: string, root: string): RingSource => ({ load: () => parseDataKeys(text, root), reloadable: false, describe: "DATA_KEYS" });

// ---------------------------------------------------------------- the data directory's keys

export const keyFolderOf = (dataDir: string) => join(dataDir, "keys");
const keyFile = (folder: string, id: string) => join(folder, `${id}.key`);
const newSecret = () => randomBytes(32).toString("base64url");

/** Writes a file aside, then renames it in: a reader never sees it half written. */
function writeAtomically(file: string, text: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, file);
}

export function readKeyFolder(folder: string): DataKey[] {
  const keys = readdirSync(folder)
    .filter((name) => name.endsWith(".key"))
    .map((name) => ({ id: name.slice(0, -".key".length), secret: readFileSync(join(folder, name), "utf8").trim() }));
  return checkRing(keys, folder);
}

/**
 * The ring in DATA_DIR/keys, made on first use with key 1; `legacy` (the root secret, when the
 * values of an install from before key ids may exist) is kept there as v1.key until retired.
 */
export function folderRing(dataDir: string, legacy?: string): RingSource {
  const folder = keyFolderOf(dataDir);
  if (!existsSync(folder)) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (legacy) writeAtomically(keyFile(folder, LEGACY_KEY_ID), legacy + "\n");
    writeAtomically(keyFile(folder, "1"), newSecret() + "\n");
  }
  return { load: () => readKeyFolder(folder), reloadable: true, describe: folder };
}

/** Adds the next numbered key to DATA_DIR/keys; it is current from then on. Returns its id. */
export function addFolderKey(dataDir: string): string {
  const folder = keyFolderOf(dataDir);
  const id = String(keyRank(currentKeyOf(readKeyFolder(folder)).id) + 1);
  writeAtomically(keyFile(folder, id), newSecret() + "\n");
  return id;
}

/** Removes a key from DATA_DIR/keys: values still sealed under it can no longer be opened. */
export function removeFolderKey(dataDir: string, id: string): void {
  const folder = keyFolderOf(dataDir);
  const keys = readKeyFolder(folder);
  if (!keys.some((k) => k.id === id)) throw new KeyRingError(`key ${id} is not in ${folder}`);
  if (currentKeyOf(keys).id === id) throw new KeyRingError(`key ${id} is the current key: rotate first`);
  rmSync(keyFile(folder, id));
}
