/**
 * `npm start`: builds the web tier when the build is missing or older than the
 * sources, then runs server.ts (migrating and seeding the database on first start).
 */
import { join } from "node:path";
import { buildIsStale, buildWebTier, ROOT } from "./build";

if (buildIsStale(join(ROOT, "build", "index.js"))) {
  console.log("Building the web tier…");
  const code = await buildWebTier();
  if (code !== 0) process.exit(code);
}

await import("../server");
