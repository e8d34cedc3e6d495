import { sql, type Kysely } from "kysely";

/**
 * Rate alerts (docs/decisions/0071-rate-alerts.md): a seller's "tell me when this card pays at
 * least N naira". `armed` is the crossing's compare-and-set: firing turns it off in the same
 * transaction as the notice and the e-mail, and only a value below the threshold turns it on again.
 *
 * What an alert is worth also depends on the withdrawers' best NGN rate, so a change of a
 * withdrawer's rate or whether it accepts sends the catalog's notification too (migration 017's
 * catalog_changed()): every process re-evaluates on the one channel it already listens to.
 * Only those columns: balances move on every withdrawal and must not empty the catalog cache.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table rate_alerts (
      id bigserial primary key,
      user_id bigint not null references users(id) on delete cascade,
      card_type_id bigint not null references card_types(id) on delete cascade,
      currency text not null,
      form smallint not null,
      face bigint not null check (face > 0),
      threshold bigint not null check (threshold > 0),
      active boolean not null default true,
      armed boolean not null default true,
      fired_at timestamptz,
      created_at timestamptz not null
    );
    create index rate_alerts_user on rate_alerts (user_id, id);
    create index rate_alerts_watched on rate_alerts (card_type_id, currency) where active;
  `.execute(db);
  await sql`
    create trigger withdrawers_catalog_changed after insert or delete on withdrawers
    for each statement execute function catalog_changed()`.execute(db);
  await sql`
    create trigger withdrawers_rate_changed after update of currency_rate, status, currency on withdrawers
    for each row when (old.currency_rate is distinct from new.currency_rate
      or old.status is distinct from new.status or old.currency is distinct from new.currency)
    execute function catalog_changed()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger withdrawers_rate_changed on withdrawers`.execute(db);
  await sql`drop trigger withdrawers_catalog_changed on withdrawers`.execute(db);
  await sql`drop table rate_alerts`.execute(db);
}
