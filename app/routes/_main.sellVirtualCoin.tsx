/**
 * /sellVirtualCoin: Bitcoin and USDT (TRC20) transfer orders (docs/product/screens.md, docs/product/validation.md, docs/product/constants.md).
 *
 * - BTC and USDT tabs (links, ?type=btc|usdt).
 * - The deposit address (btcAddress / usdtAddress of getBtcTradeConfig) with a
 *   QR code made on our server (inline SVG) and, with JavaScript, a copy button
 *   ('Copied' / 'Copy Fail: Not Support'); without it the address is selectable text.
 * - The price: without JavaScript the price at render time; with it an island
 *   polls /prices every 5 s. "Indicative price" is shown when it is one.
 * - Form: amount (up to 8 decimals → tradeAmount per 1e8, exact), the sending
 *   address and the transaction hash, all required; the converted coins live
 *   (with JavaScript); 'The transaction amount is too low.' under 100 coins in
 *   the browser and in the action. Success: 'Success', on /transfers with the new order on top.
 * - The price is promised for a short while (ADR 0050): each price comes with a signed quote
 *   that rides in hidden fields (the island swaps in every new one); the order is made at the
 *   quoted price, or the page shows what the amount pays now with one button to report at it.
 * - Signed out or code 3 (docs/product/messages.md): the screen offers login ("Go To Login?").
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Suspense, lazy, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { VirtualCoinPrice } from "../../contract/index";
import type { BtcTradeConfig } from "../../contract/entities";
import { VirtualCoinType } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { ButtonLink, DateTime, ErrorState, StatusBadge, Tabs } from "~/components/ui";
import { QrCode } from "~/components/wallet/QrCode";
import { formatUsd } from "~/services/money/wallet";
import { coinsForCrypto, type CryptoTerms } from "../../contract/money";
import type { Quote } from "../../contract/quote";
import { askAgainOf, quoteFromForm, shown, type AskAgain } from "~/services/forms/quote.server";
import { qrSvg } from "~/components/wallet/qr.server";
import { parseWithZod, virtualCoinSchema } from "~/services/forms/schemas.server";
import type { Api } from "~/services/kit/caller.server";
import { optionalApi, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { formatCoins, formatNgn } from "~/services/money/format";
import { Form } from "~/components/ui/Form";
import { readForm } from "~/services/kit/form.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { TransferForm } from "~/components/wallet/TransferForm";

const CopyButton = lazy(() => import("~/components/wallet/CopyButton.client"));
const PriceTicker = lazy(() => import("~/components/wallet/PriceTicker.client"));

export const meta: MetaFunction = () => [{ title: "Sell BTC or USDT | GiftMarket" }];


const COINS = {
  btc: { type: VirtualCoinType.BTC, symbol: "BTC", name: "Bitcoin", network: "Bitcoin network" },
  usdt: { type: VirtualCoinType.USDT, symbol: "USDT", name: "USDT (TRC20)", network: "TRON network (TRC20) only" },
} as const;
type CoinKey = keyof typeof COINS;
const coinKey = (v: string | null): CoinKey => (v === "usdt" ? "usdt" : "btc");

const loginHrefFor = (key: CoinKey) => `/login?redirectTo=${encodeURIComponent(`/sellVirtualCoin?type=${key}`)}`;

async function loadConfig(api: Api) {
  const [config, prices] = await Promise.all([api.call("/systemConfig/getBtcTradeConfig"), api.call("/virtualCoinOrder/getPrices")]);
  return {
    config: config.ok ? config.data.btcTrade : null,
    configError: config.ok ? null : config.msg,
    prices: prices.ok ? prices.data.list : [],
  };
}

/** The terms a quoted price is worked out with: the quote's price and the platform's usdRate and discount. */
function termsOf(config: Pick<BtcTradeConfig, "usdRate" | "discount"> | null, quote: Quote | null | undefined): CryptoTerms | null {
  if (!config || !quote) return null;
  return { price: quote.rate, usdRate: config.usdRate, discount: config.discount };
}

