/**
 * What the built worker still loads from outside itself, from the compiler's metafile
 * (build/edge/metafile.server.json, kept by build:edge). The edge build bundles every dependency
 * (remix.config.js, REMIX_TARGET=edge), so nothing may be left: a `node:` module, a Node built-in
 * or a package left external would not load on workerd, which runs the worker without Node
 * compatibility. Read by the edge pass (tests/e2e/edge.edge.e2e.ts).
 */

export interface Metafile {
  outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}

/**
 * Externals known to be unreachable on workerd. crypto-js keeps `require("crypto")` in a try block
 * as its last resort for random bytes; it takes globalThis.crypto (WebCrypto) first, which workerd has.
 */
const GUARDED = [{ path: "crypto", kind: "require-call" }];

/** "kind path" of each external import of the worker's output that is not a known guarded one. */
export function unexpectedImports(metafile: Metafile): string[] {
  const worker = Object.entries(metafile.outputs).find(([name]) => name.endsWith("worker.js"));
  if (!worker) return ["no worker.js in the metafile"];
  return worker[1].imports
    .filter((i) => i.external && !GUARDED.some((g) => g.path === i.path && g.kind === i.kind))
    .map((i) => `${i.kind} ${i.path}`);
}
