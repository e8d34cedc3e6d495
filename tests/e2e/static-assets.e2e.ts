/**
 * Static files on a slow connection: the hashed build is compressed once, at build time
 * (scripts/precompress.ts), and the server sends the brotli or gzip copy the browser accepts,
 * byte for byte the file once decoded, cached for a year. No request compresses it again: the
 * response's length is the stored copy's (a response compressed on the fly has none).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rawRequest } from "../support/raw-http";
import { startServer, type StartedServer } from "./support/server";

let server: StartedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A raw GET: the body as sent. */
async function get(path: string, acceptEncoding: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { status, headers, bytes } = await rawRequest(`${server.url}${path}`, { headers: { "Accept-Encoding": acceptEncoding } });
  return { status, headers, body: bytes };
}

describe("the hashed build, precompressed", () => {
  test("every script /home and /404 load comes as its stored brotli copy, gzip, or plain, each the same bytes decoded", async () => {
    // /home sends the touches script alone (islands-only, ADR 0067); /404 the framework's.
    const html = (await Promise.all(["/home", "/404"].map(async (p) => (await fetch(`${server.url}${p}`)).text()))).join("");
    expect(html).toMatch(/\/build\/_touches\/touches-\w+\.js/);
    const scripts = [...new Set([...html.matchAll(/\/build\/[^"']+\.js/g)].map((m) => m[0]))];
    expect(scripts.length).toBeGreaterThan(3);
    let checked = 0;
    for (const path of scripts) {
      const onDisk = join(process.cwd(), "public", path);
      const original = readFileSync(onDisk);
      // A copy is kept only when it saves more than its header costs; without one the file goes as it is.
      if (!existsSync(`${onDisk}.br`)) {
        expect((await get(path, "gzip, deflate, br")).headers["content-encoding"], path).toBeUndefined();
        continue;
      }
      checked += 1;

      const br = await get(path, "gzip, deflate, br");
      expect(br.headers["content-encoding"], path).toBe("br");
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(br.headers["vary"]).toContain("Accept-Encoding");
      expect(Number(br.headers["content-length"])).toBe(statSync(`${onDisk}.br`).size);
      expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

      const gz = await get(path, "gzip");
      if (!existsSync(`${onDisk}.gz`)) continue;
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(Number(gz.headers["content-length"])).toBe(statSync(`${onDisk}.gz`).size);
      expect(gunzipSync(gz.body).equals(original)).toBe(true);

      const plain = await get(path, "identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(plain.body.equals(original)).toBe(true);

      // br refused with q=0: the next best.
      expect((await get(path, "br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
    }
    expect(checked).toBeGreaterThan(2);
  });

  test("the icons /home draws come from one hashed sprite, cached for good, that holds every symbol they name (ADR 0041)", async () => {
    const html = await (await fetch(`${server.url}/home`)).text();
    const uses = [...html.matchAll(/<use href="([^"#]+)#([\w-]+)"/g)];
    expect(uses.length).toBeGreaterThan(3);
    const sprites = new Set(uses.map((m) => m[1]));
    expect([...sprites]).toHaveLength(1);
    const [sprite] = sprites;
    expect(sprite).toMatch(/^\/build\/_assets\/icons-[A-Z0-9]+\.svg$/);

    const res = await get(sprite!, "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const svg = brotliDecompressSync(res.body).toString();
    for (const [, , id] of uses) expect(svg, id).toContain(`<symbol id="${id}"`);
  });

  test("a path outside the build or a missing file is not served from the copies (unknown paths go home)", async () => {
    for (const path of ["/build/../../package.json", "/build/%2e%2e/%2e%2e/package.json", "/build/nothing-here-ABC123.js"]) {
      const res = await get(path, "br");
      expect(res.status, path).toBe(302);
      expect(res.headers["content-encoding"], path).toBeUndefined();
      expect(res.body.toString()).not.toContain('"name"');
    }
  });
});
