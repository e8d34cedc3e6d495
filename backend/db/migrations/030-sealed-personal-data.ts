import { sql, type Kysely, type Migration } from "kysely";
import type { Executor } from "../index";
import { sealPlainRows, type SealedTableSpec } from "../../security/sealed-columns";
import type { SecretBox } from "../../security/secret-box";
import { accountHashOf } from "../../modules/wallet/payments";
import { bankLabel } from "../../modules/withdrawals/format";

/** What a migration may need beyond the database: the server's box, to seal what is already stored. */
export interface MigrationContext {
  secrets?: SecretBox;
}

/** The columns this migration seals, and where rows hold plain text now. */
const NEWLY_SEALED = [
  { table: "user_payments", columns: ["realname", "account_number", "remark"] },
  { table: "withdrawals", columns: ["user_payment", "user_remark"] },
  { table: "kyc_certs", columns: ["id_country", "realname", "birthday", "social_account"] },
  { table: "orders", columns: ["seller_remark", "arbitration_content"] },
  { table: "chat_messages", columns: ["text"], where: "sender_id is not null" },
] as const;

export const NEEDS_KEYS =
  "Migration 030 seals the personal data already stored, and needs the data keys for it: run it through the server's start (or migrate(db, { secrets })).";

async function holdsAny(db: Kysely<any>, t: SealedTableSpec): Promise<boolean> {
  const where = t.where ? sql`and (${sql.raw(t.where)})` : sql``;
  const { rows } = await sql`select 1 from ${sql.table(t.table)} where (${sql.join(t.columns.map((c) => sql`${sql.ref(c)} is not null`), sql` or `)}) ${where} limit 1`.execute(db);
  return rows.length > 0;
}

/**
 * Personal data sealed at rest (ADR 0056): bank accounts (name, number, remark), the withdrawal's
 * copy of its account and the seller's remark, KYC fields, order remarks and dispute texts, what
 * people write in chat (the system's messages are copies of the notices, which stay readable).
 * Every existing value is sealed here under the current key, in batches.
 *
 * - A bank account is found again by a keyed hash of its number (account_hash, the key derived
 *   from the root secret, which does not rotate): the one-account-once index moves to it from the
 *   plain account_key of migration 009.
 * - A withdrawal keeps "GTBank ••••4695" (account_label) beside its sealed copy: its notices and
 *   receipts say where the money went without opening the copy.
 * - data_keys records the keys values are sealed under (their check values only); "v1" when the
 *   card secrets and ID numbers sealed before key ids are there.
 */
export function migration(ctx: MigrationContext): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`
        create table data_keys (
          id text primary key,
          check_value text,
          added_at timestamptz not null default now(),
          resealed_at timestamptz,
          retired_at timestamptz
        );
        insert into data_keys (id)
          select 'v1' where exists (select 1 from advert_secrets where sealed_secret like 'v1.%')
            or exists (select 1 from kyc_certs where id_no_sealed like 'v1.%');
        drop index user_payments_one_account;
        alter table user_payments drop column account_key;
        -- A sealed note is longer than the note: its 100 characters are the contract's rule (bankNote).
        alter table user_payments drop constraint if exists user_payments_remark_check;
        alter table user_payments add column account_hash text;
        alter table withdrawals add column account_label text not null default '';
      `.execute(db);

      const plain = [];
      for (const t of NEWLY_SEALED) if (await holdsAny(db, t)) plain.push(t);
      if (plain.length > 0) {
        const box = ctx.secrets;
        if (!box) throw new Error(NEEDS_KEYS);
        for (const t of plain) {
          const extra =
            t.table === "user_payments"
              ? { columns: ["account_hash"], of: (r: Record<string, string | null>) => ({ account_hash: accountHashOf(box, r.account_number ?? "") }) }
              : t.table === "withdrawals"
                ? { columns: ["account_label"], of: (r: Record<string, string | null>) => ({ account_label: bankLabel(r.user_payment ?? "") }) }
                : undefined;
          await sealPlainRows(db as Executor, box, { ...t, extra });
        }
      }

      await sql`
        alter table user_payments alter column account_hash set not null;
        create unique index user_payments_one_account on user_payments(user_id, payment_id, account_hash) where deleted_at is null;
        alter table withdrawals alter column account_label drop default;
      `.execute(db);
    },
  };
}
