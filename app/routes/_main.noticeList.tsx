/**
 * /noticeList: every notice of the user (docs/product/screens.md, docs/product/statuses.md), newest first, paged by lastId and ending in
 * 'no more'. Unread ones are marked; opening one (/notices/{id}) marks it read and goes to its
 * order or withdrawal; Mark all as read posts to /notices/read-all and comes back here. Signed-out
 * visitors get Go To Login?. Islands-only (ADR 0067): the touches script shows Mark all as read
 * pending and appends the next pages.
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { Notice } from "../../contract/entities";
import { NoticeStatus } from "../../contract/enums";
import { feedPage } from "~/services/kit/feed";
import { requireApi } from "~/services/kit/api.server";
import { posIntParam } from "~/components/wallet/dates";
import { noticeOpenHref } from "~/services/notices/index";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { Button, EmptyState } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { NoticeSummary } from "~/components/notices/NoticeSummary";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only (ADR 0067): links, one posting form and a paged list. */
export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "Notifications | GiftMarket" }];

const LOAD_ERROR = "Failed to load notifications";
const READ_ALL = "/notices/read-all";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const lastId = posIntParam(new URL(request.url).searchParams.get("lastId"));
  const result = await api.call("/notice/getNoticeList", { lastId: lastId ?? undefined });
  const page = feedPage(result, (after) => `?lastId=${after}`, LOAD_ERROR);
  return json({ lastId, ...page }, { headers: NO_STORE });
}

export default function NoticeListPage() {
  const data = useLoaderData<typeof loader>();
  const { counts } = useMainLayoutData();
  const navigation = useNavigation();
  const page: FeedPage<Notice> = { items: data.items as Notice[], nextQuery: data.nextQuery, error: data.error };
  const marking = navigation.state === "submitting" && navigation.formAction === READ_ALL;
  const unread = counts?.unread ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Notifications</h1>
          <p className="text-sm text-gray-600" data-testid="unread-count">
            {unread > 0 ? `${unread} unread` : "All read"}
          </p>
        </div>
        <Form method="post" action={READ_ALL}>
          <input type="hidden" name="redirectTo" value="/noticeList" />
          <Button type="submit" variant="secondary" size="sm" busy={marking} disabled={unread === 0}>
            Mark all as read
          </Button>
        </Form>
      </div>
      {data.lastId ? (
        <p className="text-sm">
          <Link to="/noticeList" className="font-medium text-brand-700 underline underline-offset-2">
            Back to the newest notifications
          </Link>
        </p>
      ) : null}
      <InfiniteFeed
        key={data.lastId ?? 0}
        page={page}
        path="/noticeList"
        getKey={(n) => n.id}
        renderItem={(n) => <NoticeLink notice={n} />}
        errorText={LOAD_ERROR}
        label="Notifications"
        testId="notice-list"
        empty={
          <EmptyState
            className="rounded-xl bg-white"
            title={data.lastId ? "No more notifications here" : "No notifications yet"}
            description="News about your orders, withdrawals and identity verification shows up here."
          />
        }
      />
    </div>
  );
}

function NoticeLink({ notice: n }: { notice: Notice }) {
  return (
    <Link
      to={noticeOpenHref(n)}
      className="flex gap-3 rounded-xl bg-white p-3 no-underline shadow-sm ring-1 ring-gray-200 transition hover:ring-brand-400 sm:p-4"
      data-testid="notice-item"
      data-notice-id={n.id}
      data-unread={n.status === NoticeStatus.Unread ? "1" : "0"}
    >
      <NoticeSummary notice={n} clamp={false} />
    </Link>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary heading={<h1 className="text-xl font-bold text-gray-900 md:text-2xl">Notifications</h1>} />;
}
