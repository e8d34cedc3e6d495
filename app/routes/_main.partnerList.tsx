/**
 * /partnerList (docs/product/screens.md, docs/product/entities.md): the users one trusts and the users one blocked, as two tabs in the
 * query (?type=2), so they work without JavaScript. Each row opens the user's page and has a
 * Cancel form that returns it to none. Guests get Go To Login?. Islands-only (ADR 0067): Cancel
 * is a post the touches show pending.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useLoaderData } from "@remix-run/react";
import type { RelationshipListItem } from "../../contract/entities";
import { RelationshipListType } from "../../contract/enums";
import { requireApi } from "~/services/kit/api.server";
import { partnerAction } from "~/services/partners/partners.server";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { PartnerRow } from "~/components/partners/PartnerRow";
import { EmptyState, ErrorState, NoMore, Tabs } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only (ADR 0067): two tabs that are links, and small posting forms. */
export const handle: IslandsHandle = { islands: [] };

const LOAD_ERROR = "load fail";

const TABS = [
  { type: RelationshipListType.Trust, label: "Trusted" },
  { type: RelationshipListType.Block, label: "Blocked" },
] as const;

const typeOf = (url: URL): RelationshipListType =>
  url.searchParams.get("type") === String(RelationshipListType.Block) ? RelationshipListType.Block : RelationshipListType.Trust;
const hrefOf = (type: RelationshipListType) => `/partnerList?type=${type}`;

export const meta: MetaFunction = () => [{ title: "Partners | GiftMarket" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const type = typeOf(new URL(request.url));
  const r = await api.call("/userRelationship/getRelationshipList", { type });
  return json({ type, list: r.ok ? r.data.list : [], error: r.ok ? null : LOAD_ERROR }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return partnerAction(request, context, hrefOf(typeOf(new URL(request.url))));
}

export default function PartnerListPage() {
  const data = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  const blocked = data.type === RelationshipListType.Block;
  const list = data.list as RelationshipListItem[];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Partners</h1>
      <Tabs label="Partners" fill tabs={TABS.map((t) => ({ key: t.label, to: hrefOf(t.type), label: t.label, current: data.type === t.type }))} />
      {data.error ? (
        <ErrorState message={data.error} className="rounded-xl bg-white" />
      ) : list.length === 0 ? (
        <EmptyState
          className="rounded-xl bg-white"
          title={blocked ? "You have not blocked anyone" : "You do not trust anyone yet"}
          description={
            blocked
              ? "Block a user on their page: you stop seeing their offers and they cannot message you."
              : "Open a merchant's page from an offer and press Trust to keep it here."
          }
        />
      ) : (
        <div>
          <ul className="flex flex-col gap-2" aria-label={blocked ? "Blocked users" : "Trusted users"} data-testid="partner-list">
            {list.map((u) => (
              <li key={u.id}>
                <PartnerRow item={u} coinName={coinName} action={hrefOf(data.type)} blocked={blocked} />
              </li>
            ))}
          </ul>
          <NoMore />
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary heading={<h1 className="text-xl font-bold text-gray-900 md:text-2xl">Partners</h1>} signedOutText="Sign in to see your partners." />;
}
