import { requireUser } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { notFound } from "../../http/errors";
import { addBankAccount, bankAccountOf, bankAccountsOf, checkAccount, paymentTypes, removeBankAccount, updateBankAccount } from "./payments";
import { billPage, tradeStatistics } from "./queries";
import { requireSecondFactor } from "../two-factor/verify";

/**
 * The wallet's history and statistics, and the user's bank accounts. Every call touches only the
 * caller's own rows. Where payouts go changes only with a current two-factor code when it is on (ADR 0057).
 */
export const walletHandlers = {
  async "/userBill/getUserBillList"(input, ctx) {
    const user = requireUser(ctx);
    return { list: await billPage(ctx.db, user.id, { type: input.type, start: input.start, end: input.end, lastId: input.lastId }) };
  },

  async "/userBill/getTradeStatistics"(input, ctx) {
    return tradeStatistics(ctx.db, requireUser(ctx).id, input.zeroTimestamp);
  },

  async "/userPayment/getPaymentType"(_input, ctx) {
    requireUser(ctx);
    return { paymentType: await paymentTypes(ctx.db) };
  },

  async "/userPayment/getPaymentList"(_input, ctx) {
    return { paymentList: await bankAccountsOf(ctx, requireUser(ctx).id) };
  },

  async "/userPayment/resolveAccount"(input, ctx) {
    const user = requireUser(ctx);
    if (input.id !== undefined && !(await bankAccountOf(ctx, user.id, input.id))) throw notFound("Bank account");
    const { accountName } = await checkAccount(ctx, user.id, input, input.id);
    return { accountName, accountNumber: input.accountNumber };
  },

  async "/userPayment/addPayment"(input, ctx) {
    const user = requireUser(ctx);
    await requireSecondFactor(ctx, user, input.otp);
    const id = await addBankAccount(ctx, user.id, input.paymentId, input.userPayment);
    return { id };
  },

  async "/userPayment/updatePayment"(input, ctx) {
    const { id, ...account } = input.userPayment;
    const user = requireUser(ctx);
    if (!(await bankAccountOf(ctx, user.id, id))) throw notFound("Bank account");
    await requireSecondFactor(ctx, user, input.otp);
    await updateBankAccount(ctx, user.id, id, input.paymentId, account);
    return null;
  },

  async "/userPayment/removePayment"(input, ctx) {
    const user = requireUser(ctx);
    if (!(await bankAccountOf(ctx, user.id, input.userPayment.id))) throw notFound("Bank account");
    await requireSecondFactor(ctx, user, input.otp);
    await removeBankAccount(ctx.db, user.id, input.userPayment.id, ctx.now);
    return null;
  },
} satisfies HandlerGroup<
  | "/userBill/getUserBillList"
  | "/userBill/getTradeStatistics"
  | "/userPayment/getPaymentType"
  | "/userPayment/getPaymentList"
  | "/userPayment/resolveAccount"
  | "/userPayment/addPayment"
  | "/userPayment/updatePayment"
  | "/userPayment/removePayment"
>;
