import { sql, type Kysely } from "kysely";

/**
 * The catalog cache's invalidation (docs/decisions/0026-catalog-cache.md): every committed
 * write to what the public catalogue shows sends NOTIFY "catalog" (payload: the table), to
 * every backend process on this database, whoever wrote it (handlers, jobs, demo bots, seeds,
 * a psql session). A trigger rather than each writer remembering to: no write can be missed.
 * NOTIFY is delivered at commit, so no process re-reads the old rows after hearing it.
 * The channel carries the schema when it is not public, as backend/db/index.ts listens on it
 * (tests side by side on one server never hear each other).
 */
export async function up(db: Kysely<any>) {
  // One place for the channel's name: the trigger, and the cache's probe at start-up, which
  // proves a notification sent by it reaches the cache's listener before anything is cached.
  // Both keep the schema they were made in, whatever search_path a writer's session has (a
  // psql session writing app.adverts by its qualified name still tells this schema's caches).
  await sql`
    create function catalog_channel() returns text language sql stable set search_path from current as $$
      select case when current_schema() = 'public' then 'catalog' else 'catalog_' || current_schema() end
    $$`.execute(db);
  await sql`
    create function catalog_changed() returns trigger language plpgsql set search_path from current as $$
    begin
      perform pg_notify(catalog_channel(), tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of ["card_types", "adverts", "config", "banners", "currencies", "countries"]) {
    await sql`
      create trigger ${sql.raw(`${table}_catalog_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function catalog_changed()`.execute(db);
  }
  // Adverts show their merchant's name, avatar and online status; users change for many other
  // reasons (logins, balances' counters, levels), which must not empty the cache.
  await sql`
    create trigger users_catalog_changed after update of nickname, avatar, online_status on users
    for each row when (old.nickname is distinct from new.nickname or old.avatar is distinct from new.avatar
      or old.online_status is distinct from new.online_status)
    execute function catalog_changed()`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["card_types", "adverts", "config", "banners", "currencies", "countries", "users"]) {
    await sql`drop trigger ${sql.raw(`${table}_catalog_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function catalog_changed()`.execute(db);
  await sql`drop function catalog_channel()`.execute(db);
}
