/** The bank-account form's schema (spec §3 User payment, §5), messages verbatim. */
import { z } from "zod";
import { BANK_NOTE_MAX } from "../../../contract/constants";
import { MESSAGES } from "../../../contract/fields";
import { ACCOUNT_NUMBER_MAX, ACCOUNT_NUMBER_REQUIRED, NOTE_TOO_LONG, REAL_NAME_MAX } from "./wallet";

/** Required text: conform turns "" into undefined, so the missing case carries the message too. */
const text = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

export const bankAccountSchema = z.object({
  /** Set when editing. */
  id: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().positive().optional()),
  paymentId: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : v),
    z.coerce.number({ required_error: MESSAGES.bank, invalid_type_error: MESSAGES.bank }).int(MESSAGES.bank).positive(MESSAGES.bank),
  ),
  realname: text(MESSAGES.realName).pipe(z.string().max(REAL_NAME_MAX, `The Real Name has at most ${REAL_NAME_MAX} characters.`)),
  accountNumber: text(ACCOUNT_NUMBER_REQUIRED).pipe(z.string().max(ACCOUNT_NUMBER_MAX, `The Account Number has at most ${ACCOUNT_NUMBER_MAX} characters.`)),
  remark: z
    .string()
    .trim()
    .max(BANK_NOTE_MAX, NOTE_TOO_LONG)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type BankAccountForm = z.output<typeof bankAccountSchema>;
