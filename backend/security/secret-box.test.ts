/** The key ring's box (ADR 0056): what it seals, what it opens, and what it refuses. */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { addFolderKey, folderRing, KeyRingError, parseDataKeys, removeFolderKey } from "./key-ring";
import { createSecretBox, loadSecretBox, SealedValueError } from "./secret-box";
import { legacySeal } from "../../tests/support/legacy-seal";

const ROOT = "root-secret-for-tests";
const K1 = { id: "1", secret: "first-key-0123456789" };
const K2 = { id: "2", secret: "second-key-0123456789" };

/** The error a call throws (fails the test when it throws none). */
function thrown(fn: () => unknown): SealedValueError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SealedValueError) return e;
    throw e;
  }
  throw new Error("expected a SealedValueError");
}

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "keys-test-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("sealing under a key ring", () => {
  test("the highest key seals, its id is in the value, every key in the ring opens", () => {
    const old = createSecretBox(ROOT, [K1]);
    const ring = createSecretBox(ROOT, [K1, K2]);
    const underOne = old.seal("0123456785");
    const underTwo = ring.seal("Ada Okafor €");
    expect(underOne).toMatch(/^v2\.1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(underTwo.startsWith("v2.2.")).toBe(true);
    expect(ring.currentKeyId).toBe("2");
    expect(ring.keyIds()).toEqual(["2", "1"]);
    expect(ring.keyIdOf(underOne)).toBe("1");
    expect(ring.open(underOne)).toBe("0123456785");
    expect(ring.open(underTwo)).toBe("Ada Okafor €");
    // The same text twice: two different values (a fresh IV each time).
    expect(ring.seal("same")).not.toBe(ring.seal("same"));
    expect(ring.open(ring.seal(""))).toBe("");
  });

  test("values sealed before key ids (v1) open under key v1 until it is retired", () => {
    const old = legacySeal(ROOT, "A12345678");
    expect(createSecretBox(ROOT, [K1, { id: "v1", secret: ROOT }]).open(old)).toBe("A12345678");
    expect(createSecretBox(ROOT, parseDataKeys("1:first-key-0123456789,v1", ROOT)).open(old)).toBe("A12345678");
    const retired = thrown(() => createSecretBox(ROOT, [K1]).open(old));
    expect(retired.problem).toBe("retired");
    expect(retired.keyId).toBe("v1");
    expect(retired.message).toContain("sealed under key v1, which is not in the key ring");
  });

  test("a value under a retired key is refused with the key's id, never opened", () => {
    const sealed = createSecretBox(ROOT, [K1, K2]).seal("my card pin is 4455");
    const e = thrown(() => createSecretBox(ROOT, [K1, { id: "3", secret: "third-key-0123456789" }]).open(sealed));
    expect(e.problem).toBe("retired");
    expect(e.keyId).toBe("2");
    expect(e.message).toBe("This value is sealed under key 2, which is not in the key ring (retired, or missing from the given keys).");
  });

  test("another key under the same id, an altered value or a changed key id never gives plain text", () => {
    const box = createSecretBox(ROOT, [K1, K2]);
    const sealed = box.seal("Ada Okafor");
    const impostor = createSecretBox(ROOT, [K1, { id: "2", secret: "not-the-second-key-0123" }]);
    expect(thrown(() => impostor.open(sealed)).message).toBe("This value does not open under key 2: it was altered, or sealed under another key with that id.");

    const [v, kid, iv, tag, ct] = sealed.split(".") as [string, string, string, string, string];
    const flip = (s: string) => {
      const b = Buffer.from(s, "base64url");
      b[0]! ^= 1;
      return b.toString("base64url");
    };
    for (const altered of [
      [v, kid, iv, tag, flip(ct)],
      [v, kid, iv, flip(tag), ct],
      [v, kid, flip(iv), tag, ct],
      // Moved to key 1 by hand: the key id is part of what the tag covers.
      [v, "1", iv, tag, ct],
      // A shortened tag (GCM would take 4 bytes, which a forger could try out).
      [v, kid, iv, Buffer.from(tag, "base64url").subarray(0, 4).toString("base64url"), ct],
    ]) {
      expect(thrown(() => box.open(altered.join("."))).problem).toBe("altered");
    }
    for (const junk of ["plain text", "v2.2.only", "v3.1.a.b.c", ""]) expect(thrown(() => box.open(junk)).problem).toBe("malformed");
  });

  test("purpose keys and keyed hashes come from the root: the same in every ring, different for another root", () => {
    const a = createSecretBox(ROOT, [K1]);
    const b = createSecretBox(ROOT, [K1, K2]);
    expect(b.deriveKey("blob:avatar").equals(a.deriveKey("blob:avatar"))).toBe(true);
    expect(b.keyedHash("bank-account", "0123456785")).toBe(a.keyedHash("bank-account", "0123456785"));
    expect(a.keyedHash("bank-account", "0123456785")).not.toBe(a.keyedHash("bank-account", "0123456786"));
    expect(a.keyedHash("bank-account", "0123456785")).not.toBe(a.keyedHash("other", "0123456785"));
    expect(createSecretBox("another-root-secret", [K1]).keyedHash("bank-account", "0123456785")).not.toBe(a.keyedHash("bank-account", "0123456785"));
    // The derivation of the box before key rings (HKDF of SHA-256 of the root): images stored then still open.
    expect(a.deriveKey("x").length).toBe(32);
  });

  test("check values tell two keys with one id apart and do not reveal the key", () => {
    const a = createSecretBox(ROOT, [K1]);
    const b = createSecretBox(ROOT, [{ id: "1", secret: "other-first-key-012345" }]);
    expect(a.checkValueOf("1")).toMatch(/^[0-9a-f]{32}$/);
    expect(a.checkValueOf("1")).toBe(createSecretBox("any-other-root-secret", [K1]).checkValueOf("1"));
    expect(a.checkValueOf("1")).not.toBe(b.checkValueOf("1"));
    expect(a.checkValueOf("1")).not.toContain(K1.secret);
  });
});

