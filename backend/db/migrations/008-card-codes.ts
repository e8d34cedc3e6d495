import { sql, type Kysely } from "kysely";

/**
 * E-codes kept as typed (docs/decisions/0014-card-codes-as-typed.md):
 * - card_types.code_format: the display format of the type's codes ("4-4-4-4",
 *   alternatives with "|"), "" when not known;
 * - adverts.codes_per_order: how many codes one order may carry, 0 any number.
 * Databases seeded before this migration get the demo world's values: formats
 * by card type name, and one code per order for the offers whose explanation
 * says so.
 */
export async function up(db: Kysely<any>) {
  await sql`alter table card_types add column code_format text not null default ''`.execute(db);
  await sql`alter table adverts add column codes_per_order integer not null default 0`.execute(db);
  await sql`
    update card_types set code_format = f.format
    from (values
      ('Apple Gift Card', '4-4-4-4'),
      ('Steam Wallet', '5-5-5'),
      ('Amazon', '4-6-4|4-6-5'),
      ('Google Play', '4-4-4-4|4-4-4-4-4'),
      ('Xbox', '5-5-5-5-5'),
      ('Vanilla Visa', '4-4-4-4')
    ) as f(name, format)
    where card_types.name_en = f.name
  `.execute(db);
  await sql`update adverts set codes_per_order = 1 where card_type = 1 and explain_info like '%One code per order%'`.execute(db);
}
