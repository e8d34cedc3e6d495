/**
 * `npm start`: builds the web tier when the build is missing or older than the
 * sources, then runs server.ts (migrating and seeding the database on first start).
 */
import { join } from "node:path";
import { buildIsStale, buildWebTier, ROOT } from "./build";
import { log } from "../backend/ops/log";

if (buildIsStale(join(ROOT, "build", "index.js"))) {
  log.info("Building the web tier…");
  const code = await buildWebTier();
  if (code !== 0) process.exit(code);
}

await import("../server");
