/** The bank-account form's schema (docs/product/entities.md#user-payment, docs/product/validation.md, ADR 0053), messages verbatim. */
import { z } from "zod";
import { BANK_NOTE_MAX } from "../../../contract/constants";
import { ACCOUNT_NUMBER_INVALID, accountNumberProblem, normalizeAccountNumber } from "../../../contract/bank-accounts";
import type { PaymentType } from "../../../contract/entities";
import { MESSAGES } from "../../../contract/fields";
import { ACCOUNT_NUMBER_MAX, ACCOUNT_NUMBER_REQUIRED, NOTE_TOO_LONG, REAL_NAME_MAX } from "./wallet";

/** Required text: conform turns "" into undefined, so the missing case carries the message too. */
const text = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

/** The form for the banks offered (their codes check the number before anything is looked up). */
export function bankAccountSchema(banks: readonly PaymentType[]) {
  return z
    .object({
      /** Set when editing. */
      id: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().positive().optional()),
      paymentId: z.preprocess(
        (v) => (v === "" || v === null || v === undefined ? undefined : v),
        z.coerce.number({ required_error: MESSAGES.bank, invalid_type_error: MESSAGES.bank }).int(MESSAGES.bank).positive(MESSAGES.bank),
      ),
      realname: text(MESSAGES.realName).pipe(z.string().max(REAL_NAME_MAX, `The Real Name has at most ${REAL_NAME_MAX} characters.`)),
      // The shape here, so it shows even while another field is missing; the bank's check digit below.
      accountNumber: text(ACCOUNT_NUMBER_REQUIRED)
        .pipe(z.string().max(ACCOUNT_NUMBER_MAX, ACCOUNT_NUMBER_INVALID))
        .transform(normalizeAccountNumber)
        .refine((n) => /^\d{10}$/.test(n), ACCOUNT_NUMBER_INVALID),
      remark: z
        .string()
        .trim()
        .max(BANK_NOTE_MAX, NOTE_TOO_LONG)
        .optional()
        .transform((v) => (v ? v : undefined)),
    })
    .superRefine((v, ctx) => {
      const bank = banks.find((b) => b.id === v.paymentId);
      // A bank the page does not list is the action's to refuse (with the backend's message).
      const problem = bank ? accountNumberProblem(bank, v.accountNumber) : null;
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["accountNumber"], message: problem });
    });
}
export type BankAccountForm = z.output<ReturnType<typeof bankAccountSchema>>;
