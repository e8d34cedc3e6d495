import type { DB, Trx } from "../db/index";
import { applyBalanceChanges, ensureAccount } from "../modules/wallet/ledger";
import { redeemItem } from "../modules/membership/mall";
import { DEFAULT_ZONE } from "../modules/membership/zone";
import { hashPassword } from "../security/passwords";
import {
  DEMO_ADVERTS,
  DEMO_BANNERS,
  DEMO_CARD_TYPES,
  DEMO_CONFIG,
  DEMO_COUNTRIES,
  DEMO_CURRENCIES,
  DEMO_MARKER,
  DEMO_PASSWORD,
  DEMO_REDEMPTION_ITEMS,
  DEMO_REDEMPTIONS,
  DEMO_TRADE_PASSWORD,
  DEMO_USERS,
  DEMO_WEALTH_RECORDS,
  DEMO_WITHDRAWERS,
} from "./world";

export { DEMO_LOGINS } from "./world";

async function isSeeded(db: DB) {
  const row = await db
    .selectFrom("config")
    .select("cvalue")
    .where("grp", "=", DEMO_MARKER.grp)
    .where("ckey", "=", DEMO_MARKER.ckey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes a world's config marker in the caller's transaction; false when it was there already. */
export async function claimMarker(trx: Trx, marker: { grp: string; ckey: string }): Promise<boolean> {
  const claimed = await trx
    .insertInto("config")
    .values({ ...marker, cvalue: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["grp", "ckey"]).doNothing())
    .returning("ckey")
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Writes the demo world (world.ts) in one transaction, once: the config row
 * system/demoSeededAt marks it done. Balances go through the ledger only.
 */
export async function seedDemoWorld(db: DB, opts: { passwordCost?: number } = {}): Promise<{ seeded: boolean }> {
  // Cheap check first so a seeded database does not pay for two scrypt hashes at every start.
  if (await isSeeded(db)) return { seeded: false };
  // One hash per secret, reused by every user that has it.
  const passwordHash = await hashPassword(DEMO_PASSWORD, opts.passwordCost);
  const tradePwdHash = await hashPassword(DEMO_TRADE_PASSWORD, opts.passwordCost);

  return db.transaction().execute(async (trx) => {
    // Claim the marker first: a concurrent seeder waits on the primary key here and then finds it taken.
    if (!(await claimMarker(trx, DEMO_MARKER))) return { seeded: false };

    const sortIn: Record<string, number> = {};
    await trx
      .insertInto("config")
      .values(
        DEMO_CONFIG.map((c) => {
          const sort = (sortIn[c.grp] = (sortIn[c.grp] ?? 0) + 1);
          return { grp: c.grp, ckey: c.ckey, cvalue: c.cvalue, sort };
        }),
      )
      .onConflict((oc) => oc.columns(["grp", "ckey"]).doNothing())
      .execute();

    // Catalogue
    const cardTypes = await trx
      .insertInto("card_types")
      .values(DEMO_CARD_TYPES.map((c, i) => ({ name_en: c.nameEn, icon: c.icon, sort: i + 1, code_format: c.codeFormat })))
      .returning(["id", "name_en"])
      .execute();
    const cardTypeId = new Map(DEMO_CARD_TYPES.map((c, i) => [c.slug, cardTypes[i].id]));

    await trx
      .insertInto("currencies")
      .values(DEMO_CURRENCIES.map((c, i) => ({ currency: c.currency, symbol: c.symbol, name_en: c.nameEn, sort: i + 1 })))
      .onConflict((oc) => oc.column("currency").doNothing())
      .execute();

    await trx
      .insertInto("countries")
      .values(DEMO_COUNTRIES.map((c, i) => ({ name_en: c.nameEn, inter_code: c.interCode, sort: i + 1 })))
      .execute();

    await trx
      .insertInto("banners")
      .values(
        DEMO_BANNERS.map((b, i) => ({
          pic: b.pic,
          type: b.type,
          name_en: b.nameEn,
          url: b.advertListOf ? `/advertList/${cardTypeId.get(b.advertListOf)}` : b.url,
          location: b.location,
          sort: i + 1,
        })),
      )
      .execute();

    // Users and their accounts
    const userId = new Map<string, number>();
    for (const u of DEMO_USERS) {
      const row = await trx
        .insertInto("users")
        .values({
          email: u.email,
          mobile: u.mobile,
          nickname: u.nickname,
          avatar: u.avatar,
          password_hash: passwordHash,
          trade_pwd_hash: u.tradePassword ? tradePwdHash : null,
          is_business: u.isBusiness,
          is_withdrawer: u.isWithdrawer,
          is_admin: u.isAdmin,
          online_status: u.onlineStatus,
          invite_code: u.inviteCode,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userId.set(u.key, row.id);
      await ensureAccount(trx, row.id);
      if (u.openingBalance > 0) {
        await applyBalanceChanges(trx, row.id, [{ part: "amount", delta: u.openingBalance }], {
          reason: "demo opening balance",
          bill: { type: 1, descriptionEn: "Demo opening balance", transAmount: u.openingBalance },
        });
      }
      if (u.bail > 0) {
        await applyBalanceChanges(trx, row.id, [{ part: "bail", delta: u.bail }], { reason: "withdrawer deposit" });
      }
    }
    const idOf = (key: string) => {
      const id = userId.get(key);
      if (id === undefined) throw new Error(`demo world: unknown user ${key}`);
      return id;
    };

    for (const w of DEMO_WEALTH_RECORDS) {
      await applyBalanceChanges(trx, idOf(w.user), [{ part: "wealth", delta: w.amount }], {
        reason: "demo points",
        wealthRecord: { type: w.type, descriptionEn: w.descriptionEn },
      });
    }

    // Offers: newest first in default listings, so stagger the creation times.
    const now = Date.now();
    await trx
      .insertInto("adverts")
      .values(
        DEMO_ADVERTS.map((a, i) => {
          const cardTypeIdOf = cardTypeId.get(a.cardType);
          if (cardTypeIdOf === undefined) throw new Error(`demo world: unknown card type ${a.cardType}`);
          return {
            user_id: idOf(a.merchant),
            card_type_id: cardTypeIdOf,
            card_type: a.kind,
            tag_list_en: a.tagListEn,
            min_trade: a.minTrade,
            max_trade: a.maxTrade,
            trade_currency: a.currency,
            discount: a.discount,
            usd_discount: a.usdDiscount,
            trade_amount: a.tradeAmount,
            fix_trade: a.fixTrade,
            pay_limit: a.payLimit,
            explain_info: a.explainInfo,
            codes_per_order: a.codesPerOrder,
            // total_trade and favourable_num start at 0: orders and feedback count them (ADR 0062).
            created_at: new Date(now - (DEMO_ADVERTS.length - i) * 60_000),
          };
        }),
      )
      .execute();

    await seedRateHistory(trx, now);

    await trx
      .insertInto("withdrawers")
      .values(
        DEMO_WITHDRAWERS.map((w, i) => ({
          user_id: idOf(w.user),
          currency: w.currency,
          currency_rate: w.currencyRate,
          min_trade: w.minTrade,
          max_trade: w.maxTrade,
          remain_balance: w.remainBalance,
          total_balance: w.totalBalance,
          tags: w.tags,
          description: w.description,
          last_update: new Date(now - (i + 1) * 7 * 60_000),
        })),
      )
      .execute();

    await trx
      .insertInto("redemption_items")
      .values(
        DEMO_REDEMPTION_ITEMS.map((r, i) => ({
          name: r.name,
          pic: r.pic,
          explain_info: r.explainInfo,
          wealth_amount: r.wealthAmount,
          restrict_type: r.restrictType,
          limit_num: r.limitNum,
          show_type: r.showType,
          delivery: r.delivery,
          delivery_value: r.deliveryValue,
          look: r.look ?? "",
          sort: i + 1,
        })),
      )
      .execute();
    for (const r of DEMO_REDEMPTIONS) {
      const item = await trx.selectFrom("redemption_items").select("id").where("name", "=", r.item).executeTakeFirstOrThrow();
      await redeemItem(trx, idOf(r.user), item.id, new Date(), DEFAULT_ZONE);
    }

    return { seeded: true };
  });
}

/**
 * Some history behind each best rate the offers above set (the trigger of migration 037 wrote today's):
 * the same rate a little lower or higher some days ago, so /cardType/{id} shows a chart at once.
 */
async function seedRateHistory(trx: Trx, now: number) {
  const today = await trx.selectFrom("rate_history").select(["card_type_id", "currency", "discount"]).execute();
  const steps = [
    { daysAgo: 85, delta: -300 },
    { daysAgo: 52, delta: -150 },
    { daysAgo: 24, delta: -220 },
    { daysAgo: 5, delta: -60 },
  ];
  const rows = today.flatMap((r) =>
    r.discount === null
      ? []
      : steps.map((s) => ({ card_type_id: r.card_type_id, currency: r.currency, discount: Math.max(1, r.discount! + s.delta), recorded_at: new Date(now - s.daysAgo * 86_400_000) })),
  );
  if (rows.length > 0) await trx.insertInto("rate_history").values(rows).execute();
}
