import { sql, type Kysely } from "kysely";

/**
 * Banks get their CBN code (docs/decisions/0053-payout-accounts-that-exist.md): the
 * account number's check digit is computed with it, and the bank-data provider is asked with it.
 * Deposit-money banks have 3 digits; other institutions 5 (prefixed with 9 for the check) or 6
 * starting with 9, as the NIBSS / Paystack bank lists give them. A bank without a code is no
 * longer offered for new accounts. phone_accounts: the institution also numbers accounts by the
 * holder's mobile number, without a check digit (mobile-money operators).
 *
 * Nothing is deleted: saved accounts that fail the check are flagged to their owner when read
 * (contract/bank-accounts.ts accountNumberProblem).
 */

/** The banks of migration 004 with their codes (reference data, not demo data). */
export const NGN_BANK_CODES: Record<string, string> = {
  "Access Bank": "044",
  GTBank: "058",
  "Zenith Bank": "057",
  "First Bank": "011",
  UBA: "033",
  Fidelity: "070",
  Opay: "999992",
  Kuda: "50211",
  Moniepoint: "50515",
  PalmPay: "999991",
};

/** Mobile-money operators whose accounts may be numbered by the holder's mobile number. */
export const PHONE_ACCOUNT_BANKS = ["Opay", "PalmPay"] as const;

export async function up(db: Kysely<any>) {
  await sql`
    alter table payment_types
      add column code text check (code ~ '^([0-9]{3}|[0-9]{5}|9[0-9]{5})$'),
      add column phone_accounts boolean not null default false
  `.execute(db);
  for (const [name, code] of Object.entries(NGN_BANK_CODES)) {
    await db
      .updateTable("payment_types")
      .set({ code, phone_accounts: (PHONE_ACCOUNT_BANKS as readonly string[]).includes(name) })
      .where("name_en", "=", name)
      .execute();
  }
}
