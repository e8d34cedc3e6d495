/** The source files of the web tier (app/), for the tests that hold its rules (app/services/kit/*.test.ts). */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const APP = fileURLToPath(new URL("../../app/", import.meta.url));

/** Every .ts and .tsx file under `dir`, tests left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The files under app/`dir` ("" for all of app/), each with its path from app/ and its text. */
export const appSources = (dir = "") => sourceFiles(join(APP, dir)).map((path) => ({ path: relative(APP, path), text: readFileSync(path, "utf8") }));
