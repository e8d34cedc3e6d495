/**
 * Server side of the sign-in, registration and password-reset screens: the
 * shared loader pieces (country list, code cooldown), the "Send code" branch of
 * the actions, and the registration loader/action (used by both /register and
 * /register/{inviteCode}).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { VerificationCodeType } from "../../../contract/enums";
import { joinPhone } from "../../../contract/fields";
import { commitSession, flashToast } from "../../session.server";
import { apiFor, type Api } from "../api.server";
import {
  DEFAULT_INTER_CODE,
  HIDDEN_FIELDS,
  LoginType,
  SEND_CODE_INTENT,
  contactForApi,
  contactSchema,
  registerSchema,
} from "./auth";
import { codeCooldownLeft, sendVerificationCode } from "./send-code.server";

export const SUCCESS = "Success";

/** Countries for the calling-code select (Nigeria alone when the call fails). */
export async function loadCountries(api: Api): Promise<Array<{ nameEn: string; interCode: string }>> {
  const result = await api.call("/country/getCountryList");
  const list = result.ok ? result.data.list.map((c) => ({ nameEn: c.nameEn, interCode: c.interCode })) : [];
  return list.length ? list : [{ nameEn: "Nigeria", interCode: DEFAULT_INTER_CODE }];
}

/** Headers that carry the session (and a new device id) to the browser. */
export async function sessionHeaders(api: Api): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(api.session));
  if (api.deviceCookie) headers.append("Set-Cookie", api.deviceCookie);
  return headers;
}

/** Signed-in visitors have nothing to do on the auth screens. */
export function redirectSignedIn(api: Api) {
  if (api.signedIn) throw redirect("/home");
}

/**
 * The "Send code" branch of an action: validates only the contact, sends the
 * code (60 s per purpose and browser) and answers the form's values back with
 * the outcome, so the page (no JavaScript) or the fetcher shows "Code sent".
 */
export async function sendCodeAction(api: Api, formData: FormData, purpose: VerificationCodeType) {
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), sendCode: null });
  }
  const sendCode = await sendVerificationCode(api, purpose, contactForApi(submission.value));
  return json(
    { result: submission.reply({ hideFields: HIDDEN_FIELDS }), sendCode },
    { headers: sendCode.ok ? await sessionHeaders(api) : undefined },
  );
}

// ---------------------------------------------------------------- register

export async function registerLoader({ request, context, params }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  redirectSignedIn(api);
  return json({
    countries: await loadCountries(api),
    cooldown: codeCooldownLeft(api.session, VerificationCodeType.Register),
    inviteCode: params.inviteCode ?? null,
  });
}

export async function registerAction({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const api = await apiFor(request, context);
  if (formData.get("intent") === SEND_CODE_INTENT) return sendCodeAction(api, formData, VerificationCodeType.Register);

  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), sendCode: null });
  }
  const v = submission.value;
  const result = await api.call("/userAuth/register", {
    ...(v.type === LoginType.Mobile ? { phone: joinPhone(v.interCode, v.mobile) } : { email: v.email }),
    code: v.code,
    nickname: v.nickname,
    loginPwd: v.loginPwd,
    inviteCode: v.inviteCode,
  });
  if (!result.ok) {
    return json({ result: submission.reply({ formErrors: [result.msg], hideFields: HIDDEN_FIELDS }), sendCode: null });
  }
  // Spec §4: registration leads to /login.
  flashToast(api.session, SUCCESS);
  return redirect(v.type === LoginType.Mobile ? "/login?tab=mobile" : "/login", { headers: await sessionHeaders(api) });
}

export type RegisterLoader = typeof registerLoader;
export type RegisterAction = typeof registerAction;
