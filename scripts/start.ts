/**
 * `npm start`: builds the web tier when the build is missing or older than the
 * sources, then runs server.ts (migrating and seeding the database on first start).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildWebTier } from "./build";

const root = fileURLToPath(new URL("..", import.meta.url));
const buildFile = join(root, "build", "index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function needsBuild(): boolean {
  if (!existsSync(buildFile)) return true;
  const built = statSync(buildFile).mtimeMs;
  const sources = Math.max(
    newestMtime(join(root, "app")),
    newestMtime(join(root, "contract")),
    ...["remix.config.js", "tailwind.config.ts", "package.json"].map((f) => statSync(join(root, f)).mtimeMs),
  );
  return sources > built;
}

if (needsBuild()) {
  console.log("Building the web tier…");
  const code = buildWebTier();
  if (code !== 0) process.exit(code);
}

await import("../server");
