import { sql } from "kysely";
import { ALERT_PAYOUT_CURRENCY, alertPays, type AlertOffer } from "../../../contract/rate-alerts";
import { minorText } from "../../../contract/money";
import { sellOfferOf } from "../../../contract/sell-rules";
import { enqueue } from "../../adapters/outbox";
import { transaction, type DB, type Executor } from "../../db/index";
import { activeAdverts } from "../catalog/queries";
import { notify } from "../notices/notify";

/**
 * Evaluates rate alerts (docs/decisions/0071-rate-alerts.md): per (card type, currency) that any
 * active alert watches, the open offers are read once and every alert of that pair is weighed
 * against them, so one change costs a query per watched pair, not per alert.
 *
 * Exactly once across processes: every process evaluates on every change, and firing is the
 * compare-and-set `armed → not armed` on the alert's row, in one transaction with the notice and
 * the e-mail; only one process's UPDATE finds it armed. A value below the threshold re-arms it.
 */

/** The naira per coin (per 10000) of the best withdrawer that pays NGN now, or null. */
export async function bestNgnRate(db: Executor): Promise<number | null> {
  const row = await db
    .selectFrom("withdrawers")
    .select(sql<number | null>`max(currency_rate)`.as("rate"))
    .where("currency", "=", ALERT_PAYOUT_CURRENCY)
    .where("status", "<>", 0)
    .executeTakeFirst();
  return row?.rate == null ? null : Number(row.rate);
}

/** The open offers of a (card type, currency) as alerts weigh them. */
export async function offersFor(db: Executor, cardTypeId: number, currency: string): Promise<AlertOffer[]> {
  return (await activeAdverts(db, cardTypeId, currency)).map((a) => ({ ...sellOfferOf(a), discount: a.discount }));
}

interface Watched {
  id: number;
  user_id: number;
  form: number;
  face: number;
  threshold: number;
  armed: boolean;
}

/** Evaluates every active alert, or only those of one (card type, currency) (a new or resumed alert's). */
export async function evaluateRateAlerts(db: DB, now: () => Date, only?: { cardTypeId: number; currency: string }): Promise<{ fired: number }> {
  let pairs = db.selectFrom("rate_alerts").select(["card_type_id", "currency"]).distinct().where("active", "=", true);
  if (only) pairs = pairs.where("card_type_id", "=", only.cardTypeId).where("currency", "=", only.currency);
  const groups = await pairs.execute();
  if (groups.length === 0) return { fired: 0 };
  const rate = await bestNgnRate(db);
  let fired = 0;
  for (const g of groups) {
    const cardTypeId = Number(g.card_type_id);
    const offers = await offersFor(db, cardTypeId, g.currency);
    const alerts: Watched[] = await db
      .selectFrom("rate_alerts")
      .select(["id", "user_id", "form", "face", "threshold", "armed"])
      .where("card_type_id", "=", cardTypeId)
      .where("currency", "=", g.currency)
      .where("active", "=", true)
      .execute();
    const rearm: number[] = [];
    for (const a of alerts) {
      const pays = alertPays({ form: a.form, face: Number(a.face) }, offers, rate);
      const above = pays !== null && pays >= Number(a.threshold);
      if (a.armed && above) fired += (await fire(db, a, { cardTypeId, currency: g.currency, pays: pays!, at: now() })) ? 1 : 0;
      else if (!a.armed && !above) rearm.push(a.id);
    }
    if (rearm.length > 0) await db.updateTable("rate_alerts").set({ armed: true }).where("id", "in", rearm).where("armed", "=", false).execute();
  }
  return { fired };
}

/** The crossing: disarms the alert by compare-and-set and tells its owner, all or nothing. */
async function fire(db: DB, a: Watched, c: { cardTypeId: number; currency: string; pays: number; at: Date }): Promise<boolean> {
  return transaction(db, async (trx) => {
    const won = await trx
      .updateTable("rate_alerts")
      .set({ armed: false, fired_at: c.at })
      .where("id", "=", a.id)
      .where("armed", "=", true)
      .where("active", "=", true)
      .returning("id")
      .executeTakeFirst();
    if (!won) return false;
    const [card, user] = await Promise.all([
      trx.selectFrom("card_types").select("name_en").where("id", "=", c.cardTypeId).executeTakeFirstOrThrow(),
      trx.selectFrom("users").select(["email"]).where("id", "=", a.user_id).executeTakeFirstOrThrow(),
    ]);
    const words = alertWords(card.name_en, { ...c, form: a.form, face: Number(a.face), threshold: Number(a.threshold) });
    await notify(trx, {
      userId: a.user_id,
      about: { type: "rateAlert", id: c.cardTypeId },
      title: words.title,
      content: words.content,
      oppositeUserId: null,
      goodsName: card.name_en,
      transAmount: Number(a.face),
      transCurrency: c.currency,
      transPrice: null,
      at: c.at,
    });
    if (user.email) await enqueue(trx, { channel: "email", recipient: user.email, type: "RATE_ALERT", code: null, body: `${words.title}. ${words.content}` }, c.at);
    // The push goes with the notice: notify() queued it in this transaction (ADR 0079).
    return true;
  });
}

/** What the notice and the e-mail say. */
export function alertWords(cardName: string, a: { currency: string; form: number; face: number; threshold: number; pays: number }) {
  const form = a.form === 1 ? "e-code" : "picture card";
  const card = `Your ${cardName} ${a.currency} ${minorText(a.face, { trim: true })} ${form}`;
  return {
    title: "Rate alert: your price is reached",
    content: `${card} now pays ₦${minorText(a.pays)} (your alert: at least ₦${minorText(a.threshold)}). Offers change quickly: open the offers to sell at today's rate.`,
  };
}

