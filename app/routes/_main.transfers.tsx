/**
 * /transfers: her BTC/USDT transfer orders (docs/product/screens.md, docs/product/transfers.md, ADR 0068).
 *
 * - Tabs All, Pending, Confirmed, Rejected (links, ?status=pending|confirmed|rejected, replacing the entry).
 * - Each row: what she sent, the coins it pays, the status and the date in her time zone; it opens
 *   (<details>) to the price it was made at, the times, the hash and the sending address. A
 *   rejected one says the staff's reason in the row.
 * - An infinite list ending in '- no more -' ('Failed to load transfers' when a page fails); empty:
 *   a link to /sellVirtualCoin. Signed-out visitors go to /login and come back.
 * - Islands-only (ADR 0067): the touches script appends the next pages and makes the tabs replace.
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useLoaderData } from "@remix-run/react";
import type { MyVirtualCoinOrder } from "../../contract/calls/virtual-coin";
import { VirtualCoinOrderStatus } from "../../contract/enums";
import { feedPage } from "~/services/kit/feed";
import { cx } from "~/components/ui/cx";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { useSamePathLoading } from "~/components/layout/use-same-path-loading";
import { ButtonLink, EmptyState, Tabs } from "~/components/ui";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { posIntParam, toQuery } from "~/components/wallet/dates";
import { TransferItem } from "~/components/transfers/TransferItem";
import type { IslandsHandle } from "~/services/layout/islands";
import { requireApi } from "~/services/kit/api.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { BackLink } from "~/components/ui/BackLink";

/** Islands-only (ADR 0067): link tabs and a paged list, both the touches script's. */
export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "My Transfers | GiftMarket" }];

const LOAD_ERROR = "Failed to load transfers";
const S = VirtualCoinOrderStatus;
/** The tabs by their address words ("" is All). */
const TABS = [
  { key: "", label: "All", status: undefined, empty: "No transfers yet" },
  { key: "pending", label: "Pending", status: S.Pending, empty: "No pending transfers" },
  { key: "confirmed", label: "Confirmed", status: S.Confirmed, empty: "No confirmed transfers" },
  { key: "rejected", label: "Rejected", status: S.Rejected, empty: "No rejected transfers" },
] as const;
type Tab = (typeof TABS)[number];
const tabOf = (v: string | null): Tab => TABS.find((t) => t.key && t.key === v) ?? TABS[0];
const query = (tab: Tab, lastId?: number | null) => toQuery({ status: tab.key, lastId });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("status"));
  const lastId = posIntParam(url.searchParams.get("lastId"));
  const result = await api.call("/virtualCoinOrder/getMyOrders", { lastId: lastId ?? undefined, status: tab.status });
  const page = feedPage(result, (after) => query(tab, after), LOAD_ERROR);
  return json({ tabKey: tab.key, lastId, ...page }, { headers: NO_STORE });
}

export default function TransfersPage() {
  const data = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  const loading = useSamePathLoading();
  const tab = tabOf(data.tabKey);
  const page: FeedPage<MyVirtualCoinOrder> = { items: data.items as MyVirtualCoinOrder[], nextQuery: data.nextQuery, error: data.error };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink to="/account">Wallet</BackLink>
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-gray-900 md:text-2xl">My Transfers</h1>
        <ButtonLink to="/sellVirtualCoin" size="sm">
          Sell BTC or USDT
        </ButtonLink>
      </div>
      <Tabs
        label="Transfer status"
        fill
        replace
        tabs={TABS.map((t) => ({ key: t.key || "all", to: `/transfers${query(t)}`, label: t.label, current: t === tab }))}
      />
      <section aria-label={`${tab.label} transfers`} aria-busy={loading || undefined} className={cx("transition-opacity", loading && "opacity-60")}>
        {data.lastId ? (
          <p className="mb-3 text-sm">
            <Link to={`/transfers${query(tab)}`} className="font-medium text-brand-700 underline underline-offset-2">
              Back to the newest transfers
            </Link>
          </p>
        ) : null}
        <InfiniteFeed
          key={query(tab, data.lastId)}
          page={page}
          path="/transfers"
          getKey={transferKey}
          renderItem={(t) => <TransferItem t={t} coinName={coinName} />}
          errorText={LOAD_ERROR}
          label="Transfers"
          testId="transfer-list"
          endText="- no more -"
          empty={
            <EmptyState
              className="rounded-xl bg-white"
              title={data.lastId ? "No more transfers here" : tab.empty}
              description={`Send Bitcoin or USDT to our address and report the transfer: your ${coinName} show up here.`}
              action={<ButtonLink to="/sellVirtualCoin">Sell BTC or USDT</ButtonLink>}
            />
          }
        />
      </section>
    </div>
  );
}

const transferKey = (t: MyVirtualCoinOrder) => t.id;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
