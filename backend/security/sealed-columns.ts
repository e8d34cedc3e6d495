import { sql } from "kysely";
import type { Executor } from "../db/index";
import { SealedValueError, sealNullable, type SecretBox } from "./secret-box";

/**
 * Every column that holds sealed values (ADR 0056 lists why each is there): rotation re-seals
 * them, `keys:status` counts them, the tests check that none holds plain text. A new sealed column
 * (a two-factor secret, say) is sealed with services.secrets.seal, opened with .open, and listed
 * here, or a rotation leaves it under the old key and retiring that key makes it unreadable.
 * Each table is walked by its `id` (a bigint or serial primary key), or by the key `id` names.
 */
export const SEALED_COLUMNS = [
  { table: "user_payments", columns: ["realname", "account_number", "remark"] },
  { table: "withdrawals", columns: ["user_payment", "user_remark"] },
  { table: "kyc_certs", columns: ["id_no_sealed", "id_country", "realname", "birthday", "social_account"] },
  { table: "orders", columns: ["seller_remark", "arbitration_content"] },
  // A dispute's statements and the paths of its pictures (ADR 0074).
  { table: "order_evidence", columns: ["statement", "pictures"] },
  // A support ticket's messages and the paths of their pictures (ADR 0078).
  { table: "ticket_messages", columns: ["body", "pictures"] },
  { table: "advert_secrets", columns: ["sealed_secret"] },
  // People's words; the system's messages are copies of notices and stay readable (chat/format.ts textOf).
  { table: "chat_messages", columns: ["text"], where: "sender_id is not null" },
  // The TOTP secret of two-factor sign-in (ADR 0057): one row per user.
  { table: "two_factor", columns: ["secret_sealed"], id: "user_id" },
] as const satisfies ReadonlyArray<SealedTableSpec>;

/** A table's sealed columns; `where` (a constant SQL condition) narrows them to the rows that are sealed. */
export interface SealedTableSpec {
  table: string;
  columns: readonly string[];
  where?: string;
  /** The bigint key the table is walked by, if not `id`. */
  id?: string;
}

const keyOf = (spec: { id?: string }) => spec.id ?? "id";


/** A row of a sealed table: its id and the values of the columns read. */
type Row = { id: number; v: Record<string, string | null> };

const cols = (columns: readonly string[]) => sql.join(columns.map((c) => sql.ref(c)));

const rowsWhere = (spec: SealedTableSpec) => (spec.where ? sql`and (${sql.raw(spec.where)})` : sql``);

/** One batch of a table's rows after `after`, in id order, with its sealed columns. */
async function batchOf(db: Executor, spec: SealedTableSpec, after: number, limit: number): Promise<Row[]> {
  const { rows } = await sql<Record<string, string | null>>`
    select ${sql.ref(keyOf(spec))} as id, ${cols(spec.columns)} from ${sql.table(spec.table)}
    where ${sql.ref(keyOf(spec))} > ${after} ${rowsWhere(spec)} order by ${sql.ref(keyOf(spec))} limit ${limit}
  `.execute(db);
  return rows.map((r) => ({ id: Number(r.id), v: r }));
}

/**
 * Writes new values of `columns` (and of `extra`, plain columns computed alongside) for some rows in
 * one statement, each row only if its `columns` still hold what was read: a row changed meanwhile
 * was written by someone else, under the current key, and is left as it is. Returns the ids written.
 */
async function compareAndSet(
  db: Executor,
  spec: { table: string; id?: string },
  columns: readonly string[],
  changes: Array<{ id: number; old: Record<string, string | null>; next: Record<string, string | null> }>,
  extra: readonly string[] = [],
): Promise<Set<number>> {
  if (changes.length === 0) return new Set();
  const { table } = spec;
  const key = sql.ref(`t.${keyOf(spec)}`);
  const all = [...columns, ...extra];
  const values = changes.map(
    (c) => sql`(${c.id}::bigint, ${sql.join([...columns.map((k) => sql`${c.old[k]}::text`), ...all.map((k) => sql`${c.next[k] ?? null}::text`)])})`,
  );
  const names = sql.join([sql.raw("id"), ...columns.map((k) => sql.raw(`old_${k}`)), ...all.map((k) => sql.raw(`new_${k}`))]);
  const r = await sql`
    update ${sql.table(table)} t set ${sql.join(all.map((k) => sql`${sql.ref(k)} = v.${sql.raw(`new_${k}`)}`))}
    from (values ${sql.join(values)}) as v(${names})
    where ${key} = v.id and ${sql.join(columns.map((k) => sql`t.${sql.ref(k)} is not distinct from v.${sql.raw(`old_${k}`)}`), sql` and `)}
    returning ${key} as id
  `.execute(db);
  return new Set((r.rows as Array<{ id: number }>).map((x) => Number(x.id)));
}

