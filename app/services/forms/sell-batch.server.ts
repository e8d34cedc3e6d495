/**
 * The several-cards form's action (ADR 0073): reads the rows, uploads the pictures posted without
 * JavaScript, sends the filled rows to /order/addOrders with the quote the page showed, and puts a
 * refusal about one card beside that card's row (renumbered as the rows are, blank rows skipped).
 */
import { joinCardCodes, splitCardCodes } from "../../../contract/card-codes";
import { coinsForFace } from "../../../contract/money";
import { cardMessage, cardOfMessage } from "../../../contract/sell-rules";
import type { Api } from "~/services/kit/caller.server";
import { intentOf } from "~/services/kit/intent";
import { hasTooManyDecimals, minorFromInput, TWO_DECIMALS } from "~/services/money/format";
import { postedFiles, uploadCardFiles } from "~/services/orders/card-uploads.server";
import { askAgainOf, quoteFromForm, shown, type AskAgain } from "./quote.server";
import { imagePaths } from "./sell";
import { ADD_CARD_INTENT, NO_CARDS, SELL_BATCH_MAX, isBlankRow, rowCount, rowField, type CardRow } from "./sell-batch";

/** What the page shows again after a post: the rows as typed, the errors by row (1-based), the form's error. */
export interface SeveralCardsReply {
  rows: CardRow[];
  secret: string | null;
  remark: string;
  rowErrors: Record<number, string>;
  formError: string | null;
  askAgain: AskAgain | null;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The answer to a post: the page again (a reply), or the new batch's id. */
export async function sellSeveralCards(api: Api, advertId: number, form: FormData): Promise<SeveralCardsReply | { batchId: number }> {
  const secret = text(form, "secret").trim();
  const remark = text(form, "remark").trim();
  const count = rowCount(form.get("cards"));
  const rows: CardRow[] = Array.from({ length: count }, (_, i) => ({
    face: text(form, rowField("face", i + 1)),
    cardCode: text(form, rowField("cardCode", i + 1)),
    cardImg: imagePaths(text(form, rowField("cardImg", i + 1))),
  }));
  const reply = (r: Partial<SeveralCardsReply> = {}): SeveralCardsReply => ({ rows, secret: secret || null, remark, rowErrors: {}, formError: null, askAgain: null, ...r });

  if (intentOf(form) === ADD_CARD_INTENT) return reply({ rows: count < SELL_BATCH_MAX ? [...rows, { face: "", cardCode: "", cardImg: [] }] : rows });

  // No JavaScript: each row's files came with the form; upload them under the form's secret.
  for (const [i, row] of rows.entries()) {
    const files = postedFiles(form, rowField("files", i + 1));
    const problem = secret ? await uploadCardFiles(api, secret, files, row.cardImg) : null;
    if (problem) return reply({ rowErrors: { [i + 1]: cardMessage(i + 1, problem) } });
  }
  const filled = rows.flatMap((row, i) => (isBlankRow(row) ? [] : [{ row, n: i + 1 }]));
  if (filled.length === 0) return reply({ formError: NO_CARDS });
  const decimals = filled.find(({ row }) => hasTooManyDecimals(row.face));
  if (decimals) return reply({ rowErrors: { [decimals.n]: cardMessage(decimals.n, TWO_DECIMALS) } });

  const items = filled.map(({ row }) => {
    const codes = splitCardCodes(row.cardCode);
    return {
      tradeAmount: minorFromInput(row.face) ?? 0,
      cardCode: codes.length > 0 ? joinCardCodes(codes) : undefined,
      cardImg: row.cardImg.length > 0 ? row.cardImg.join("|") : undefined,
    };
  });
  const result = await api.call("/order/addOrders", {
    advertId,
    secret,
    remark: remark || undefined,
    items,
    quote: shown(quoteFromForm(form), (rate) => items.reduce((sum, item) => sum + coinsForFace(item.tradeAmount, rate), 0)),
  });
  if (result.ok) return { batchId: result.data.id };
  const askAgain = askAgainOf(result);
  if (askAgain) return reply({ formError: askAgain.message, askAgain });
  // "Card 2: ..." counts the cards sent; the page names the row it is on.
  const about = cardOfMessage(result.msg);
  const on = about ? filled[about.card - 1] : undefined;
  return on && about ? reply({ rowErrors: { [on.n]: cardMessage(on.n, about.message) } }) : reply({ formError: result.msg });
}
