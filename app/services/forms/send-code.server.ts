/**
 * Sending verification codes from a form's action ("Send code" button), for
 * every purpose (REGISTER, FORGET, BIND, TRADE_PWD). The last send time is kept
 * in the session by purpose, so the server refuses a second send within 60 s
 * (docs/product/statuses.md, docs/product/constants.md) with a clear message, and the page can show the time left
 * also without JavaScript.
 */
import { CODE_RESEND_SECONDS } from "../../../contract/constants";
import { LoginType, type VerificationCodeType } from "../../../contract/enums";
import type { Api } from "../kit/caller.server";
import type { AppSession } from "../../session.server";
import { CODE_SENT, waitMessage, type SendCodeOutcome } from "./send-code";

export { CODE_SENT, waitMessage, type SendCodeOutcome };

/** Seconds left before another code of this purpose may be sent from this browser. */
export function codeCooldownLeft(session: AppSession, purpose: VerificationCodeType, now = Date.now()): number {
  const at = session.get("codeSentAt")?.[purpose];
  if (!at) return 0;
  const left = Math.ceil((at + CODE_RESEND_SECONDS * 1000 - now) / 1000);
  return left > 0 ? Math.min(left, CODE_RESEND_SECONDS) : 0;
}

/**
 * Sends a code to the e-mail or phone ("interCode-number") unless one was sent
 * less than 60 s ago. On success the send time goes into `api.session`: commit
 * it (Set-Cookie) with the response.
 */
export async function sendVerificationCode(
  api: Api,
  purpose: VerificationCodeType,
  /** A typed contact, or `{ bound }`: the signed-in user's own bound e-mail or mobile (TRADE_PWD). */
  to: { email?: string; phone?: string; bound?: LoginType },
): Promise<SendCodeOutcome> {
  const left = codeCooldownLeft(api.session, purpose);
  if (left > 0) return { ok: false, message: waitMessage(left), retryAfter: left };
  const result = to.phone || to.bound === LoginType.Mobile
    ? await api.call("/userAuth/sendCodeByPhone", { phone: to.phone, type: purpose })
    : await api.call("/userAuth/sendCodeByEmail", { email: to.email, type: purpose });
  if (!result.ok) return { ok: false, message: result.msg, retryAfter: 0 };
  api.session.set("codeSentAt", { ...(api.session.get("codeSentAt") ?? {}), [purpose]: Date.now() });
  return { ok: true, message: CODE_SENT, retryAfter: CODE_RESEND_SECONDS };
}
