/**
 * `npm start`, first half: builds the web tier when the build is missing or older than the
 * sources, and compiles server.ts into build/server.mjs (scripts/server-bundle.ts). The second
 * half of the script in package.json runs that bundle with plain node and a bounded heap: no tsx
 * loader in the serving process (ADR 0084). The database is migrated and seeded on first start.
 */
import { join } from "node:path";
import { buildIsStale, buildWebTier, ROOT } from "./build";
import { bundleServerTo, START_BUNDLE } from "./server-bundle";
import { log } from "../backend/ops/log";

if (buildIsStale(join(ROOT, "build", "index.js"))) {
  log.info("Building the web tier…");
  const code = await buildWebTier();
  if (code !== 0) process.exit(code);
}
await bundleServerTo(START_BUNDLE);
