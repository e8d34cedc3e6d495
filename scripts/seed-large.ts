/**
 * `npm run seed:large`: the large world of docs/product/targets.md#scale on the configured database (DATABASE_URL,
 * or PGlite in DATA_DIR; stop the server first): migrates, seeds the demo world when missing,
 * then adds the bulk (backend/demo/large-world.ts) and prints the time it took and the row counts.
 *
 *   npm run seed:large                                   # 50,000 users, 200,000 orders, 1,000,000 bills
 *   npm run seed:large -- --scale 0.01                   # a hundredth of that
 *   npm run seed:large -- --users 5000 --orders 20000 --bills 100000
 *
 * SEED_LARGE_SCALE sets the scale too. A database that already holds the large world is refused.
 */
import { parseArgs } from "node:util";
import { readBackendConfig } from "../backend/config";
import { exitIfInUse } from "../backend/db/data-dir-lock";
import { migrate, openConfiguredDatabase } from "../backend/db/index";
import { FULL_SIZES, scaledSizes, seedLargeWorld } from "../backend/demo/large-world";
import { loadSecretBox } from "../backend/security/secret-box";

const { values } = parseArgs({
  options: { scale: { type: "string" }, users: { type: "string" }, orders: { type: "string" }, bills: { type: "string" } },
});
const count = (v: string | undefined, name: string) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a whole number above 0`);
  return n;
};
const scale = Number(values.scale ?? process.env.SEED_LARGE_SCALE ?? 1);
if (!(scale > 0)) throw new Error("--scale must be a number above 0");
const base = scale === 1 ? FULL_SIZES : scaledSizes(scale);
const sizes = {
  users: count(values.users, "users") ?? base.users,
  orders: count(values.orders, "orders") ?? base.orders,
  bills: count(values.bills, "bills") ?? base.bills,
};

const config = readBackendConfig();
const database = await openConfiguredDatabase(config).catch((err: unknown) => {
  exitIfInUse(err);
  throw err;
});
try {
  // The server's own keys (DATA_KEYS, or DATA_DIR's), so it opens what is sealed here.
  const secrets = loadSecretBox(config);
  await migrate(database.db, { secrets });
  console.log(`Seeding the large world (${sizes.users} users, ${sizes.orders} orders, ${sizes.bills} bills) into ${database.kind}…`);
  const report = await seedLargeWorld(database.db, sizes, secrets, (line) => console.log(`  ${line}`));
  console.log(`Done in ${report.seconds.toFixed(1)} s. Rows:`);
  console.table(report.rows);
} finally {
  await database.close();
}