/** The later of two quotes (a refusal's, and the one the live prices brought since). */
const newest = (a: Quote | null | undefined, b: Quote | null | undefined): Quote | null => (a && b ? (a.at >= b.at ? a : b) : a ?? b ?? null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const key = coinKey(new URL(request.url).searchParams.get("type"));
  const api = await optionalApi(request, context);
  const { config, configError, prices } = await loadConfig(api);
  const address = config ? (key === "btc" ? config.btcAddress : config.usdtAddress) : "";
  return json(
    {
      key,
      config,
      configError,
      prices,
      address,
      qr: qrSvg(address),
      signedIn: api.signedIn,
      loginHref: loginHrefFor(key),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const key = coinKey(new URL(request.url).searchParams.get("type"));
  // docs/product/messages.md: the BTC order screen offers login (the error boundary's Go To Login?).
  const api = await requireApi(request, context, "prompt");
  const formData = await readForm(request);
  const { config, prices } = await loadConfig(api);
  // The price the page showed (its quote), or the price now when it posted none.
  const quote = quoteFromForm(formData);
  const terms = termsOf(config, quote ?? prices.find((p) => p.type === COINS[key].type)?.quote);
  const submission = parseWithZod(formData, { schema: virtualCoinSchema(terms) });
  const reply = (opts: Parameters<typeof submission.reply>[0] = {}, askAgain: AskAgain | null = null) =>
    json({ result: submission.reply(opts), askAgain }, { headers: NO_STORE });
  if (submission.status !== "success") return reply();
  const v = submission.value;
  const result = await api.call("/virtualCoinOrder/addVirtualCoinOrder", {
    type: COINS[key].type,
    fromAddress: v.fromAddress,
    transactionId: v.transactionId,
    tradeAmount: v.tradeAmount,
    quote: terms ? shown(quote, (price) => coinsForCrypto(v.tradeAmount, { ...terms, price })) : undefined,
  });
  const askAgain = askAgainOf(result);
  if (askAgain) return reply({ formErrors: [askAgain.message] }, askAgain);
  if (!result.ok) {
    const field = result.msg === MESSAGES.amountTooLow ? { fieldErrors: { amount: [result.msg] } } : { formErrors: [result.msg] };
    return reply(field);
  }
  // She lands on her transfers, the new one on top as Pending (ADR 0068).
  return redirectWithToast(api.session, "/transfers", MESSAGES.success);
}

export default function SellVirtualCoinPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { coinName, ngnRate } = useMainLayoutData();
  const coin = COINS[data.key];
  const [prices, setPrices] = useState<VirtualCoinPrice[]>(data.prices as VirtualCoinPrice[]);
  const config = data.config as BtcTradeConfig | null;
  const price = prices.find((p) => p.type === coin.type) ?? null;
  // The price shown is the newest quote: the live prices', or a refusal's when it is newer. The
  // question stands while the price is the one it named (the live prices move it on).
  const askAgain = actionData?.askAgain ?? null;
  const quote = newest(askAgain?.quote, price?.quote);
  const terms = termsOf(config, quote);
  const perUnit = terms ? coinsForCrypto(100_000_000, terms) : 0;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <div>
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Sell BTC or USDT</h1>
          <ButtonLink to="/transfers" variant="secondary" size="sm">
            My transfers
          </ButtonLink>
        </div>
        <p className="mt-1 text-sm text-gray-600">
          Send crypto to our address, then tell us about the transfer. We credit your {coinName} once it arrives.
        </p>
      </div>
      <Tabs
        label="Currency"
        fill
        replace
        tabs={(Object.keys(COINS) as CoinKey[]).map((k) => ({ key: k, to: `?type=${k}`, label: COINS[k].name, current: k === data.key }))}
      />

      {!config ? (
        <ErrorState message={data.configError ?? "load fail"} className="rounded-xl bg-white" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:items-start">
          <div className="flex flex-col gap-4">
            <section aria-labelledby="address-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <h2 id="address-title" className="text-base font-semibold text-gray-900">
                1. Send {coin.symbol} to this address
              </h2>
              <p className="mt-1 text-sm font-medium text-wait-800">{coin.network}</p>
              {data.qr ? (
                <div className="mt-3 flex justify-center">
                  <QrCode qr={data.qr} label={`QR code of the ${coin.symbol} address ${data.address}`} className="h-48 w-48 rounded-lg ring-1 ring-gray-200" />
                </div>
              ) : null}
              <p
                className="mt-3 select-all break-all rounded-lg bg-gray-50 p-3 font-mono text-sm text-gray-900 ring-1 ring-inset ring-gray-200"
                data-testid="deposit-address"
              >
                {data.address}
              </p>
              <div className="mt-2 min-h-9">
                <ClientOnly fallback={<p className="text-xs text-gray-600">Select the address to copy it.</p>}>
                  {() => (
                    <Suspense fallback={null}>
                      <CopyButton text={data.address} label="Copy address" />
                    </Suspense>
                  )}
                </ClientOnly>
              </div>
            </section>

            <section aria-labelledby="price-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="price-panel">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="price-title" className="text-base font-semibold text-gray-900">
                  Price
                </h2>
                <ClientOnly fallback={null}>
                  {() => (
                    <Suspense fallback={null}>
                      <PriceTicker onPrices={setPrices} />
                    </Suspense>
                  )}
                </ClientOnly>
              </div>
              {price && terms ? (
                <>
                  <p className="num mt-1 text-2xl font-bold text-gray-900" data-testid="price" data-price={terms.price}>
                    1 {coin.symbol} = {formatUsd(terms.price)}
                  </p>
                  {price.indicative ? (
                    <p className="mt-1">
                      <StatusBadge tone="wait">
                        <span data-testid="indicative">Indicative price</span>
                      </StatusBadge>
                    </p>
                  ) : null}
                  <p className="num mt-2 text-sm text-gray-700">
                    1 {coin.symbol} ≈ {formatCoins(perUnit)} {coinName} (≈ {formatNgn(perUnit, ngnRate)})
                  </p>
                  <p className="mt-1 text-xs text-gray-600">
                    Updated{" "}
                    <DateTime ms={price.updatedAt} />
                    . The {coinName} you receive are worked out with the price shown when you submit, and credited once the transfer arrives.
                  </p>
                </>
              ) : (
                <p className="mt-1 text-sm text-gray-600">The price is not available right now.</p>
              )}
            </section>
          </div>

          <TransferForm
            key={data.key}
            coinKey={data.key}
            symbol={coin.symbol}
            quote={quote}
            terms={terms}
            askAgain={askAgain && quote?.rate === askAgain.quote.rate ? askAgain : null}
            coinName={coinName}
            ngnRate={ngnRate}
            signedIn={data.signedIn}
            loginHref={data.loginHref}
            serviceUrl={config.serviceUrl}
          />
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to report your transfer." />;
}
