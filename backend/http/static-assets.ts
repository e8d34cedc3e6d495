import { createReadStream, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { acceptedEncodings, IMMUTABLE, PRECOMPRESSED_TYPES as TYPES } from "../../contract/http-delivery";

const fileSize = (path: string) => {
  try {
    const s = statSync(path);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
};

/**
 * The hashed web build (/build/*) as files compressed at build time (scripts/precompress.ts): the
 * brotli copy when the browser takes br, else the gzip copy, else the file itself; a year in every
 * cache (the name changes with the content). Nothing is compressed per request, so the on-the-fly
 * compression after this never sees these files (it leaves a response with a Content-Encoding alone).
 *
 * Middleware for `app.use("/build", …)`: answers a precompressed copy, or passes on to plain static serving.
 */
export function precompressedAssets(root: string) {
  const base = normalize(root) + sep;
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pathname = decodeURIComponent((req.url ?? "/").split("?")[0]);
    const file = normalize(join(base, pathname));
    const type = TYPES[extname(file)];
    if (!file.startsWith(base) || !type) return next();
    for (const encoding of acceptedEncodings(req.headers["accept-encoding"] as string | undefined)) {
      const copy = `${file}${encoding === "br" ? ".br" : ".gz"}`;
      const size = fileSize(copy);
      if (size === null) continue;
      res.writeHead(200, {
        "Content-Type": type,
        "Content-Encoding": encoding,
        "Content-Length": size,
        "Cache-Control": IMMUTABLE,
        Vary: "Accept-Encoding",
      });
      if (req.method === "HEAD") return res.end();
      createReadStream(copy).pipe(res);
      return;
    }
    next();
  };
}
