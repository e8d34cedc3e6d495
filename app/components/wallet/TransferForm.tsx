/**
 * The BTC/USDT transfer report of /sellVirtualCoin: amount, the address it came from and the
 * transaction hash, with the coins it is worth as you type at the quoted price (ADR 0050: the
 * quote rides in hidden fields; when the backend asks again, Submit becomes the button that
 * accepts the new price); guests get Go To Login?.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useActionData, useNavigation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormError, FormField } from "~/components/ui/FormParts";
import { Button, ExternalLink } from "~/components/ui";
import { LoginToSubmit } from "~/components/ui/LoginPrompt";
import { coinsForCrypto, cryptoFromInput, cryptoText, figureOrNull, type CryptoTerms } from "../../../contract/money";
import type { Quote } from "../../../contract/quote";
import type { AskAgain } from "~/services/forms/quote.server";
import { AskAgainNotice, QuoteFields } from "~/components/ui/AskAgain";
import { schemaValidation, useOnFirstUse, useValidateBlurred } from "~/components/ui/use-schema-form";
import { formatCoins, formatNgn } from "~/services/money/format";
import { Form } from "~/components/ui/Form";
import type { SubmissionResult } from "@conform-to/react";

export function TransferForm({
  coinKey: key,
  symbol,
  quote,
  terms,
  askAgain,
  coinName,
  ngnRate,
  signedIn,
  loginHref,
  serviceUrl,
}: {
  coinKey: string;
  symbol: string;
  /** The price quote the form shows and sends back. */
  quote: Quote | null;
  /** What that price is worked out with. */
  terms: CryptoTerms | null;
  askAgain: AskAgain | null;
  coinName: string;
  ngnRate: number;
  signedIn: boolean;
  loginHref: string;
  serviceUrl: string;
}) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const id = `virtual-coin-${key}`;
  const schemas = useOnFirstUse(id, () => import("~/services/forms/virtual-coin.schema"));
  const [form, fields] = useForm({
    id,
    lastResult: actionData?.result ?? undefined,
    ...schemaValidation(schemas?.value.virtualCoinSchema(terms), schemas?.parseWithZod),
  });
  useValidateBlurred(schemas, form);
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const typed = fields.amount.value ?? fields.amount.initialValue;
  const tradeAmount = cryptoFromInput(typeof typed === "string" ? typed : "");
  const coins = tradeAmount && terms ? (figureOrNull(() => coinsForCrypto(tradeAmount, terms)) ?? 0) : 0;

  return (
    <section aria-labelledby="transfer-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="transfer-title" className="mb-3 text-base font-semibold text-gray-900">
        2. Tell us about your transfer
      </h2>
      <Form
        method="post"
        action={`/sellVirtualCoin?type=${key}`}
        replace
        {...getFormProps(form)}
        noValidate
        aria-describedby={form.errors ? form.errorId : undefined}
        className="flex flex-col gap-1"
      >
        <QuoteFields quote={quote} />
        <FormField
          field={fields.amount}
          label={`Amount (${symbol})`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00000000"
          trailing={<span className="text-sm font-medium text-gray-700">{symbol}</span>}
          inputClassName="num"
        />
        <p className="mb-4 flex min-h-14 items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm" aria-live="polite">
          <span className="text-gray-700">
            You receive about
            {!hydrated && tradeAmount ? (
              <span className="num block text-xs text-gray-600">
                for {cryptoText(tradeAmount)} {symbol}
              </span>
            ) : null}
          </span>
          {coins > 0 ? (
            <span className="num text-right">
              <span className="block text-base font-semibold text-money-in-700" data-testid="converted-coins" data-coins={coins}>
                {formatCoins(coins)} {coinName}
              </span>
              <span className="block text-xs text-gray-600">≈ {formatNgn(coins, ngnRate)}</span>
            </span>
          ) : (
            <span className="text-right text-gray-600">{hydrated ? "Enter the amount" : "Worked out when you submit"}</span>
          )}
        </p>
        <FormField field={fields.fromAddress} label={`Your ${symbol} address (sent from)`} autoComplete="off" spellCheck={false} inputClassName="font-mono text-sm" />
        <FormField
          field={fields.transactionId}
          label="Transaction hash"
          autoComplete="off"
          spellCheck={false}
          inputClassName="font-mono text-sm"
        />
        {askAgain ? <AskAgainNotice message={askAgain.message} /> : null}
        <FormError id={form.errorId} errors={form.errors?.filter((e) => e !== askAgain?.message)} />
        {signedIn ? (
          <Button type="submit" size="lg" fullWidth busy={submitting}>
            {askAgain ? (askAgain.why === "changed" ? "Report at the new price" : "Report at this price") : "Submit"}
          </Button>
        ) : (
          <LoginToSubmit loginHref={loginHref} label="Submit" hint="Sign in to report a transfer." dialogText={`Sign in to report your ${symbol} transfer.`} />
        )}
      </Form>
      {serviceUrl ? (
        <p className="mt-3 text-center text-sm">
          <ExternalLink href={serviceUrl} className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2" icon="h-4 w-4">
            Questions? Ask our crypto desk
          </ExternalLink>
        </p>
      ) : null}
    </section>
  );
}
