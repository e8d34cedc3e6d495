import { sql, type Kysely } from "kysely";

/**
 * Identity verification (docs/decisions/0020-kyc.md): one certificate per user and its staff
 * review. The ID number is sealed with the data key; the photos are encrypted blobs (cert/…).
 */
export async function up(db: Kysely<any>) {
  await sql`
    create table kyc_certs (
      id serial primary key,
      user_id integer not null unique references users(id),
      status smallint not null check (status in (0, 1, 2)),
      id_country text not null,
      id_kind smallint not null,
      id_no_sealed text not null,
      realname text not null,
      birthday text not null,
      id_face text not null,
      id_oppo text not null,
      social_account text not null,
      reason text,
      submitted_at timestamptz not null,
      reviewed_at timestamptz,
      reviewed_by integer references users(id)
    )`.execute(db);
  await sql`create index kyc_certs_by_status on kyc_certs (status, id)`.execute(db);
}
