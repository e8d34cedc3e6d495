/**
 * The several-cards sell form (ADR 0073): one row per card, face and code (e-code offers) or face
 * and pictures (picture offers), each its own order to this offer in one submit. The fields are
 * app/services/forms/sell-batch's; "Add a card" posts the form back with one row more, so it works
 * without JavaScript and keeps what was typed. With JavaScript each row's pictures go through the
 * ImagePicker island and the total the cards pay follows the faces typed; the price stays the
 * quote's (ADR 0050), sent back in hidden fields.
 */
import { useNavigation } from "@remix-run/react";
import { Suspense, lazy, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { ORDER_IMAGES_MAX } from "../../../contract/constants";
import { coinsForFace, figureOrNull } from "../../../contract/money";
import type { AdvertWithMerchant } from "../../../contract/entities";
import { AdvertCardType } from "../../../contract/enums";
import { cardOfMessage, fixedFaces, sellFieldOf } from "../../../contract/sell-rules";
import { CodeInput, CoinsLine, FaceInput, PlainImageInput } from "~/components/orders/SellFields";
import type { SellFormProps } from "~/components/orders/SellForm";
import type { ImagePickerState } from "~/components/orders/ImagePicker.client";
import { AskAgainNotice, QuoteFields } from "~/components/ui/AskAgain";
import { ErrorLine, FormError } from "~/components/ui/FormParts";
import { Form } from "~/components/ui/Form";
import { Button, Skeleton, TextAreaField } from "~/components/ui";
import { LoginToSubmit } from "~/components/ui/LoginPrompt";
import { ADD_CARD_INTENT, FIRST_ROWS, SELL_BATCH_MAX, emptyRow, rowField, type CardRow } from "~/services/forms/sell-batch";
import type { SeveralCardsReply } from "~/services/forms/sell-batch.server";
import { REMARK_MAX } from "~/services/forms/sell";
import { minorFromInput } from "~/services/money/format";

const ImagePicker = lazy(() => import("~/components/orders/ImagePicker.client"));

export function SeveralCardsForm({ advert, quote, secret, signedIn, loginHref, coinName, ngnRate, reply }: SellFormProps & { reply: SeveralCardsReply | undefined }) {
  const navigation = useNavigation();
  const rows: CardRow[] = reply?.rows ?? Array.from({ length: FIRST_ROWS }, emptyRow);
  const [faces, setFaces] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<Record<number, boolean>>({});
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const uploading = Object.values(busy).some(Boolean);
  const isECode = advert.cardType === AdvertCardType.ECode;
  const faceOf = (n: number) => faces[n] ?? rows[n - 1]?.face ?? "";
  const total = rows.reduce((sum, _, i) => {
    const minor = minorFromInput(faceOf(i + 1)) ?? 0;
    return sum + (minor > 0 ? (figureOrNull(() => coinsForFace(minor, advert.discount)) ?? 0) : 0);
  }, 0);
  const askAgain = reply?.askAgain ?? null;

  return (
    <section aria-labelledby="several-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="several-title" className="mb-1 text-lg font-semibold text-gray-900">
        Your cards
      </h2>
      <p className="mb-3 text-sm text-gray-600">Each card becomes its own order to this offer. All are sent together, or none.</p>
      {/* Not re-keyed after a post: with JavaScript the rows keep what was typed and the pictures the islands uploaded. */}
      <Form
        method="post"
        encType="multipart/form-data"
        replace
        noValidate
        onInput={(e) => {
          const t = e.target as HTMLInputElement;
          const m = /^face-(\d+)$/.exec(t.name ?? "");
          if (m) setFaces((f) => ({ ...f, [Number(m[1])]: t.value }));
        }}
      >
        {secret ? <input type="hidden" name="secret" value={secret} /> : null}
        <input type="hidden" name="cards" value={rows.length} />
        {/* Enter in a field sells, as the visible Sell button does: the first submit button is the form's default, not "Add a card". */}
        {signedIn ? <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" disabled={uploading} /> : null}
        <QuoteFields quote={quote} />
        <fieldset disabled={!signedIn} className="min-w-0">
          <ol className="flex flex-col gap-3">
            {rows.map((row, i) => (
              <CardRowFields
                key={i}
                n={i + 1}
                row={row}
                error={reply?.rowErrors[i + 1]}
                advert={advert}
                secret={signedIn ? secret : null}
                onBusy={(b) => setBusy((s) => ({ ...s, [i + 1]: b }))}
              />
            ))}
          </ol>
          {rows.length < SELL_BATCH_MAX ? (
            <Button type="submit" name="intent" value={ADD_CARD_INTENT} variant="secondary" formNoValidate className="mb-4 mt-3">
              Add a card
            </Button>
          ) : (
            <p className="mb-4 mt-3 text-sm text-gray-600">At most {SELL_BATCH_MAX} cards in one submit.</p>
          )}
          <TextAreaField id="several-remark" name="remark" defaultValue={reply?.remark} label="Remark (optional)" rows={2} maxLength={REMARK_MAX} />
        </fieldset>

        <div className="mb-3">
          <CoinsLine label={isECode ? "All the codes pay" : "All the cards pay"} coins={total} coinName={coinName} ngnRate={ngnRate} empty="Enter the card faces" testId="several-total" />
        </div>

        {askAgain ? <AskAgainNotice message={askAgain.message} /> : null}
        <FormError id="several-error" errors={reply?.formError && reply.formError !== askAgain?.message ? [reply.formError] : []} />

        {signedIn ? (
          <Button type="submit" fullWidth size="lg" busy={submitting} disabled={uploading}>
            {uploading ? "Uploading images…" : askAgain ? (askAgain.why === "changed" ? "Sell at the new rate" : "Sell at this price") : "Sell all cards"}
          </Button>
        ) : (
          <LoginToSubmit loginHref={loginHref} label="Sell" hint="Sign in to sell your cards." />
        )}
      </Form>
    </section>
  );
}

/** One card: its face, and its codes or pictures, with the refusal about it beside the field it concerns. */
function CardRowFields({
  n,
  row,
  error,
  advert,
  secret,
  onBusy,
}: {
  n: number;
  row: CardRow;
  error: string | undefined;
  advert: AdvertWithMerchant;
  secret: string | null;
  onBusy: (busy: boolean) => void;
}) {
  const field = sellFieldOf(error ? (cardOfMessage(error)?.message ?? error) : "");
  const errorsFor = (f: string) => (error && (field === f || (field === "form" && f === "face")) ? [error] : undefined);
  const meta = (name: "face" | "cardCode" | "cardImg", initialValue: string) => ({
    id: `card-${n}-${name}`,
    name: rowField(name, n),
    errorId: `card-${n}-${name}-error`,
    initialValue,
    errors: errorsFor(name),
  });
  const images = meta("cardImg", row.cardImg.join("|"));
  return (
    <li>
      <fieldset className="min-w-0 rounded-lg p-3 ring-1 ring-gray-200" data-testid={`card-row-${n}`}>
        <legend className="px-1 text-sm font-semibold text-gray-900">Card {n}</legend>
        <FaceInput field={meta("face", row.face)} faces={fixedFaces(advert.fixTrade)} currency={advert.tradeCurrency} minTrade={advert.minTrade} maxTrade={advert.maxTrade} />
        {advert.cardType === AdvertCardType.ECode ? (
          <CodeInput field={meta("cardCode", row.cardCode)} codesPerOrder={advert.codesPerOrder} codeFormat={advert.codeFormat} />
        ) : (
          <div>
            <p id={`${images.id}-label`} className="mb-1 text-sm font-medium text-gray-900">
              Pictures of card {n} <span className="font-normal text-gray-600">(up to {ORDER_IMAGES_MAX})</span>
            </p>
            {secret ? (
              <ClientOnly
                fallback={
                  <PlainImageInput id={images.id} labelId={`${images.id}-label`} errorId={images.errorId} invalid={Boolean(images.errors)} kept={row.cardImg} name={rowField("files", n)} keptName={images.name} />
                }
              >
                {() => (
                  <Suspense fallback={<Skeleton className="h-28 w-full" />}>
                    <ImagePicker
                      name={images.name}
                      uploadUrl={`/sellCard/${advert.id}/upload`}
                      secret={secret}
                      max={ORDER_IMAGES_MAX}
                      errorId={images.errorId}
                      invalid={Boolean(images.errors)}
                      onChange={(s: ImagePickerState) => onBusy(s.busy)}
                    />
                  </Suspense>
                )}
              </ClientOnly>
            ) : (
              <PlainImageInput id={images.id} labelId={`${images.id}-label`} errorId={images.errorId} invalid={false} disabled name={rowField("files", n)} keptName={images.name} />
            )}
            <ErrorLine id={images.errorId} errors={images.errors} />
          </div>
        )}
      </fieldset>
    </li>
  );
}
