/**
 * The several-cards sell form (/sellCard/{advertId}/several, ADR 0073): one row per card, each
 * its own order to the same offer in one submit. Plain field names, one set per row, so the form
 * posts the same way with and without JavaScript:
 *
 *   secret        hidden; the form's idempotency key (getAdvertDetail's)
 *   cards         hidden; how many rows the form shows ("Add a card" posts it plus one)
 *   face-N        the card face in currency units as typed, or one of the offer's fixed faces
 *   cardCode-N    e-codes of card N, one per line, exactly as typed (ADR 0014)
 *   cardImg-N     hidden; pictures of card N uploaded so far, paths joined with "|"
 *   files-N       the plain file input of card N (no JavaScript; the action uploads them)
 *   remark        optional, for every order of the submit
 *
 * N counts from 1, as the rows are labelled and as the backend names a card ("Card 3: ...").
 */
import { SELL_BATCH_MAX } from "../../../contract/sell-rules";

export { SELL_BATCH_MAX };
/** Rows a fresh form shows. */
export const FIRST_ROWS = 3;
export const ADD_CARD_INTENT = "add-card";
export const NO_CARDS = "Please fill in at least one card.";

export const rowField = (name: "face" | "cardCode" | "cardImg" | "files", n: number) => `${name}-${n}`;

/** What one row of the form holds (the typed text, the pictures uploaded for it). */
export interface CardRow {
  face: string;
  cardCode: string;
  cardImg: string[];
}

export const emptyRow = (): CardRow => ({ face: "", cardCode: "", cardImg: [] });

/** The number of rows a posted form asked for, within 1..SELL_BATCH_MAX. */
export function rowCount(value: unknown): number {
  const n = typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : FIRST_ROWS;
  return Math.min(SELL_BATCH_MAX, Math.max(1, n));
}

/** A row with nothing in it is not a card: the form may show more rows than she fills. */
export const isBlankRow = (r: CardRow) => r.face.trim() === "" && r.cardCode.trim() === "" && r.cardImg.length === 0;
