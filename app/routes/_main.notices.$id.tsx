/**
 * GET /notices/{id}?type=&refId=: opens a notice (docs/product/statuses.md): marks it read (/notice/setRead) and
 * goes to its order or withdrawal. A plain link, so /noticeList and the bell open notices
 * without JavaScript too. Marking one's own notice read is the only change this GET makes: it
 * is idempotent and tells nobody anything (docs/decisions/0016-notices.md).
 */
import { redirect, type LoaderFunctionArgs } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { targetFromQuery } from "~/services/notices/index";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

const NOT_FOUND = "Notice not found.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.id, NOT_FOUND);
  const api = await requireApi(request, context);
  const result = await api.call("/notice/setRead", { id });
  if (!result.ok) throw notFoundResponse(result.msg || NOT_FOUND);
  // With JavaScript the router loads the target's own data only: the header asks it to load the
  // layout's again, so the page it lands on counts this read (the bell, the Message badge; ADR 0059).
  return redirect(targetFromQuery(new URL(request.url).searchParams) ?? "/noticeList", { headers: { "X-Remix-Revalidate": "yes" } });
}

/** Never drawn: the loader always redirects or fails (the boundary below then says why). */
export default function NoticeOpen() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
