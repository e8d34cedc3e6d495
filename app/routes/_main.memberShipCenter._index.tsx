/**
 * /memberShipCenter (docs/product/screens.md): the points balance and level, the eight level cards, the benefits,
 * the rule link (new tab), and two tabs as links: Point Mall (?tab=mall, default) and Point Order
 * (?tab=order&page=N). Redeeming posts intent "exchange" here (after a dialog, or the ?redeem=id
 * step without JavaScript). Signed-out visitors get Go To Login?. Islands-only (ADR 0067): the
 * level cards and the Point Mall's items are islands; the tabs and Refresh are links.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useLoaderData } from "@remix-run/react";
import { POINT_ORDER_PAGE_SIZE } from "../../contract/constants";
import type { RedemptionItem, WealthRecord } from "../../contract/entities";
import { ShowType, WealthRecordType } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { parseWithZod, exchangeSchema } from "~/services/forms/schemas.server";
import { readWealthConfig } from "~/services/membership/index";
import { posIntParam } from "~/components/wallet/dates";
import { Tabs } from "~/components/ui";
import { ExternalLink } from "~/components/ui/ExternalLink";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { Benefits } from "~/components/membership/Benefits";
import { LevelCards } from "~/components/membership/LevelCards";
import { Island } from "~/islands/Island";
import type { IslandsHandle } from "~/services/layout/islands";
import { PointMall } from "~/components/membership/PointMall";
import { PointOrders } from "~/components/membership/PointOrders";
import { points } from "~/components/membership/WealthAmount";

export const handle: IslandsHandle = { islands: ["level-cards", "point-mall"] };

export const meta: MetaFunction = () => [{ title: "Membership Center | GiftMarket" }];

const HERE = "/memberShipCenter";
const LOAD_FAIL = "load fail";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const params = new URL(request.url).searchParams;
  const tab = params.get("tab") === "order" ? "order" : "mall";
  const page = posIntParam(params.get("page")) ?? 1;
  const [balance, config, mall, orders] = await Promise.all([
    api.call("/userInfo/getAccountBalance"),
    api.call("/systemConfig/getWealthConfig"),
    tab === "mall" ? api.call("/wealthRedemption/wealthRedemptionList") : null,
    tab === "order" ? api.call("/wealthRecord/pageWealthRecord", { page: { pageIndex: page, pageSize: POINT_ORDER_PAGE_SIZE }, type: WealthRecordType.Exchange }) : null,
  ]);
  const { account, level } = must(balance);
  const items: RedemptionItem[] = mall?.ok ? mall.data.list : [];
  const redeem = posIntParam(params.get("redeem"));
  return json(
    {
      tab,
      page,
      wealth: account.wealthAmount,
      level,
      config: readWealthConfig(config.ok ? config.data.wealth : []),
      items,
      confirming: items.find((i) => i.id === redeem && i.showType !== ShowType.Unavailable) ?? null,
      orders: orders?.ok ? orders.data : { list: [] as WealthRecord[], total: 0 },
      // Whether a frame or badge has ended, judged once for the server's page and the browser's.
      now: Date.now(),
      error: (mall && !mall.ok) || (orders && !orders.ok) ? LOAD_FAIL : null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context, "prompt");
  const back = `${HERE}?tab=mall`;
  const submission = parseWithZod(form, { schema: exchangeSchema });
  if (submission.status !== "success") return redirectWithToast(api.session, back, "Choose an item to redeem.", "error");
  const r = await api.call("/wealthRedemption/wealthExchange", { id: submission.value.id });
  // The answer carries nothing (docs/product/calls.md): the page reloads the balance and the list.
  return r.ok ? redirectWithToast(api.session, back, MESSAGES.success) : redirectWithToast(api.session, back, r.msg, "error");
}

export default function MembershipCenterPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <header className="rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 p-4 text-white shadow-sm">
        <h1 className="text-xl font-bold md:text-2xl">Membership Center</h1>
        <dl className="mt-3 flex gap-8">
          <div>
            <dt className="text-xs uppercase tracking-wide text-white/80">Vip Points</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid="wealth-balance">
              {points(data.wealth)}
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase tracking-wide text-white/80">Level</dt>
            <dd className="text-2xl font-bold" data-testid="member-level">
              V{data.level}
            </dd>
          </div>
        </dl>
      </header>
      <Island name="level-cards" component={LevelCards} props={{ cards: data.config.cards, level: data.level }} />
      <Benefits benefits={data.config.benefits} />
      {data.config.ruleUrl ? (
        <p className="text-sm">
          <ExternalLink href={data.config.ruleUrl} className="font-medium text-brand-700 underline underline-offset-2" icon="ml-1 inline h-4 w-4">
            Membership rules
          </ExternalLink>
        </p>
      ) : null}
      <Tabs
        label="Membership"
        fill
        tabs={[
          { to: "?tab=mall", label: "Point Mall", current: data.tab === "mall" },
          { to: "?tab=order", label: "Point Order", current: data.tab === "order" },
        ]}
      />
      {data.error ? <p className="text-sm text-red-700">{data.error}</p> : null}
      {data.tab === "mall" ? (
        <PointMall items={data.items} confirming={data.confirming} />
      ) : (
        <PointOrders list={data.orders.list} total={data.orders.total} page={data.page} pageSize={POINT_ORDER_PAGE_SIZE} now={data.now} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary heading={<h1 className="text-xl font-bold text-gray-900 md:text-2xl">Membership Center</h1>} signedOutText="Sign in to see your points and level." />;
}
