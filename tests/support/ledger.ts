import { expect } from "vitest";
import type { DB } from "../../backend/db/index";
import { checkBooks } from "../../backend/modules/wallet/checks";

/**
 * What `npm run ledger:check` checks, as a test assertion: every balance part of every account
 * equals the sum of its ledger, and every frozen balance equals the order escrow plus the open
 * withdrawals it holds, every account's points equal the sum of its wealth records, and every
 * user's kept order figures equal its orders'. Call it after every scenario.
 */
export async function expectLedgerBalanced(db: DB) {
  const books = await checkBooks(db);
  expect({ ledger: books.ledger, frozen: books.frozen, wealth: books.wealth, orderStats: books.orderStats }).toEqual({
    ledger: [],
    frozen: [],
    wealth: [],
    orderStats: [],
  });
}
