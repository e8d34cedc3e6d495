/**
 * Makes sure Debian's Chromium is at /usr/bin/chromium for the end-to-end
 * tests (playwright-core drives it; `npx playwright install` cannot download
 * a browser here).
 *
 * - Already there: nothing to do.
 * - Running as root (CI, the workplace machines): apt-get installs it.
 * - Otherwise: throw, telling the developer what to install.
 *
 * Usable as a module (`await ensureChromium()`) or as a script:
 *   node --import tsx scripts/ensure-chromium.ts
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Where the e2e helpers expect the browser. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Runs a command with inherited stdio (output streams live); rejects on a non-zero exit. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Ensures /usr/bin/chromium exists, installing it with apt-get when running as root. */
export async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM_PATH)) return;

  if (process.getuid?.() !== 0) {
    throw new Error(
      "Chromium is needed for the end-to-end tests: install Debian's chromium " +
        "(sudo apt-get install -y chromium) so that /usr/bin/chromium exists.",
    );
  }

  console.log("ensure-chromium: /usr/bin/chromium is missing; installing Debian's chromium");
  await run("apt-get", ["update"]);
  await run("apt-get", ["install", "-y", "chromium"]);

  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`apt-get installed chromium, but ${CHROMIUM_PATH} is still missing`);
  }
}

// Run directly: `node --import tsx scripts/ensure-chromium.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureChromium().then(
    () => console.log(`ensure-chromium: ${CHROMIUM_PATH} is present`),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
