/**
 * The environment of a process a test starts (a server, a script): the runner's, minus vitest's own
 * markers, so it behaves as it would for an operator (under them, for one, the logger is silent:
 * backend/ops/log.ts). `withoutDatabaseUrl`: the caller names the database itself (or none: PGlite).
 */
export function plainProcessEnv(opts: { withoutDatabaseUrl?: boolean } = {}): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && !(opts.withoutDatabaseUrl && key === "DATABASE_URL")),
  ) as NodeJS.ProcessEnv;
}
