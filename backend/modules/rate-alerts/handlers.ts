import { RATE_ALERTS_FULL, RATE_ALERTS_MAX, RATE_ALERT_NOT_FOUND, alertPays } from "../../../contract/rate-alerts";
import { transaction } from "../../db/index";
import { requireUser } from "../../http/context";
import { fail } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { bestNgnRate, evaluateRateAlerts, offersFor } from "./evaluate";

/** A seller's rate alerts (docs/decisions/0071-rate-alerts.md): every id is checked against the caller. */
export const rateAlertHandlers = {
  async "/rateAlert/getRateAlerts"(_input, ctx) {
    const user = requireUser(ctx);
    const rows = await ctx.db
      .selectFrom("rate_alerts as r")
      .innerJoin("card_types as c", "c.id", "r.card_type_id")
      .select(["r.id", "r.card_type_id", "c.name_en", "r.currency", "r.form", "r.face", "r.threshold", "r.active", "r.fired_at", "r.created_at"])
      .where("r.user_id", "=", user.id)
      .orderBy("r.id", "desc")
      .execute();
    const rate = await bestNgnRate(ctx.db);
    // Offers once per watched pair, as the evaluation reads them.
    const offers = new Map<string, Awaited<ReturnType<typeof offersFor>>>();
    for (const r of rows) {
      const key = `${r.card_type_id}:${r.currency}`;
      if (!offers.has(key)) offers.set(key, await offersFor(ctx.db, Number(r.card_type_id), r.currency));
    }
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        cardTypeId: Number(r.card_type_id),
        cardTypeName: r.name_en,
        currency: r.currency,
        form: r.form as 0 | 1,
        face: Number(r.face),
        threshold: Number(r.threshold),
        active: r.active,
        firedAt: r.fired_at ? new Date(r.fired_at).getTime() : null,
        paysNow: alertPays({ form: r.form, face: Number(r.face) }, offers.get(`${r.card_type_id}:${r.currency}`)!, rate),
        createdAt: new Date(r.created_at).getTime(),
      })),
    };
  },

  async "/rateAlert/addRateAlert"(input, ctx) {
    const user = requireUser(ctx);
    const card = await ctx.db.selectFrom("card_types").select("id").where("id", "=", input.cardTypeId).executeTakeFirst();
    if (!card) throw fail("Please choose the card type.");
    const created = await transaction(ctx.db, async (trx) => {
      // Her alerts counted under a lock on her user row: two adds at once cannot make eleven.
      await trx.selectFrom("users").select("id").where("id", "=", user.id).forUpdate().execute();
      const { n } = await trx.selectFrom("rate_alerts").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", user.id).executeTakeFirstOrThrow();
      if (Number(n) >= RATE_ALERTS_MAX) throw fail(RATE_ALERTS_FULL);
      return trx
        .insertInto("rate_alerts")
        .values({ user_id: user.id, card_type_id: input.cardTypeId, currency: input.currency, form: input.form, face: input.face, threshold: input.threshold, created_at: ctx.now })
        .returning("id")
        .executeTakeFirstOrThrow();
    });
    // Weighed at once: an alert whose price is already reached tells her now, not at the next change.
    await evaluateRateAlerts(ctx.db, () => ctx.clock.now(), { cardTypeId: input.cardTypeId, currency: input.currency });
    return { id: Number(created.id) };
  },

  async "/rateAlert/setRateAlertActive"(input, ctx) {
    const user = requireUser(ctx);
    // Resuming re-arms: she asked to hear of the price again.
    const row = await ctx.db
      .updateTable("rate_alerts")
      .set(input.active ? { active: true, armed: true } : { active: false })
      .where("id", "=", input.id)
      .where("user_id", "=", user.id)
      .returning(["card_type_id", "currency"])
      .executeTakeFirst();
    if (!row) throw fail(RATE_ALERT_NOT_FOUND);
    if (input.active) await evaluateRateAlerts(ctx.db, () => ctx.clock.now(), { cardTypeId: Number(row.card_type_id), currency: row.currency });
    return null;
  },

  async "/rateAlert/deleteRateAlert"(input, ctx) {
    const user = requireUser(ctx);
    const gone = await ctx.db.deleteFrom("rate_alerts").where("id", "=", input.id).where("user_id", "=", user.id).returning("id").executeTakeFirst();
    if (!gone) throw fail(RATE_ALERT_NOT_FOUND);
    return null;
  },
} satisfies HandlerGroup<"/rateAlert/getRateAlerts" | "/rateAlert/addRateAlert" | "/rateAlert/setRateAlertActive" | "/rateAlert/deleteRateAlert">;
