import { afterAll, beforeAll } from "vitest";
import { createTestBackend, type TestBackend } from "./backend";

/**
 * A fresh test backend for the enclosing describe block (or file): created in
 * beforeAll with `env` over the defaults, closed in afterAll. Read it as `t.b`
 * inside tests and hooks.
 */
export function useBackend(env?: Record<string, string>) {
  const ref = {} as { b: TestBackend };
  beforeAll(async () => {
    ref.b = await createTestBackend(env ? { env } : {});
  });
  afterAll(async () => {
    await ref.b?.close();
  });
  return ref;
}