describe("where the keys come from", () => {
  test("DATA_KEYS: id:secret entries, the highest seals; mistakes are named", () => {
    expect(parseDataKeys("2:second-key-0123456789, 3:third-key-0123456789,v1", ROOT).map((k) => k.id)).toEqual(["2", "3", "v1"]);
    expect(createSecretBox(ROOT, parseDataKeys("2:second-key-0123456789,3:third-key-0123456789")).currentKeyId).toBe("3");
    const refused = (text: string) => {
      try {
        parseDataKeys(text, ROOT);
      } catch (e) {
        if (e instanceof KeyRingError) return e.message;
      }
      return "accepted";
    };
    expect(refused("1:short")).toBe("DATA_KEYS: key 1 must be at least 16 characters");
    expect(refused("a:first-key-0123456789")).toBe('DATA_KEYS: "a" is not a key id (a whole number from 1, or v1)');
    expect(refused("1:first-key-0123456789,1:second-key-0123456789")).toBe("DATA_KEYS: key 1 is listed twice");
    expect(refused("v1")).toBe("DATA_KEYS: the key ring has no numbered key to seal with");
    expect(refused("first-key-0123456789")).toBe('DATA_KEYS: "first-key-01…" is not id:secret');
  });

  test("DATA_DIR/keys: made with key 1 (and v1 for an install that had a root), a rotation adds the next, retiring removes one", () => {
    const dir = tempDir();
    const fresh = loadSecretBox({ DATA_DIR: dir });
    expect(fresh.keyIds()).toEqual(["1"]);
    expect(readdirSync(join(dir, "keys")).sort()).toEqual(["1.key"]);

    // An install from before key rings: its root (data-encryption.key) was there first.
    const old = tempDir();
    const rootBox = loadSecretBox({ DATA_DIR: old, DATA_ENCRYPTION_KEY: ROOT });
    expect(rootBox.keyIds()).toEqual(["1", "v1"]);
    expect(rootBox.open(legacySeal(ROOT, "kept"))).toBe("kept");

    const sealedUnderOne = fresh.seal("Ada");
    expect(addFolderKey(dir)).toBe("2");
    expect(fresh.reload()).toBe(true);
    expect(fresh.reload()).toBe(false);
    expect(fresh.currentKeyId).toBe("2");
    expect(fresh.open(sealedUnderOne)).toBe("Ada");
    // Another process's box over the same folder opens a value under the new key at once.
    const other = createSecretBox(ROOT, folderRing(dir));
    expect(other.currentKeyId).toBe("2");

    expect(() => removeFolderKey(dir, "2")).toThrow("key 2 is the current key: rotate first");
    removeFolderKey(dir, "1");
    fresh.reload();
    expect(fresh.keyIds()).toEqual(["2"]);
    expect(thrown(() => fresh.open(sealedUnderOne)).keyId).toBe("1");
  });

  test("a key another process added to the folder is found when a value under it arrives", () => {
    const dir = tempDir();
    const server = loadSecretBox({ DATA_DIR: dir });
    const tool = loadSecretBox({ DATA_DIR: dir });
    addFolderKey(dir);
    tool.reload();
    expect(server.currentKeyId).toBe("1");
    expect(server.open(tool.seal("written under 2"))).toBe("written under 2");
    expect(server.currentKeyId).toBe("2");
  });

  test("a value sealed under a new key a moment after the server last read its folder opens at once; a key missing from it reads the folder once a second", () => {
    const dir = tempDir();
    const server = loadSecretBox({ DATA_DIR: dir });
    const tool = loadSecretBox({ DATA_DIR: dir });
    // The server's job has just read the folder (every 5 s); keys:rotate adds key 2 and re-seals.
    expect(server.reload()).toBe(false);
    addFolderKey(dir);
    tool.reload();
    expect(server.open(tool.seal("re-sealed under 2"))).toBe("re-sealed under 2");
    expect(server.currentKeyId).toBe("2");

    // A value under a key gone from the folder: the named error, and the folder read once, not per value.
    const underThree = tool.seal("x").replace(/^v2\.2\./, "v2.3.");
    expect(thrown(() => server.open(underThree))).toMatchObject({ problem: "retired", keyId: "3" });
    addFolderKey(dir); // key 3 appears within the second: not read again yet
    expect(thrown(() => server.open(underThree))).toMatchObject({ problem: "retired", keyId: "3" });
    expect(server.currentKeyId).toBe("2");
  });
});
