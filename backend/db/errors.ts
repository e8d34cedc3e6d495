/** A unique index refused the row (PostgreSQL and PGlite both say 23505): the race a unique index decides. */
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: unknown } | null)?.code === "23505";
