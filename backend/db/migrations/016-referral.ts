import { sql, type Kysely } from "kysely";

/**
 * Referral programme (docs/decisions/0024-referral-rewards.md):
 * - the platform's system user (id 1, below the users sequence) whose account pays the rewards;
 *   it has no usable password, and its available coins may go below zero (the sum it paid out);
 * - referral_rewards: one row per reward paid, unique per (order, kind), and the first-order
 *   bonus unique per friend, so a reward is paid exactly once however completions race.
 */
export async function up(db: Kysely<any>) {
  await sql`
    insert into users (id, email, nickname, avatar, password_hash, invite_code, created_at)
    values (1, 'platform@giftmarket.invalid', 'GiftMarket', '/favicon.svg', '!', 'PLTFRM', now());
    insert into accounts (user_id) values (1);
    alter table accounts drop constraint accounts_amount_check;
    alter table accounts add constraint accounts_amount_check check (amount >= 0 or user_id = 1);
    alter table ledger_entries drop constraint ledger_entries_balance_after_check;
    alter table ledger_entries add constraint ledger_entries_balance_after_check check (balance_after >= 0 or (user_id = 1 and part = 'amount'));

    create table referral_rewards (
      id bigserial primary key,
      inviter_id bigint not null references users(id),
      friend_id bigint not null references users(id),
      order_id bigint not null references orders(id),
      -- 'share': 3 per mille of the order's coins; 'bonus': the one-time 3 coins of a 1000-coin order.
      kind text not null check (kind in ('share', 'bonus')),
      amount bigint not null check (amount > 0),
      created_at timestamptz not null,
      unique (order_id, kind)
    );
    create unique index referral_rewards_one_bonus on referral_rewards (friend_id) where kind = 'bonus';
    create index referral_rewards_inviter on referral_rewards (inviter_id, friend_id);
    create index users_invited_by on users (invited_by, created_at desc) where invited_by is not null;
  `.execute(db);
}
