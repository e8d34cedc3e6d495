/** Every file under a directory, at any depth (the build scripts walk their output with it). */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}
