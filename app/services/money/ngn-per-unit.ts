/**
 * The naira a card-type tile shows for one unit of face, apart from ./offers.ts: /home's first
 * load carries only this (a module goes whole into its chunk), not every offer formatter.
 */
import { ngnPerFaceUnit } from "../../../contract/money-shown";
import { formatNgnHundredths } from "./format";

export function toBig(v: number | string | null | undefined): bigint {
  const n = typeof v === "string" ? Number(v) : v;
  return n === null || n === undefined || !Number.isFinite(n) ? 0n : BigInt(Math.round(n));
}

/** NGN for one unit of the card's currency (contract/money.ts ngnPerFaceUnit): ngnPerUnit(8500, 54673) → "₦464.72". */
export function ngnPerUnit(discountPer10000: number, ngnRateHundredths: number): string {
  return formatNgnHundredths(ngnPerFaceUnit(toBig(discountPer10000), toBig(ngnRateHundredths)));
}
