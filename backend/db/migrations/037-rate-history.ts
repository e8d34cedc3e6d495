import { sql, type Kysely } from "kysely";

/**
 * Each card type's best rate per currency over time (docs/decisions/0070-rate-history.md): a row
 * whenever the best discount among its active offers (status 1, something left to buy) in a currency
 * changes, written by a trigger on adverts in the writing transaction, whoever writes (handlers, jobs,
 * demo bots, the seed, a psql session), as ADR 0026's NOTIFY is.
 *
 * A transaction-scoped advisory lock per card type makes the read of the last row and the insert one
 * step: two transactions changing the same card type's offers take turns, and the second reads the
 * first's committed row and its adverts, so a change is written once. clock_timestamp(), taken after
 * the lock, keeps the rows in the order their transactions wrote them. `discount` null: no active
 * offer left in that currency. Pruned on write: a key's rows older than 90 days go, except the newest
 * of them, which is what the rate was when a 90-day window opens.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table rate_history (
      id bigserial primary key,
      card_type_id integer not null,
      currency text not null,
      discount integer,
      recorded_at timestamptz not null default clock_timestamp()
    );
    create index rate_history_key on rate_history (card_type_id, currency, recorded_at desc, id desc);

    create function rate_history_check(ct integer, cur text) returns void language plpgsql set search_path from current as $$
    declare
      best integer;
      last_row rate_history%rowtype;
      anchor rate_history%rowtype;
    begin
      perform pg_advisory_xact_lock(hashtext('rate_history'), ct);
      select max(discount) into best from adverts
        where card_type_id = ct and trade_currency = cur and status = 1 and trade_amount > 0;
      select * into last_row from rate_history where card_type_id = ct and currency = cur
        order by recorded_at desc, id desc limit 1;
      if not found then
        if best is null then return; end if;
      elsif last_row.discount is not distinct from best then
        return;
      end if;
      insert into rate_history (card_type_id, currency, discount) values (ct, cur, best);
      select * into anchor from rate_history where card_type_id = ct and currency = cur
        and recorded_at <= clock_timestamp() - interval '90 days' order by recorded_at desc, id desc limit 1;
      if found then
        delete from rate_history where card_type_id = ct and currency = cur and recorded_at < anchor.recorded_at;
      end if;
    end $$;

    create function rate_history_noted() returns trigger language plpgsql set search_path from current as $$
    begin
      if tg_op = 'UPDATE' and old.card_type_id = new.card_type_id and old.trade_currency = new.trade_currency
        and old.discount = new.discount and old.status = new.status and (old.trade_amount > 0) = (new.trade_amount > 0) then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        perform rate_history_check(old.card_type_id, old.trade_currency);
      end if;
      if tg_op in ('UPDATE', 'INSERT') and (tg_op = 'INSERT' or old.card_type_id <> new.card_type_id or old.trade_currency <> new.trade_currency) then
        perform rate_history_check(new.card_type_id, new.trade_currency);
      end if;
      return null;
    end $$;

    create trigger adverts_rate_history after insert or delete or update of card_type_id, trade_currency, discount, status, trade_amount
      on adverts for each row execute function rate_history_noted();

    insert into rate_history (card_type_id, currency, discount)
      select card_type_id, trade_currency, max(discount) from adverts where status = 1 and trade_amount > 0
      group by card_type_id, trade_currency;
  `.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`
    drop trigger adverts_rate_history on adverts;
    drop function rate_history_noted();
    drop function rate_history_check(integer, text);
    drop table rate_history;
  `.execute(db);
}
