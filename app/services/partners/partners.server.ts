/**
 * The action behind the partner buttons of /userInfo/{id} and /partnerList: one call, then back
 * to the page with 'Success' or the backend's refusal as a toast. Guests go to login and back.
 */
import type { AppLoadContext } from "~/services/kit/http.server";
import { MESSAGES } from "../../../contract/messages";
import { redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { PARTNER_CALLS, type PartnerIntent } from "~/services/forms/partners";
import { dispatchIntent, REQUEST_ERROR } from "~/services/kit/intents.server";
import { partnerSchema } from "~/services/forms/partners.schema";

export async function partnerAction(request: Request, context: AppLoadContext, back: string): Promise<Response> {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  const relate = async (intent: PartnerIntent) => {
    const parsed = partnerSchema.safeParse({ intent, toUser: form.get("toUser") });
    if (!parsed.success) return redirectWithToast(api.session, back, REQUEST_ERROR, "error");
    const r = await api.call(PARTNER_CALLS[intent], { toUser: parsed.data.toUser });
    return r.ok ? redirectWithToast(api.session, back, MESSAGES.success) : redirectWithToast(api.session, back, r.msg, "error");
  };
  return dispatchIntent(form, { trust: () => relate("trust"), block: () => relate("block"), cancel: () => relate("cancel") } satisfies Record<PartnerIntent, unknown>);
}
