/**
 * /security/kycVerification (docs/product/screens.md, docs/product/validation.md; ADR 0020): the intro with the checklist, then (?step=form)
 * the certificate form with its two photos and the promise; once sent it is read-only, "Under
 * review" or "Approved", with the photos; a rejection shows the reason above an editable form.
 */
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { KycCert } from "../../../contract/entities";
import { KycReview, kycIdKindLabels, kycReviewLabels, type KycIdKind } from "../../../contract/enums";
import type { KycLoader } from "~/services/forms/kyc.server";
import { DOCUMENT_RULES, KYC_IDS, SOCIAL_APPS } from "~/services/forms/kyc";
import { isSupportedImage } from "~/services/forms/sell";
import type { SerializeFrom } from "~/services/kit/http.server";
import { AuthFormFrame } from "~/components/auth/AuthForm";
import { DetailRow, Field, SelectField, StatusBadge } from "~/components/ui";
import { ChooseAgainNote, ErrorLine, fieldProps } from "~/components/ui/FormParts";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { SecurityCard, SecurityIntro, onFormStep } from "./SecurityStep";
import { FORM_STEP } from "./security-tabs";

type Data = SerializeFrom<KycLoader>;

export function KycTab() {
  const data = useLoaderData<KycLoader>() as Data;
  const actionData = useActionData<{ result: SubmissionResult<string[]>; photosLost?: number }>();
  const [params] = useSearchParams();
  const status = data.review?.status;
  if (data.cert && (status === KycReview.Review || status === KycReview.Approved)) return <KycView cert={data.cert as KycCert} status={status} />;
  if (!actionData && !onFormStep(params))
    return <SecurityIntro title="Verify ID" label="kycVerification" points={["Verify your identity to sell more than 10,000 coins a day.", ...DOCUMENT_RULES]} />;
  return <KycForm data={data} result={actionData?.result} photosLost={actionData?.photosLost ?? 0} />;
}

function KycView({ cert, status }: { cert: KycCert; status: number }) {
  return (
    <SecurityCard title="Verify ID">
      <p className="mb-3" data-testid="kyc-status">
        <StatusBadge tone={status === KycReview.Approved ? "success" : "wait"}>{kycReviewLabels[status as KycReview]}</StatusBadge>
      </p>
      <dl className="divide-y divide-gray-100">
        <DetailRow label="Nationality">{cert.idCountry}</DetailRow>
        <DetailRow label="ID type">{kycIdKindLabels[cert.idKind as KycIdKind]}</DetailRow>
        <DetailRow label="Real name">{cert.realname}</DetailRow>
        <DetailRow label="ID number">{cert.idNo}</DetailRow>
        <DetailRow label="Birth date">{cert.birthday}</DetailRow>
        <DetailRow label="Social account">{cert.socialAccount}</DetailRow>
      </dl>
      <div className="mt-3 grid grid-cols-2 gap-2">
        {(["front", "back"] as const).map((side) => (
          <figure key={side}>
            <img src={`/security/kycVerification/photo/${side}`} alt={`ID ${side}`} width={300} height={200} className="aspect-[3/2] h-auto w-full rounded-lg bg-gray-100 object-cover" />
            <figcaption className="mt-1 text-center text-xs text-gray-600">{side === "front" ? "Front" : "Back"}</figcaption>
          </figure>
        ))}
      </div>
    </SecurityCard>
  );
}

/** With JavaScript a chosen photo is made small (≤ 1024 px, JPEG) before it goes up; the server checks it either way. */
async function shrinkPhoto(input: HTMLInputElement, side: string) {
  const file = input.files?.[0];
  if (!file || !isSupportedImage(file)) return;
  const { shrinkChosenPicture } = await import("~/services/chat/images.client");
  await shrinkChosenPicture(input, `id-${side}`);
}

