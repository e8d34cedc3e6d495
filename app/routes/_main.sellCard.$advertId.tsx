/**
 * /sellCard/{advertId}: sell one card against one offer (spec §2, §5).
 *
 * - Loader: /advert/getAdvertDetail. A signed-in caller gets a fresh secret; it
 *   rides in a hidden field, so a resubmit of the same form (double click,
 *   flaky network, no-JS retry) sends the same secret and addOrder answers the
 *   order it already created (ADR 0007). After a failed post the page keeps the
 *   secret it posted (the action echoes it; the loader is not re-run with JS).
 * - Anonymous visitors see the offer; the submit opens "Go To Login?" (with
 *   JavaScript) or is a plain link to /login?redirectTo=/sellCard/ID.
 * - Picture offers: with JavaScript the ImagePicker island compresses and
 *   uploads each image (progress, 'Unsupport!', 'Fail!') and posts the paths;
 *   without it the form is multipart and the action uploads the files.
 * - E-code offers: one code per line, sent exactly as typed (ADR 0014); an
 *   offer that takes one code per order refuses several before the order is placed.
 * - The same schema checks in the browser and in the action (spec §5 messages);
 *   whatever the API still refuses shows as the form's error.
 * - Success: 'Success' toast and /orderDetails/{id}.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "~/services/kit/http.server";
import { Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { Suspense, lazy, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { joinCardCodes } from "../../contract/card-codes";
import { sellFieldOf, sellOfferOf } from "../../contract/sell-rules";
import { ORDER_IMAGES_MAX } from "../../contract/constants";
import type { AdvertWithMerchant } from "../../contract/entities";
import { Code } from "../../contract/envelope";
import { AdvertCardType, UploadImageType } from "../../contract/enums";
import { MESSAGES } from "../../contract/fields";
import { FormError } from "~/components/ui/FormParts";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { OfferSummary } from "~/components/sell/OfferSummary";
import { CodeInput, FaceInput, PlainImageInput, YouReceive } from "~/components/sell/SellFields";
import { ErrorLine } from "~/components/ui/FormParts";
import type { ImagePickerState } from "~/components/sell/ImagePicker.client";
import {
  ArrowLeftIcon,
  Button,
  ButtonLink,
  Skeleton,
  TextAreaField,
} from "~/components/ui";
import { LoginToSubmit } from "~/components/ui/LoginPrompt";
import { must, optionalApi, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { sha256Hex } from "~/services/card-secret";
import {
  REMARK_MAX,
  SELL_HIDDEN_FIELDS,
  isSupportedImage,
  sellSchema,
} from "~/services/forms/sell";
import { Form } from "~/components/ui/Form";
import { readForm } from "~/services/kit/form.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

const ImagePicker = lazy(() => import("~/components/sell/ImagePicker.client"));

const NO_STORE = { "Cache-Control": "private, no-store" };

const NOT_FOUND = "This offer does not exist.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.advertId, NOT_FOUND);
  const api = await optionalApi(request, context);
  const result = await api.call("/advert/getAdvertDetail", { id });
  if (!result.ok && result.code === Code.NOT_FOUND) throw notFoundResponse(NOT_FOUND);
  const { advert, secret } = must(result);
  const headers = new Headers(NO_STORE);
  if (api.deviceCookie) headers.append("Set-Cookie", api.deviceCookie);
  return json(
    {
      advert,
      // Only a signed-in seller gets (and needs) a secret.
      secret: api.signedIn && secret ? secret : null,
      signedIn: api.signedIn,
      loginHref: `/login?redirectTo=${encodeURIComponent(`/sellCard/${id}`)}`,
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Sell ${data.advert.paymentNameEn} | GiftMarket` : "Sell a card | GiftMarket" },
];

/** After its own post the page keeps its secret (a new one would orphan uploaded images). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() === "POST" && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = idParam(params.advertId, NOT_FOUND);
  const api = await requireApi(request, context);

  const formData = await readForm(request);
  const secret = typeof formData.get("secret") === "string" ? String(formData.get("secret")).trim() : "";
  const files = formData.getAll("files").filter((f): f is File => typeof f === "object" && f !== null && (f as File).size > 0);

  // Only what needs no offer is checked here: /order/addOrder is the authority (no second read of the offer).
  const submission = parseWithZod(formData, { schema: sellSchema(null, { fileCount: files.length }) });
  const reply = (opts: Parameters<typeof submission.reply>[0] = {}) =>
    json({ result: submission.reply({ ...opts, hideFields: SELL_HIDDEN_FIELDS }), secret: secret || null }, { headers: NO_STORE });
  if (submission.status !== "success") return reply();
  const v = submission.value;

  // No JavaScript: the files came with the form; upload them here (the backend compresses).
  const paths = [...v.cardImg];
  if (files.length > 0) {
    if (files.some((f) => !isSupportedImage(f))) return reply({ fieldErrors: { cardImg: [MESSAGES.unsupportedImage] } });
    const secretHash = await sha256Hex(v.secret);
    for (const file of files) {
      const form = new FormData();
      form.set("file", file, file.name || "card.jpg");
      form.set("type", UploadImageType.Order);
      form.set("secret", secretHash);
      const up = await api.call("/image/uploadImage", undefined, { form });
      if (!up.ok) return reply({ fieldErrors: { cardImg: [up.code < 0 ? MESSAGES.uploadFailed : up.msg || MESSAGES.uploadFailed] } });
      paths.push(up.data.path);
    }
  }

  const result = await api.call("/order/addOrder", {
    advertId: id,
    tradeAmount: v.tradeAmount,
    cardImg: paths.length > 0 ? paths.join("|") : undefined,
    cardCode: v.cardCode.length > 0 ? joinCardCodes(v.cardCode) : undefined,
    secret: v.secret,
    remark: v.remark,
  });
  if (!result.ok) {
    // The spec's messages go beside their field, as the browser's own check would put them.
    const field = sellFieldOf(result.msg);
    return reply(field === "form" ? { formErrors: [result.msg] } : { fieldErrors: { [field]: [result.msg] } });
  }
  return redirectWithToast(api.session, `/orderDetails/${result.data.id}`, MESSAGES.success);
}

export default function SellCardPage() {
  const data = useLoaderData<typeof loader>();
  const advert = data.advert as AdvertWithMerchant;
  const { coinName, ngnRate } = useMainLayoutData();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <Link
        to={`/advertList/${advert.cardtypeid}`}
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeftIcon className="h-4 w-4" />
        All {advert.paymentNameEn} offers
      </Link>
      <header className="flex items-center gap-3">
        {advert.paymentIcon ? (
          <img src={advert.paymentIcon} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-xl bg-gray-100" />
        ) : null}
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold text-gray-900 md:text-2xl">Sell {advert.paymentNameEn}</h1>
          <p className="text-sm text-gray-600">
            {advert.cardType === AdvertCardType.ECode ? "E-code card" : "Picture of a physical card"} · {advert.tradeCurrency}
          </p>
        </div>
      </header>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:items-start">
        <OfferSummary advert={advert} coinName={coinName} ngnRate={ngnRate} />
        <SellForm
          advert={advert}
          secret={data.secret}
          signedIn={data.signedIn}
          loginHref={data.loginHref}
          coinName={coinName}
          ngnRate={ngnRate}
        />
      </div>
    </div>
  );
}

function SellForm({
  advert,
  secret: loaderSecret,
  signedIn,
  loginHref,
  coinName,
  ngnRate,
}: {
  advert: AdvertWithMerchant;
  secret: string | null;
  signedIn: boolean;
  loginHref: string;
  coinName: string;
  ngnRate: number;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [images, setImages] = useState<ImagePickerState>({ paths: [], busy: false });
  const rules = sellOfferOf(advert);
  const isECode = advert.cardType === AdvertCardType.ECode;
  // The secret this form posted keeps being used after a failed post.
  const secret = actionData?.secret ?? loaderSecret;

  const [form, fields] = useForm({
    id: `sell-${advert.id}`,
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sellSchema(rules) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const disabled = !signedIn;
  const uploadUrl = `/sellCard/${advert.id}/upload`;

  return (
    <section aria-labelledby="sell-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="sell-title" className="mb-3 text-lg font-semibold text-gray-900">
        Your card
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        replace
        {...getFormProps(form)}
        noValidate
        aria-describedby={form.errors ? form.errorId : undefined}
      >
        {secret ? <input type="hidden" name="secret" value={secret} /> : null}
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
                  fallback={<PlainImageInput id={fields.cardImg.id} labelId={`${fields.cardImg.id}-label`} errorId={fields.cardImg.errorId} invalid={Boolean(fields.cardImg.errors)} />}
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
            id={fields.remark.id}
            name={fields.remark.name}
            defaultValue={typeof fields.remark.initialValue === "string" ? fields.remark.initialValue : undefined}
            error={fields.remark.errors}
            label="Remark (optional)"
            rows={2}
            maxLength={REMARK_MAX}
          />
        </fieldset>

        {/* The secret has no field of its own: its error (an expired form) shows with the form's. */}
        <FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.secret.errors ?? [])]} />

        {signedIn ? (
          <Button type="submit" fullWidth size="lg" busy={submitting} disabled={images.busy}>
            {images.busy ? "Uploading images…" : "Sell"}
          </Button>
        ) : (
          <LoginToSubmit loginHref={loginHref} label="Sell" hint="Sign in to sell your card." />
        )}
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "It may have been removed. Choose another offer.", action: <ButtonLink to="/home">See all gift cards</ButtonLink> }} />;
}
