/**
 * An offer's fixed faces, apart from the sell rules so that pages that only show offers (home's
 * tiles, the offer lists) do not carry the rules' messages and enums in their first load.
 */

/** Fixed faces (hundredths) of an offer's pipe-separated fixTrade. */
export function fixedFaces(fixTrade: string | null | undefined): number[] {
  return (fixTrade ?? "")
    .split("|")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
