/**
 * The speed targets' "today" (docs/product/targets.md) in the same run: the tree its figures were measured on, checked out next to
 * this one, built, and served by the bench beside this tree's server, so a ratio between them
 * compares like with like on whatever machine runs it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT as REPO } from "../e2e/support/server";

/** The commit the speed targets' server figures were first measured on (docs/decisions/0026-catalog-cache.md). */
export const ISSUE_12_BASE = "0e61440";

/**
 * Runs `use` with a built checkout of `commit` (this tree's node_modules: the base's dependencies are
 * a subset of ours), removing it after. Null, with the reason printed, when there is no such commit
 * (a shallow clone) or it does not build.
 */
export async function withBaseTree<T>(commit: string, use: (dir: string) => Promise<T>): Promise<T | null> {
  const dir = join(mkdtempSync(join(tmpdir(), "bench-base-")), "tree");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
  try {
    git("worktree", "add", "--detach", dir, commit);
  } catch (error) {
    console.log(`(base commit ${commit} not measured: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`);
    return null;
  }
  try {
    symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
    try {
      execFileSync("npm", ["run", "build"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      console.log(`(base commit ${commit} not measured: its build failed: ${String((error as { stderr?: Buffer }).stderr ?? error).slice(-500)})`);
      return null;
    }
    return await use(dir);
  } finally {
    git("worktree", "remove", "--force", dir);
    rmSync(join(dir, ".."), { recursive: true, force: true });
  }
}
