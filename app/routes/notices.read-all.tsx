/**
 * "Mark all as read" from the notification bell: POST only. Calls
 * /notice/setAllRead and goes back to the page the form was on.
 */
import { redirect, type ActionFunctionArgs } from "~/services/kit/http.server";
import { MESSAGES } from "../../contract/messages";
import { redirectWithToast, requireApi } from "~/services/kit/api.server";
import { safeRedirect } from "~/session.server";
import { readForm } from "~/services/kit/form.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/noticeList");
  const api = await requireApi(request, context);
  const result = await api.call("/notice/setAllRead");
  return redirectWithToast(api.session, back, result.ok ? MESSAGES.success : result.msg, result.ok ? "success" : "error");
}

/** Nothing to show here: the notices live at /noticeList. */
export const loader = () => redirect("/noticeList");
