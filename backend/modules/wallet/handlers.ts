import { requireUser } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { notFound } from "../../http/errors";
import { addBankAccount, bankAccountOf, bankAccountsOf, checkAccount, paymentTypes, removeBankAccount, updateBankAccount } from "./payments";
import { billPage, tradeStatistics } from "./queries";

/** The wallet's history and statistics, and the user's bank accounts. Every call touches only the caller's own rows. */
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
    const id = await addBankAccount(ctx, requireUser(ctx).id, input.paymentId, input.userPayment);
    return { id };
  },

  async "/userPayment/updatePayment"(input, ctx) {
    const { id, ...account } = input.userPayment;
    await updateBankAccount(ctx, requireUser(ctx).id, id, input.paymentId, account);
    return null;
  },

  async "/userPayment/removePayment"(input, ctx) {
    await removeBankAccount(ctx.db, requireUser(ctx).id, input.userPayment.id, ctx.now);
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
