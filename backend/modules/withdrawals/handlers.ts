import { requireRole, requireUser, type Services } from "../../http/context";
import { issueQuote } from "../quotes/quotes";
import { fail, notFound } from "../../http/errors";
import { deskCommand } from "../../http/desk-command";
import type { HandlerGroup } from "../../http/handler-types";
import { readPaymentPicture } from "../images/store";
import { requireSecondFactor } from "../two-factor/verify";
import {
  adminCancelWithdrawal,
  applyWithdraw,
  cancelWithdrawal,
  completeWithdrawal,
  processWithdrawal,
  withdrawalOfOwner,
  withdrawalOfWithdrawer,
} from "./actions";
import {
  findWithdrawer,
  withdrawerWithFigures,
  ownerWithdrawalPage,
  toDeskWithdrawal,
  toWithdrawal,
  withdrawerList,
  withdrawerWithdrawalPage,
  withdrawerWithdrawalRows,
  type JoinedWithdrawal,
} from "./queries";
import { updateWithdrawerSettings, withdrawerSettings } from "./settings";
import { withdrawalActions } from "./state-machine";

export const NO_PAY_PICTURE = "No payment picture yet.";

/** The picture of a withdrawal the caller may see (checked by the caller), as {contentType, base64}. */
async function payPictureOf(services: Pick<Services, "blobs" | "secrets">, w: JoinedWithdrawal) {
  const bytes = w.pay_picture ? await readPaymentPicture(services, w.pay_picture) : undefined;
  if (!bytes) throw fail(NO_PAY_PICTURE);
  return { contentType: "image/jpeg", base64: bytes.toString("base64") };
}

/** Selling coins to withdrawers: the user's side (/client) and the withdrawer's (/merchant/withdraw). */
export const withdrawalHandlers = {
  async "/userWithdraw/getWithdrawer"(input, ctx) {
    requireUser(ctx);
    return { list: await withdrawerList(ctx.db, ctx.now, input.currency) };
  },

  async "/userWithdraw/getWithdrawerDetail"(input, ctx) {
    requireUser(ctx);
    const w = await findWithdrawer(ctx.db, input.id);
    if (!w) throw notFound("Withdrawer");
    // The payout the sell form shows is promised at this quote (ADR 0050).
    return { withdrawer: await withdrawerWithFigures(ctx.db, w, ctx.now), quote: issueQuote(ctx, `withdrawer:${w.id}`, Number(w.currency_rate)) };
  },

  async "/userWithdraw/applyWithdraw"(input, ctx) {
    return applyWithdraw(ctx, requireUser(ctx), input);
  },

  async "/userWithdraw/getWithdrawDetail"(input, ctx) {
    const w = await withdrawalOfOwner(ctx.db, requireUser(ctx).id, input.id);
    return { withdrawal: toWithdrawal(ctx.secrets, w), actions: withdrawalActions(w, "owner") };
  },

  async "/userWithdraw/getWithdrawList"(input, ctx) {
    const user = requireUser(ctx);
    return { list: await ownerWithdrawalPage(ctx, user.id, { start: input.start, end: input.end, lastId: input.lastId }) };
  },

  async "/userWithdraw/getPayPicture"(input, ctx) {
    const w = await withdrawalOfOwner(ctx.db, requireUser(ctx).id, input.id);
    return payPictureOf(ctx, w);
  },

  // ---------------------------------------------------------------- withdrawers

  async "/merchant/withdraw/list"(input, ctx) {
    const me = requireRole(ctx, "withdrawer");
    const rows = await withdrawerWithdrawalRows(ctx.db, me.id, { status: input.status, lastId: input.lastId, oldestFirst: input.oldestFirst });
    return { list: rows.map((r) => toDeskWithdrawal(ctx.secrets, r)) };
  },

  async "/merchant/withdraw/detail"(input, ctx) {
    const w = await withdrawalOfWithdrawer(ctx.db, requireRole(ctx, "withdrawer").id, input.id);
    return { withdrawal: toDeskWithdrawal(ctx.secrets, w), actions: withdrawalActions(w, "withdrawer") };
  },

  "/merchant/withdraw/process": deskCommand("withdrawer", (withdrawerId, input, ctx) => processWithdrawal(ctx.db, withdrawerId, input.id, ctx.now)),
  "/merchant/withdraw/complete": deskCommand("withdrawer", (withdrawerId, input, ctx) => completeWithdrawal(ctx.db, withdrawerId, input.id, input.payPicture, ctx.now)),
  "/merchant/withdraw/cancel": deskCommand("withdrawer", (withdrawerId, input, ctx) => cancelWithdrawal(ctx.db, withdrawerId, input.id, input.reason, ctx.now)),

  async "/merchant/withdraw/getPayPicture"(input, ctx) {
    const w = await withdrawalOfWithdrawer(ctx.db, requireRole(ctx, "withdrawer").id, input.id);
    return payPictureOf(ctx, w);
  },

  // ---------------------------------------------------------------- administrators

  async "/admin/withdraw/list"(input, ctx) {
    requireRole(ctx, "admin");
    return { list: await withdrawerWithdrawalPage(ctx, "all", { status: input.status, lastId: input.lastId }) };
  },

  "/admin/withdraw/cancel": deskCommand("admin", (adminId, input, ctx) => adminCancelWithdrawal(ctx.db, adminId, input.id, input.reason, ctx.now)),
} satisfies HandlerGroup<
  | "/userWithdraw/getWithdrawer"
  | "/userWithdraw/getWithdrawerDetail"
  | "/userWithdraw/applyWithdraw"
  | "/userWithdraw/getWithdrawDetail"
  | "/userWithdraw/getWithdrawList"
  | "/userWithdraw/getPayPicture"
  | "/merchant/withdraw/list"
  | "/merchant/withdraw/detail"
  | "/merchant/withdraw/process"
  | "/merchant/withdraw/complete"
  | "/merchant/withdraw/cancel"
  | "/merchant/withdraw/getPayPicture"
  | "/admin/withdraw/list"
  | "/admin/withdraw/cancel"
>;

/** The withdrawer's own offer (/merchant/withdrawer; ADR 0037). */
export const withdrawerSettingsHandlers = {
  async "/merchant/withdrawer/getSettings"(input, ctx) {
    return withdrawerSettings(ctx.db, requireRole(ctx, "withdrawer").id, input.id);
  },

  async "/merchant/withdrawer/updateSettings"(input, ctx) {
    const user = requireRole(ctx, "withdrawer");
    // What sellers are paid and how much it buys: a current two-factor code when it is on (ADR 0057).
    await requireSecondFactor(ctx, user, input.otp);
    await updateWithdrawerSettings(ctx.db, user.id, input, ctx.now);
    return null;
  },
} satisfies HandlerGroup<"/merchant/withdrawer/getSettings" | "/merchant/withdrawer/updateSettings">;
