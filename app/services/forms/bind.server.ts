/**
 * The server side of /security/bindMobile and /security/bindEmail (one for both): the loader says
 * what is bound now and whether a trade password is asked; the action sends the BIND code to the
 * typed contact ("Send code") or binds it (/userAuth/bindMobile, /userAuth/bindEmail).
 */
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { joinPhone } from "../../../contract/fields";
import { LoginType, VerificationCodeType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/messages";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { maskEmail, maskPhone } from "~/services/layout/contacts";
import { SEND_CODE_INTENT, SUBMIT_INTENT } from "./auth";
import { formReply, loadCountries, sendCodeAction } from "./auth.server";
import { codeCooldownLeft } from "./send-code.server";
import { bindContactSchema } from "./security.schema";

const path = (type: LoginType) => (type === LoginType.Mobile ? "/security/bindMobile" : "/security/bindEmail");

export async function bindLoader({ request, context }: LoaderFunctionArgs, type: LoginType) {
  const api = await requireApi(request, context, "prompt");
  const { profile, account } = must(await api.call("/userInfo/getProfileInfo"));
  const bound = type === LoginType.Mobile ? account.mobile : account.email;
  return json(
    {
      type,
      current: bound ? (type === LoginType.Mobile ? maskPhone(bound) : maskEmail(bound)) : null,
      hasTradePwd: profile.tradepwdFlag === 1,
      countries: type === LoginType.Mobile ? await loadCountries(api) : [],
      cooldown: codeCooldownLeft(api.session, VerificationCodeType.Bind),
    },
    { headers: NO_STORE },
  );
}

export async function bindAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  return dispatchIntent(form, {
    [SEND_CODE_INTENT]: () => sendCodeAction(api, form, VerificationCodeType.Bind),
    [SUBMIT_INTENT]: async () => {
      const submission = parseWithZod(form, { schema: bindContactSchema });
      if (submission.status !== "success") return json({ result: formReply(submission), sendCode: null });
      const v = submission.value;
      const r =
        v.type === LoginType.Mobile
          ? await api.call("/userAuth/bindMobile", { phone: joinPhone(v.interCode, v.mobile), code: v.code, tradePwd: v.tradePwd })
          : await api.call("/userAuth/bindEmail", { email: v.email, code: v.code, tradePwd: v.tradePwd });
      if (!r.ok) return json({ result: formReply(submission, r.msg), sendCode: null });
      return redirectWithToast(api.session, path(v.type), MESSAGES.success);
    },
  });
}

export type BindLoader = typeof bindLoader;
export type BindAction = typeof bindAction;
