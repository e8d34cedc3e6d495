import { sql, type Kysely } from "kysely";

/**
 * One bank account once per user: the same bank and account number, whatever
 * spaces or dashes it was typed with, may not be saved twice while the first is kept.
 * account_key is the number without spaces and dashes, upper-cased; the partial unique
 * index decides between two parallel adds. Duplicates saved before this migration are
 * soft-deleted, keeping the oldest (withdrawals keep their own snapshot of the account).
 */
export async function up(db: Kysely<any>) {
  await sql`
    alter table user_payments
      add column account_key text generated always as (upper(regexp_replace(account_number, '[[:space:]-]', '', 'g'))) stored
  `.execute(db);
  await sql`
    update user_payments p set deleted_at = now()
    where p.deleted_at is null and exists (
      select 1 from user_payments q
      where q.deleted_at is null and q.user_id = p.user_id and q.payment_id = p.payment_id
        and q.account_key = p.account_key and q.id < p.id
    )
  `.execute(db);
  await sql`
    create unique index user_payments_one_account on user_payments(user_id, payment_id, account_key) where deleted_at is null
  `.execute(db);
}
