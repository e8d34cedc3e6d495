/**
 * "Mark all as read" from the notification bell: POST only. Calls
 * /notice/setAllRead and goes back to the page the form was on.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { apiFor, loginRedirect } from "~/services/api.server";
import { Code } from "../../contract/envelope";
import { commitSession, flashToast, safeRedirect } from "~/session.server";
import { readForm } from "~/services/kit/form.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/noticeList");
  const api = await apiFor(request, context);
  if (!api.signedIn) return loginRedirect(request);
  const result = await api.call("/notice/setAllRead");
  if (!result.ok && result.code === Code.NOT_LOGGED_IN) return loginRedirect(request);
  flashToast(api.session, result.ok ? "Success" : result.msg, result.ok ? "success" : "error");
  return redirect(back, { headers: { "Set-Cookie": await commitSession(api.session) } });
}

/** Nothing to show here: the notices live at /noticeList. */
export const loader = () => redirect("/noticeList");