export interface SealPass {
  scanned: number;
  /** Values written (sealed, or re-sealed under the current key). */
  written: number;
  /** Rows changed by someone else between the read and the write (left as they are). */
  raced: number;
  /** Values that cannot be opened, by the key they are under (retired, or altered). */
  unopenable: Record<string, number>;
}

const emptyPass = (): SealPass => ({ scanned: 0, written: 0, raced: 0, unopenable: {} });

export interface PassOptions {
  batch?: number;
  /** Between a batch's read and its write (a test makes the API write some of those rows there). */
  beforeWrite?: (table: string, ids: number[]) => Promise<void>;
  /** After each batch (progress, renewing a lease); a throw stops the pass where it is. */
  onBatch?: (pass: SealPass, table: string) => Promise<void> | void;
}

/**
 * Re-seals, under the box's current key, every value of SEALED_COLUMNS under another key: a walk
 * by id in batches, each written in one statement of its own by compare-and-set. Stopped at any
 * point (a crash, a restart), it simply starts again and finds less to do.
 */
export async function resealAll(db: Executor, box: SecretBox, opts: PassOptions = {}): Promise<SealPass> {
  const pass = emptyPass();
  const batch = opts.batch ?? 500;
  for (const spec of SEALED_COLUMNS) {
    const { table, columns } = spec;
    for (let after = 0; ; ) {
      const rows = await batchOf(db, spec, after, batch);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      pass.scanned += rows.length;
      const current = box.currentKeyId;
      const changes = [];
      for (const row of rows) {
        const next: Record<string, string | null> = {};
        let values = 0;
        for (const c of columns) {
          const v = row.v[c] ?? null;
          next[c] = v;
          if (v === null) continue;
          try {
            if (box.keyIdOf(v) === current) continue;
            next[c] = box.seal(box.open(v));
            values++;
          } catch (e) {
            if (!(e instanceof SealedValueError)) throw e;
            const key = e.keyId ?? "(not sealed)";
            pass.unopenable[key] = (pass.unopenable[key] ?? 0) + 1;
          }
        }
        if (values > 0) changes.push({ id: row.id, old: row.v, next, values });
      }
      await opts.beforeWrite?.(table, changes.map((c) => c.id));
      const written = await compareAndSet(db, spec, columns, changes);
      for (const c of changes) {
        if (written.has(c.id)) pass.written += c.values;
        else pass.raced++;
      }
      await opts.onBatch?.(pass, table);
      if (rows.length < batch) break;
    }
  }
  return pass;
}

/**
 * Seals the plain values of `columns` of rows after `after` (a migration's existing rows, the large
 * world's bulk): every non-null value is taken as plain text. `extra` computes plain columns
 * from the plain row in the same write (a keyed hash, a masked label).
 */
export async function sealPlainRows(
  db: Executor,
  box: SecretBox,
  spec: SealedTableSpec & { after?: number; extra?: { columns: readonly string[]; of: (row: Record<string, string | null>) => Record<string, string | null> } },
  batch = 500,
): Promise<number> {
  let sealed = 0;
  for (let after = spec.after ?? 0; ; ) {
    const rows = await batchOf(db, spec, after, batch);
    if (rows.length === 0) return sealed;
    after = rows[rows.length - 1]!.id;
    const changes = rows.map((row) => {
      const next: Record<string, string | null> = spec.extra ? spec.extra.of(row.v) : {};
      for (const c of spec.columns) next[c] = sealNullable(box, row.v[c]);
      return { id: row.id, old: row.v, next };
    });
    sealed += (await compareAndSet(db, spec, spec.columns, changes, spec.extra?.columns)).size;
    if (rows.length < batch) return sealed;
  }
}

export interface ColumnCount {
  table: string;
  column: string;
  /** A key id, "v1", or "(not sealed)". */
  key: string;
  n: number;
}

/** How many values each key holds, per column (a full read of every sealed column). */
export async function countByKey(db: Executor): Promise<ColumnCount[]> {
  const out: ColumnCount[] = [];
  for (const spec of SEALED_COLUMNS) {
    const { table, columns } = spec;
    for (const column of columns) {
      const c = sql.ref(column);
      const { rows } = await sql<{ key: string; n: number }>`
        select case when ${c} like 'v2.%' then split_part(${c}, '.', 2) when ${c} like 'v1.%' then 'v1' else '(not sealed)' end as key,
               count(*)::bigint as n
        from ${sql.table(table)} where ${c} is not null ${rowsWhere(spec)} group by 1
      `.execute(db);
      for (const r of rows) out.push({ table, column, key: r.key, n: Number(r.n) });
    }
  }
  return out;
}

/** Values per key over every sealed column. */
export const totalsByKey = (counts: readonly ColumnCount[]): Record<string, number> =>
  counts.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c.key]: (acc[c.key] ?? 0) + c.n }), {});
