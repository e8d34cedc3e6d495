/**
 * What the security tabs (docs/product/validation.md) render: field lists and texts. Their zod schemas are in
 * ./security.schema.ts, fetched by the browser when a form is first used.
 */

/** Never echoed back into the page after a post. */
export const PASSWORD_FIELDS = ["oldPassword", "newPassword", "confirmPwd"];

/** Where a TRADE_PWD code goes: the user's bound e-mail or bound mobile. */
export const CHOOSE_TARGET = "Choose where to send the code.";

export const TRADE_PASSWORD_FIELDS = ["tradePwd", "confirmTradePwd"];
