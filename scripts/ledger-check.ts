/**
 * `npm run ledger:check`: opens the configured database (DATABASE_URL, or the embedded PGlite
 * in DATA_DIR — stop the server first: PGlite is one process's) and checks the books
 * (backend/modules/wallet/checks.ts): every account's balances equal the sum of its ledger, and
 * its frozen balance equals its order escrow plus its open withdrawals, its points equal the sum
 * of its wealth records, and each user's kept order figures equal its orders'. Prints OK, or one
 * line per account and part that does not add up, and exits 1 naming them (2 when it cannot check).
 */
import { readBackendConfig } from "../backend/config";
import { exitIfInUse } from "../backend/db/data-dir-lock";
import { openConfiguredDatabase, pgliteDir } from "../backend/db/index";
import { checkBooks } from "../backend/modules/wallet/checks";

const config = readBackendConfig();
const where = config.DATABASE_URL ? "PostgreSQL" : `PGlite in ${pgliteDir(config.DATA_DIR)}`;
const database = await openConfiguredDatabase(config).catch((err: unknown) => {
  exitIfInUse(err, 2); // cannot check: the server has the embedded database open
  throw err;
});
let code = 0;
try {
  const books = await checkBooks(database.db);
  const ids = [...new Set([...books.ledger, ...books.frozen, ...books.wealth, ...books.orderStats].map((m) => m.user_id))];
  const who = new Map<number, string>();
  if (ids.length > 0) {
    const users = await database.db.selectFrom("users").select(["id", "email", "mobile", "nickname"]).where("id", "in", ids).execute();
    for (const u of users) who.set(u.id, `${u.nickname} <${u.email ?? u.mobile ?? "?"}>`);
  }
  const name = (id: number) => `account ${id} (${who.get(id) ?? "unknown user"})`;
  for (const m of books.ledger) console.log(`MISMATCH ${name(m.user_id)} part ${m.part}: balance ${m.balance}, ledger sum ${m.ledger} (difference ${m.balance - m.ledger})`);
  for (const m of books.frozen)
    console.log(`MISMATCH ${name(m.user_id)} part frozen: balance ${m.frozen}, held for orders and open withdrawals ${m.held} (difference ${m.frozen - m.held})`);
  for (const m of books.wealth)
    console.log(`MISMATCH ${name(m.user_id)} points: balance ${m.balance}, wealth records sum ${m.records} (difference ${m.balance - m.records})`);
  for (const m of books.orderStats)
    console.log(`MISMATCH ${name(m.user_id)} order figures: kept ${JSON.stringify(m.kept)}, counted from the orders ${JSON.stringify(m.counted)}`);
  if (books.ok) console.log(`OK: every account's balances equal its ledger, its points its wealth records, and its order figures its orders (${where}).`);
  else {
    console.log(`Ledger check FAILED for ${ids.length} account(s): ${ids.join(", ")} (${where}).`);
    code = 1;
  }
} catch (err) {
  const msg = err instanceof Error ? err.message : String(err);
  console.error(/does not exist/.test(msg) ? `The database (${where}) has no wallet tables yet: start the server once or run npm run db:reset.` : `Ledger check could not run: ${msg}`);
  code = 2;
} finally {
  await database.close();
}
process.exit(code);
