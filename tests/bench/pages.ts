/**
 * What a phone pays for a page: HTML and JavaScript bytes as sent (compressed).
 * To be extended with the slow-3G Chromium figures of issue 12.
 */
import { gzipSync } from "node:zlib";
import { startServer } from "../e2e/support/server";
import type { BenchSection } from "./sections";

async function pageWeight(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let jsGzip = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(base + src)).arrayBuffer());
    jsGzip += gzipSync(body).length;
  }
  return { path, htmlBytes: Buffer.byteLength(html), htmlGzip: gzipSync(html).length, jsFiles: new Set(scripts).size, jsGzip };
}

export const pages: BenchSection = {
  name: "pages",
  title: "page weight",
  async run() {
    const server = await startServer();
    try {
      const weights = [await pageWeight(server.url, "/home"), await pageWeight(server.url, "/advertList/1")];
      console.table(weights);
      return weights;
    } finally {
      await server.stop();
    }
  },
};
