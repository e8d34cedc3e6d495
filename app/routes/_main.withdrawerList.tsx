/**
 * /withdrawerList: certified merchants who buy coins and pay out in NGN
 * (docs/product/screens.md; opened by the wallet's Withdraw button). Each links to /sellCoins/{id}.
 * Islands-only (ADR 0067): cards that are links, and the back link (the touches' safe-back).
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useLoaderData } from "@remix-run/react";
import type { Withdrawer } from "../../contract/entities";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { ButtonLink, EmptyState, NoMore } from "~/components/ui";
import { WithdrawerCard } from "~/components/withdrawals/WithdrawerCard";
import { must, requireApi } from "~/services/kit/api.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { BackLink } from "~/components/ui/BackLink";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only (ADR 0067): a list of links. */
export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "Withdraw | GiftMarket" }];

/** Payouts are in naira (docs/product/README.md). */
const CURRENCY = "NGN";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context);
  const { list } = must(await api.call("/userWithdraw/getWithdrawer", { currency: CURRENCY }));
  return json({ list }, { headers: NO_STORE });
}

export default function WithdrawerListPage() {
  const { list } = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  const withdrawers = list as Withdrawer[];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink to="/account">Wallet</BackLink>
      <div>
        <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Withdraw</h1>
        <p className="mt-1 text-sm text-gray-600">Choose a certified withdrawer. They buy your {coinName} and pay naira to your bank account.</p>
      </div>
      {withdrawers.length === 0 ? (
        <EmptyState
          className="rounded-xl bg-white"
          title="No withdrawer is buying right now"
          description="Please come back later."
          action={<ButtonLink to="/account">Back to the wallet</ButtonLink>}
        />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Withdrawers">
            {withdrawers.map((w) => (
              <li key={w.id}>
                <WithdrawerCard w={w} coinName={coinName} />
              </li>
            ))}
          </ul>
          <NoMore />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
