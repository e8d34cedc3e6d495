import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";

/**
 * Passwords and trade passwords: scrypt (N=2^15, r=8, p=1), 16-byte salt, 32-byte key.
 * Stored as "scrypt$N$r$p$salt$hash" so the cost can rise later without a migration.
 */
export const PASSWORD_COST = 1 << 15;
/**
 * A test run (NODE_ENV=test) hashes at N=2^10: 2^15 costs ~0.4 s a hash on a 2-core machine, and the
 * suites register and sign in users by the hundred (ADR 0039). Verification always uses the N a hash
 * records, so what the tests prove about sign-in and trade passwords is unchanged.
 */
export const TEST_PASSWORD_COST = 1 << 10;

/** The N new hashes are made with. */
export const passwordCost = (env: { NODE_ENV?: string } = process.env): number => (env.NODE_ENV === "test" ? TEST_PASSWORD_COST : PASSWORD_COST);
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

/**
 * How many hashes may run at once (ADR 0085): one per core, at most libuv's four threads. Each
 * holds 128·N·r bytes (32 MB at 2^15) while it runs, and more at once than there are cores adds no
 * throughput: a sign-in storm then queues here instead of filling the thread pool (which file reads
 * share) and the process's memory.
 */
export const hashConcurrency = (cores = availableParallelism()): number => Math.min(4, Math.max(1, cores));

/** A first-come, first-served gate that lets `limit` tasks run at once. */
export function createGate(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line, or is given back.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** Tasks running and waiting now. */
    load: () => ({ running, waiting: waiting.length }),
  };
}

const hashGate = createGate(hashConcurrency());

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return hashGate.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password, salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string, n = passwordCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, n, R, P);
  return ["scrypt", n, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

/** A well-formed hash of no password at today's cost: sign-in checks against it when the account is
 * unknown, so that the answer takes as long as for a real account. */
export const unknownAccountHash = (): string => `scrypt$${passwordCost()}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA==$AAAA`;

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, salt, hash] = stored.split("$");
  if (alg !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await scrypt(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
