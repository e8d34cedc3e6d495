/**
 * Form schemas of two-factor sign-in (ADR 0057), the same in the browser and in the actions; the
 * fields are the contract's, so a code is read and refused alike on both sides.
 */
import { z } from "zod";
import { appCode, otpField, secondFactorCode } from "../../../contract/calls/two-factor";
import { loginPassword } from "../../../contract/fields";

/** The sign-in's second step: a code from the app, or a recovery code. */
export const signInCodeSchema = z.object({ code: secondFactorCode, redirectTo: z.string().optional() });
/** The setup's first code. */
export const setupCodeSchema = z.object({ code: appCode });
/** New recovery codes. */
export const renewCodesSchema = z.object({ otp: secondFactorCode });
/** Turning it off. */
export const turnOffSchema = z.object({ otp: secondFactorCode, loginPwd: loginPassword });
/** A protected change's code: its shape checked when typed; whether one is needed is the backend's to say. */
export const otpSchemaField = otpField;
