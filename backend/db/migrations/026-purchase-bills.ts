import { sql, type Kysely } from "kysely";

/**
 * Orders' money as the books have it (ADR 0051).
 *
 * - A merchant's card bought is a Purchase bill (type 5). Until now the completion wrote it as an
 *   Income bill (type 1) with a negative amount, so a merchant's wallet said "Income" for coins it
 *   spent and listed its purchases under the Income tab. The check on the type takes 5, and the
 *   bills already written that way (an order's bill with coins going out: only the buyer's is
 *   negative) become Purchase bills; their amounts, balances and ledger rows stay as they are.
 * - The staff order page sums one order's ledger rows (held, paid, returned): an index on the
 *   order's rows, so it reads those few rows instead of a busy merchant's whole ledger.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table bills drop constraint if exists bills_type_check`.execute(db);
  await sql`alter table bills add constraint bills_type_check check (type between 1 and 5)`.execute(db);
  await sql`update bills set type = 5 where type = 1 and ref_type = 'order' and trans_amount < 0`.execute(db);
  await sql`create index if not exists ledger_entries_order on ledger_entries (ref_id) where ref_type = 'order'`.execute(db);
}
