/**
 * Form schemas of the security tabs (docs/product/validation.md): one per form, used by conform in the browser and by
 * the tab's action. Fields come from contract/fields.ts, so the messages are the spec's.
 */
import { z } from "zod";
import { LoginType } from "../../../contract/enums";
import { MESSAGES, code, newPassword, oldPassword, redemptionCode, tradePassword } from "../../../contract/fields";
import { emailContact, mobileContact, passwordsMatch } from "./auth.schema";
import { CHOOSE_TARGET } from "./security";
import { otpSchemaField } from "./two-factor.schema";

/** The confirmation of the new password: required with the new password's message. */
const confirmNew = z.string({ required_error: MESSAGES.newPassword, invalid_type_error: MESSAGES.newPassword }).min(1, MESSAGES.newPassword);

/** Change the login password: the old one, the new one twice (the mismatch message of docs/product/validation.md); with two-factor on, a code (ADR 0057). */
export const loginPasswordSchema = z.intersection(z.object({ oldPassword, newPassword, confirmPwd: confirmNew, otp: otpSchemaField }), passwordsMatch("newPassword", "confirmPwd"));

const via = z.enum([LoginType.Email, LoginType.Mobile], { errorMap: () => ({ message: CHOOSE_TARGET }) });

/** "Send code" on the trade-password form: only where it goes is checked (the rest is sent back as typed). */
export const tradeCodeTargetSchema = z.object({ type: via }).passthrough();

const confirmTrade = z.string({ required_error: MESSAGES.tradePassword, invalid_type_error: MESSAGES.tradePassword }).min(1, MESSAGES.tradePassword);

/** Set or change the trade password (docs/product/validation.md): where the code went, the code, 6 digits twice. */
export const tradePasswordSchema = z.intersection(
  z.object({ type: via, code, tradePwd: tradePassword, confirmTradePwd: confirmTrade }),
  passwordsMatch("tradePwd", "confirmTradePwd"),
);

/** Bind (or change) the e-mail or the mobile (docs/product/validation.md): the new contact, the BIND code sent to it, the trade password. */
export const bindContactSchema = z.discriminatedUnion("type", [mobileContact.extend({ code, tradePwd: tradePassword }), emailContact.extend({ code, tradePwd: tradePassword })]);

/** Redeem a code (docs/product/validation.md: 'Please enter Redemption Code.' / 'Please enter a valid Redemption Code.'). */
export const redemptionSchema = z.object({ redemptionCode });
