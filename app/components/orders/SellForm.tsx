/**
 * The sell-card form: the face, the code box or the image picker, the remark and Sell; the rules
 * are contract/sell-rules', run here with the offer the page shows. The price it shows is its
 * quote's (ADR 0050), sent back in hidden fields; when the backend asks again, the new price
 * replaces it and Sell becomes "Sell at the new rate".
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useActionData, useNavigation } from "@remix-run/react";
import { Suspense, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { sellOfferOf } from "../../../contract/sell-rules";
import { ORDER_IMAGES_MAX } from "../../../contract/constants";
import type { AdvertWithMerchant } from "../../../contract/entities";
import { AdvertCardType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/messages";
import { CodeInput, FaceInput, PlainImageInput, YouReceive } from "~/components/orders/SellFields";
import { ErrorLine, FormError, fieldProps } from "~/components/ui/FormParts";
import type { ImagePickerState } from "~/components/orders/ImagePicker.client";
import { Button, Skeleton, TextAreaField } from "~/components/ui";
import { AskAgainNotice, QuoteFields } from "~/components/ui/AskAgain";
import type { Quote } from "../../../contract/quote";
import type { AskAgain } from "~/services/forms/quote.server";
import { LoginToSubmit } from "~/components/ui/LoginPrompt";
import { REMARK_MAX } from "~/services/forms/sell";
import { schemaValidation, useOnFirstUse, useValidateBlurred } from "~/components/ui/use-schema-form";
import { Form } from "~/components/ui/Form";
import type { SubmissionResult } from "@conform-to/react";
import { lazy } from "react";

const ImagePicker = lazy(() => import("~/components/orders/ImagePicker.client"));

/** What a sell form of an offer is drawn with (one card, or several: ADR 0073). */
export interface SellFormProps {
  /** Its discount is the quote's. */
  advert: AdvertWithMerchant;
  quote: Quote;
  secret: string | null;
  signedIn: boolean;
  loginHref: string;
  /** The face she priced on the offer list (?face=), as typed units. */
  defaultFace?: string | null;
  coinName: string;
  ngnRate: number;
}

export function SellForm({ advert, quote, secret: loaderSecret, signedIn, loginHref, defaultFace, coinName, ngnRate }: SellFormProps) {
  const actionData = useActionData<{ result?: SubmissionResult<string[]>; secret?: string | null; cardImg?: string[]; photosLost?: number; askAgain?: AskAgain | null }>();
  const askAgain = actionData?.askAgain ?? null;
  const navigation = useNavigation();
  const [images, setImages] = useState<ImagePickerState>({ paths: [], busy: false });
  const rules = sellOfferOf(advert);
  const isECode = advert.cardType === AdvertCardType.ECode;
  // The secret this form posted keeps being used after a failed post.
  const secret = actionData?.secret ?? loaderSecret;

  const id = `sell-${advert.id}`;
  const schemas = useOnFirstUse(id, () => import("~/services/forms/sell.schema"));
  const [form, fields] = useForm({
    id,
    defaultValue: defaultFace ? { face: defaultFace } : undefined,
    lastResult: actionData?.result,
    ...schemaValidation(schemas?.value.sellSchema(rules), schemas?.parseWithZod),
  });
  useValidateBlurred(schemas, form);

  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const disabled = !signedIn;
  // An offline merchant takes no card: said before she fills the form, and Sell stays off (both modes).
  const offline = !rules.online;
  const uploadUrl = `/sellCard/${advert.id}/upload`;

  return (
    <section aria-labelledby="sell-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="sell-title" className="mb-3 text-lg font-semibold text-gray-900">
        Your card
      </h2>
      {offline ? (
        <p role="status" className="mb-3 rounded-lg bg-wait-50 p-3 text-sm font-medium text-wait-800 ring-1 ring-inset ring-wait-200" data-testid="merchant-offline">
          {MESSAGES.businessOffline} You can sell this card when the merchant is online again, or choose another offer.
        </p>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        replace
        {...getFormProps(form)}
        noValidate
        aria-describedby={form.errors ? form.errorId : undefined}
      >
        {secret ? <input type="hidden" name="secret" value={secret} /> : null}
        <QuoteFields quote={quote} />
        <fieldset disabled={disabled} className="min-w-0">
          <FaceInput
            field={fields.face}
            faces={rules.faces}
            currency={advert.tradeCurrency}
            minTrade={advert.minTrade}
            maxTrade={advert.maxTrade}
          />
          <div className="mb-4">
            <YouReceive face={fields.face.value ?? fields.face.initialValue} discount={advert.discount} coinName={coinName} ngnRate={ngnRate} />
          </div>

          {isECode ? (
            <CodeInput field={fields.cardCode} codesPerOrder={advert.codesPerOrder} codeFormat={advert.codeFormat} />
          ) : (
            <div className="mb-1">
              <p id={`${fields.cardImg.id}-label`} className="mb-1 text-sm font-medium text-gray-900">
                Card images <span className="font-normal text-gray-600">(up to {ORDER_IMAGES_MAX})</span>
              </p>
              {signedIn && secret ? (
                <ClientOnly
                  fallback={
                    <PlainImageInput
                      id={fields.cardImg.id}
                      labelId={`${fields.cardImg.id}-label`}
                      errorId={fields.cardImg.errorId}
                      invalid={Boolean(fields.cardImg.errors)}
                      kept={actionData?.cardImg}
                      lost={actionData?.photosLost}
                    />
                  }
                >
                  {() => (
                    <Suspense fallback={<Skeleton className="h-28 w-full" />}>
                      <ImagePicker
                        name={fields.cardImg.name}
                        uploadUrl={uploadUrl}
                        secret={secret}
                        max={ORDER_IMAGES_MAX}
                        errorId={fields.cardImg.errorId}
                        invalid={Boolean(fields.cardImg.errors)}
                        onChange={setImages}
                      />
                    </Suspense>
                  )}
                </ClientOnly>
              ) : (
                <PlainImageInput
                  id={fields.cardImg.id}
                  labelId={`${fields.cardImg.id}-label`}
                  errorId={fields.cardImg.errorId}
                  invalid={false}
                  disabled
                />
              )}
              <ErrorLine id={fields.cardImg.errorId} errors={fields.cardImg.errors} />
            </div>
          )}

          <TextAreaField
            key={fields.remark.key}
            {...fieldProps(fields.remark)}
            label="Remark (optional)"
            rows={2}
            maxLength={REMARK_MAX}
          />
        </fieldset>

        {/* The secret has no field of its own: its error (an expired form) shows with the form's. */}
        {askAgain ? <AskAgainNotice message={askAgain.message} /> : null}
        <FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.secret.errors ?? [])].filter((e) => e !== askAgain?.message)} />

        {signedIn ? (
          <Button type="submit" fullWidth size="lg" busy={submitting} disabled={images.busy || offline}>
            {images.busy ? "Uploading images…" : askAgain ? (askAgain.why === "changed" ? "Sell at the new rate" : "Sell at this price") : "Sell"}
          </Button>
        ) : (
          <LoginToSubmit loginHref={loginHref} label="Sell" hint="Sign in to sell your card." />
        )}
      </Form>
    </section>
  );
}
