/**
 * Server side of the sign-in, registration and password-reset screens: the
 * shared loader pieces (country list, code cooldown), the form's reply, the
 * "Send code" branch of the actions, the loader and action shared by the code
 * forms (registration, password reset), and the registration loader/action
 * (used by both /register and /register/{inviteCode}).
 */
import { combineHeaders, json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "~/services/kit/http.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { VerificationCodeType } from "../../../contract/enums";
import { apiFor, type Api, type ApiResult } from "../kit/caller.server";
import {
  DEFAULT_INTER_CODE,
  HIDDEN_FIELDS,
  LoginType,
  SEND_CODE_INTENT,
  SUBMIT_INTENT,
} from "./auth";
import { contactForApi, contactSchema, registerSchema, type Contact } from "./auth.schema";
import { codeCooldownLeft, sendVerificationCode } from "./send-code.server";
import { readForm } from "~/services/kit/form.server";
import { deviceHeaders, redirectWithToast, sessionHeaders } from "~/services/kit/api.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { rememberSignIn, SIGN_IN_CODE_PATH, type PendingSignIn } from "../identity/sign-in-challenge.server";

export const SUCCESS = "Success";

/** Countries for the calling-code select (Nigeria alone when the call fails). */
export async function loadCountries(api: Api): Promise<Array<{ nameEn: string; interCode: string }>> {
  const result = await api.call("/country/getCountryList");
  const list = result.ok ? result.data.list.map((c) => ({ nameEn: c.nameEn, interCode: c.interCode })) : [];
  return list.length ? list : [{ nameEn: "Nigeria", interCode: DEFAULT_INTER_CODE }];
}

/**
 * A sign-in that passed (the password, and the code with two-factor on): the token and a profile
 * snapshot into the session, the arrival channel remarked, a 'Success' toast. The profile call's
 * message when it fails (nothing is kept then).
 */
export async function startSession(api: Api, token: string): Promise<string | null> {
  const [info, desks] = await Promise.all([api.call("/userInfo/getProfileInfo", undefined, { token }), api.call("/userInfo/getDesks", undefined, { token })]);
  if (!info.ok) return info.msg;
  const { id, nickname, avatar, isBusiness, level } = info.data.profile;
  api.session.set("token", token);
  api.session.set("profile", { id, nickname, avatar, isBusiness, level, desks: desks.ok ? desks.data : undefined });
  api.noteUser(id);
  const channel = api.session.get("channel");
  if (channel) await api.call("/userRemark/addUserRemark", { remark: channel }, { token });
  return null;
}

/** Once startSession has written the session: to `to` with the "Success" toast, the device cookie and any `extra` headers. */
export const signedInRedirect = (api: Api, to: string, extra?: HeadersInit) =>
  redirectWithToast(api.session, to, SUCCESS, "success", combineHeaders(deviceHeaders(api), extra));

/**
 * The password was right and the account has two-factor on (ADR 0057): the challenge waits in its
 * own cookie and the browser goes to the code step. The session is not written: no token yet.
 */
export async function askForCode(api: Api, pending: PendingSignIn): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await rememberSignIn(pending));
  if (api.deviceCookie) headers.append("Set-Cookie", api.deviceCookie);
  return redirect(SIGN_IN_CODE_PATH, { headers });
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
    return json({ result: formReply(submission), sendCode: null });
  }
  const sendCode = await sendVerificationCode(api, purpose, contactForApi(submission.value));
  return json(
    { result: formReply(submission), sendCode },
    { headers: sendCode.ok ? await sessionHeaders(api) : undefined },
  );
}

/**
 * What an action answers for the form: its values back without the passwords
 * (HIDDEN_FIELDS) and, when given, the server's message as the form's error.
 */
export function formReply(
  submission: { reply(options: { formErrors?: string[]; hideFields?: string[] }): SubmissionResult<string[]> },
  message?: string,
): SubmissionResult<string[]> {
  return submission.reply(message === undefined ? { hideFields: HIDDEN_FIELDS } : { formErrors: [message], hideFields: HIDDEN_FIELDS });
}

// ---------------------------------------------------------------- code forms (register, forgot)

/** Loader data of a screen with a "Send code" button: the countries and the seconds before another `purpose` code. */
export async function codeFormLoaderData({ request, context }: LoaderFunctionArgs, purpose: VerificationCodeType) {
  const api = await apiFor(request, context);
  redirectSignedIn(api);
  return {
    countries: await loadCountries(api),
    cooldown: codeCooldownLeft(api.session, purpose),
  };
}

/**
 * The action of a screen with a "Send code" button whose form ends at /login
 * (registration, password reset): the "Send code" post sends a `purpose` code;
 * the form post is checked with `schema`, then `submit` makes the API call.
 * Success: a 'Success' toast and /login (?tab=mobile after a mobile form);
 * a refusal: the server's message as the form's error.
 */
export async function codeFormAction<Schema extends z.ZodType<Contact, z.ZodTypeDef, unknown>>(
  { request, context }: ActionFunctionArgs,
  purpose: VerificationCodeType,
  schema: Schema,
  submit: (api: Api, value: z.output<Schema>) => Promise<ApiResult<unknown>>,
) {
  const formData = await readForm(request);
  const api = await apiFor(request, context);
  return dispatchIntent(formData, {
    [SEND_CODE_INTENT]: () => sendCodeAction(api, formData, purpose),
    [SUBMIT_INTENT]: async () => {
      const submission = parseWithZod(formData, { schema });
      if (submission.status !== "success") return json({ result: formReply(submission), sendCode: null });
      const v = submission.value;
      const result = await submit(api, v);
      if (!result.ok) return json({ result: formReply(submission, result.msg), sendCode: null });
      return redirectWithToast(api.session, v.type === LoginType.Mobile ? "/login?tab=mobile" : "/login", SUCCESS, "success", deviceHeaders(api));
    },
  });
}

// ---------------------------------------------------------------- register

export async function registerLoader(args: LoaderFunctionArgs) {
  return json({
    ...(await codeFormLoaderData(args, VerificationCodeType.Register)),
    inviteCode: args.params.inviteCode ?? null,
  });
}

/** docs/product/statuses.md: registration leads to /login. */
export async function registerAction(args: ActionFunctionArgs) {
  return codeFormAction(args, VerificationCodeType.Register, registerSchema, (api, v) =>
    api.call("/userAuth/register", {
      ...contactForApi(v),
      code: v.code,
      nickname: v.nickname,
      loginPwd: v.loginPwd,
      inviteCode: v.inviteCode,
    }),
  );
}

export type RegisterLoader = typeof registerLoader;
export type RegisterAction = typeof registerAction;
