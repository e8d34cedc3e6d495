/** What the build scripts share about their output files. */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** A script's closing source map comment; group 1 is the map's address. */
export const SOURCE_MAP_COMMENT = /\/\/# sourceMappingURL=([^\s]+)\s*$/;
/** A stylesheet's closing source map comment, with the space before it. */
export const CSS_SOURCE_MAP_COMMENT = /\s*\/\*# sourceMappingURL=[^*]*\*\/\s*$/;

/** Every file under a directory, at any depth (the build scripts walk their output with it). */
export function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}
