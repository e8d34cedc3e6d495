/**
 * /memberShipCenter/wealthRecord (docs/product/screens.md): Vip Records, tabs ALL(0), Income(1), Invite(2),
 * Exchange(3), Transfer(4) as links (?type=N), columns Date, Type, Description, Vip Points,
 * paged by the id of the last record and ending '- no more -'. Guests get Go To Login?.
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useLoaderData } from "@remix-run/react";
import type { WealthRecord } from "../../contract/entities";
import { WealthRecordType, wealthRecordTypeLabels } from "../../contract/enums";
import { feedPage } from "~/services/kit/feed";
import { requireApi } from "~/services/kit/api.server";
import { posIntParam, toQuery } from "~/components/wallet/dates";
import { ButtonLink, EmptyState, Tabs } from "~/components/ui";
import { InfiniteFeed, type FeedPage } from "~/components/ui/InfiniteFeed";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { WealthRecordHeader, WealthRecordItem } from "~/components/membership/WealthRecordItem";

export const meta: MetaFunction = () => [{ title: "Vip Records | GiftMarket" }];

const HERE = "/memberShipCenter/wealthRecord";
const LOAD_FAIL = "load fail";
const TABS = [WealthRecordType.All, WealthRecordType.Income, WealthRecordType.Invite, WealthRecordType.Exchange, WealthRecordType.Transfer] as const;
type Tab = (typeof TABS)[number];
const parseTab = (v: string | null): Tab => {
  const n = Number(v);
  return (TABS as readonly number[]).includes(n) ? (n as Tab) : WealthRecordType.All;
};
const query = (type: Tab, lastId?: number | null) => toQuery({ type: type || null, lastId });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const params = new URL(request.url).searchParams;
  const type = parseTab(params.get("type"));
  const lastId = posIntParam(params.get("lastId"));
  const result = await api.call("/wealthRecord/wealthRecordList", { type: type || null, lastId: lastId ?? undefined });
  return json({ type, lastId, ...feedPage(result, (after) => query(type, after), LOAD_FAIL) }, { headers: NO_STORE });
}

export default function WealthRecordPage() {
  const data = useLoaderData<typeof loader>();
  const page: FeedPage<WealthRecord> = { items: data.items as WealthRecord[], nextQuery: data.nextQuery, error: data.error };
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-3">
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Vip Records</h1>
      <Tabs label="Record type" tabs={TABS.map((t) => ({ to: query(t), label: `${wealthRecordTypeLabels[t]}`, current: data.type === t, key: String(t) }))} />
      <WealthRecordHeader />
      <InfiniteFeed
        key={query(data.type, data.lastId)}
        page={page}
        path={HERE}
        getKey={(r) => r.id}
        renderItem={(r) => <WealthRecordItem record={r} />}
        errorText={LOAD_FAIL}
        label="Vip Records"
        testId="wealth-records"
        endText="- no more -"
        empty={
          data.type !== WealthRecordType.All && !data.lastId ? (
            // A tab is a filter: it says which records there are none of, and leads back to All (ADR 0061).
            <EmptyState
              className="rounded-xl bg-white"
              title={`No ${wealthRecordTypeLabels[data.type]} records yet`}
              description={`Your other points records are under ${wealthRecordTypeLabels[WealthRecordType.All]}.`}
              action={
                <ButtonLink to={HERE} variant="secondary">
                  All records
                </ButtonLink>
              }
            />
          ) : (
            <EmptyState
              className="rounded-xl bg-white"
              title={data.lastId ? "No more records here" : "No records yet"}
              description="Check in daily and trade gift cards to earn points."
            />
          )
        }
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary heading={<h1 className="text-xl font-bold text-gray-900 md:text-2xl">Vip Records</h1>} signedOutText="Sign in to see your Vip Records." />;
}
