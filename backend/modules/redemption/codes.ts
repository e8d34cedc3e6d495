import { createHash, randomInt } from "node:crypto";
import { REDEMPTION_CODE_LENGTH } from "../../../contract/constants";
import { normalizeRedemptionCode } from "../../../contract/fields";

/** Letters and digits a person cannot mistake for another: no 0/O, 1/I/L, 2/Z, 5/S, 8/B. */
export const CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";

/** A new code: 10 characters from CODE_ALPHABET, from the system's secure random source. */
export function newRedemptionCode(): string {
  let code = "";
  for (let i = 0; i < REDEMPTION_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}


/** What the database keeps of a code: its SHA-256, so a copy of the database redeems nothing. */
export const hashRedemptionCode = (code: string) => createHash("sha256").update(normalizeRedemptionCode(code), "utf8").digest("hex");