/** `photosLost`: what a refused post carried; with JavaScript the inputs still hold them, so only a page without it asks again. */
function KycForm({ data, result, photosLost }: { data: Data; result: SubmissionResult<string[]> | undefined; photosLost: number }) {
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm("kyc", () => import("~/services/forms/kyc.schema").then((m) => m.kycFormSchema), result ? { result } : undefined);
  const fileErrors = (name: "front" | "back") => (result?.error?.[name] ?? null) as string[] | null;
  return (
    <SecurityCard title="Verify ID">
      {data.review?.status === KycReview.Rejected ? (
        <p role="alert" className="mb-3 rounded-md bg-money-out-50 p-2 text-sm text-money-out-800 ring-1 ring-inset ring-money-out-200" data-testid="kyc-rejected">
          Your verification was rejected: {data.review.reason} Please correct it and send it again.
        </p>
      ) : null}
      <AuthFormFrame form={form} submitLabel="Submit" action={`/security/kycVerification?step=${FORM_STEP}`} encType="multipart/form-data">
        <SelectField
          key={fields.idCountry.key}
          {...fieldProps(fields.idCountry)}
          label="Nationality"
          placeholder="Choose your country"
          options={data.countries.map((c) => ({ value: c, label: c }))}
        />
        <fieldset className="mb-3" aria-describedby={fields.idKind.errorId}>
          <legend className="mb-1 text-sm font-medium text-gray-900">ID type</legend>
          {KYC_IDS.map((k) => (
            <label key={k} className="flex min-h-10 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name={fields.idKind.name} value={k} defaultChecked={String(fields.idKind.initialValue) === String(k)} className="h-4 w-4" />
              {kycIdKindLabels[k]}
            </label>
          ))}
          <ErrorLine id={fields.idKind.errorId} errors={fields.idKind.errors} />
        </fieldset>
        <Field key={fields.realname.key} {...fieldProps(fields.realname)} label="Real name" autoComplete="name" maxLength={100} />
        <Field key={fields.idNo.key} {...fieldProps(fields.idNo)} label="ID number" autoComplete="off" maxLength={64} />
        {/* One above the other on a phone: side by side, "WhatsApp" and the account's example were cut. */}
        <div className="flex flex-col sm:flex-row sm:gap-2">
          <SelectField key={fields.socialApp.key} {...fieldProps(fields.socialApp)} label="Social app" className="sm:w-40 sm:shrink-0" options={SOCIAL_APPS.map((a) => ({ value: a, label: a }))} />
          <Field key={fields.socialHandle.key} {...fieldProps(fields.socialHandle)} label="Social account" className="min-w-0 flex-1" placeholder="+234… or @name" maxLength={80} />
        </div>
        <Field key={fields.birthday.key} {...fieldProps(fields.birthday)} label="Birth date" type="date" min="1970-01-01" max={data.today} />
        <ChooseAgainNote id="kyc-photos-again" lost={hydrated ? 0 : photosLost} />
        {(["front", "back"] as const).map((side) => (
          <Field
            key={side}
            id={`kyc-${side}`}
            name={side}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/bmp"
            label={`ID Card ${side} Photo`}
            error={fileErrors(side)}
            hint="At most 2M."
            onChange={(e) => void shrinkPhoto(e.currentTarget, side)}
          />
        ))}
        <label className="mt-1 flex items-start gap-2 text-sm text-gray-900">
          <input type="checkbox" name={fields.promise.name} defaultChecked={fields.promise.initialValue === "on"} className="mt-0.5 h-4 w-4" aria-describedby={fields.promise.errorId} />
          I promise the information is true and the documents are my own.
        </label>
        <ErrorLine id={fields.promise.errorId} errors={fields.promise.errors} />
      </AuthFormFrame>
      <p className="mt-3 text-xs text-gray-600">
        Your photos are stored encrypted and seen only by you and our verification staff.{" "}
        <Link to="/security/kycVerification" className="underline underline-offset-2">
          Rules
        </Link>
      </p>
    </SecurityCard>
  );
}
