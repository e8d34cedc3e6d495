/**
 * The /security/kycVerification action: the fields (kycFormSchema), then the two photos (present,
 * a picture, at most 2M: docs/product/validation.md), each uploaded as a "cert" image, then the certificate.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { loadCountries } from "./auth.server";
import { KYC_IMAGE_MAX_BYTES } from "../../../contract/constants";
import { UploadImageType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/messages";
import type { Api } from "~/services/kit/caller.server";
import { isSupportedImage } from "./sell";
import { maskIdNo } from "./kyc";
import { kycFormSchema, type KycForm } from "./kyc.schema";


export const BACK_MISSING = "Please upload ID Card back Photo.";
export const TOO_BIG = "The image must be at most 2M.";

/** The message for one photo field, or null when it is a picture we take. */
export function photoProblem(file: FormDataEntryValue | null, missing: string): string | null {
  if (!(file instanceof Blob) || file.size === 0) return missing;
  if (!isSupportedImage({ name: (file as File).name, type: file.type })) return MESSAGES.unsupportedImage;
  if (file.size > KYC_IMAGE_MAX_BYTES) return TOO_BIG;
  return null;
}

async function uploadCert(api: Api, file: Blob): Promise<{ path?: string; error?: string }> {
  const body = new FormData();
  body.set("file", file, (file as File).name || "id.jpg");
  body.set("type", UploadImageType.Cert);
  const r = await api.call("/image/uploadImage", undefined, { form: body });
  return r.ok ? { path: r.data.path } : { error: r.msg === MESSAGES.unsupportedImage ? r.msg : MESSAGES.uploadFailed };
}

/** Uploads both photos and submits the certificate; answers the form's reply on any refusal, or null when sent. */
export async function submitKyc(api: Api, form: FormData, submission: Submission<KycForm> & { status: "success"; value: KycForm }) {
  const fieldErrors: Record<string, string[]> = {};
  const front = form.get("front");
  const back = form.get("back");
  const frontProblem = photoProblem(front, MESSAGES.kycFront);
  const backProblem = photoProblem(back, BACK_MISSING);
  if (frontProblem) fieldErrors.front = [frontProblem];
  if (backProblem) fieldErrors.back = [backProblem];
  if (frontProblem || backProblem) return submission.reply({ fieldErrors });

  const [f, b] = await Promise.all([uploadCert(api, front as Blob), uploadCert(api, back as Blob)]);
  if (f.error || b.error)
    return submission.reply({ fieldErrors: { ...(f.error ? { front: [f.error] } : {}), ...(b.error ? { back: [b.error] } : {}) } });
  const v = submission.value;
  const r = await api.call("/userCert/updateKycVerification", {
    cert: {
      idCountry: v.idCountry,
      idKind: v.idKind,
      idNo: v.idNo,
      realname: v.realname,
      birthday: v.birthday,
      idFace: f.path!,
      idOppo: b.path!,
      socialAccount: `${v.socialApp} ${v.socialHandle}`,
    },
  });
  return r.ok ? null : submission.reply({ formErrors: [r.msg] });
}

// ---------------------------------------------------------------- loader and action of the tab

export async function kycLoader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const [kyc, countries] = await Promise.all([api.call("/userCert/getKycVerification"), loadCountries(api)]);
  const { cert, review } = must(kyc);
  return json(
    { cert: cert && { ...cert, idNo: maskIdNo(cert.idNo) }, review, countries: countries.map((c) => c.nameEn), today: new Date().toISOString().slice(0, 10) },
    { headers: NO_STORE },
  );
}

/** The photos a refused post carried: none is kept, so a page without JavaScript asks for them again. */
export const photosChosen = (form: FormData): number =>
  (["front", "back"] as const).filter((side) => {
    const file = form.get(side);
    return file instanceof Blob && file.size > 0;
  }).length;

export async function kycAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  const submission = parseWithZod(form, { schema: kycFormSchema });
  const refused = submission.status === "success" ? await submitKyc(api, form, submission) : submission.reply();
  if (refused) return json({ result: refused, photosLost: photosChosen(form) }, { status: 400, headers: NO_STORE });
  return redirectWithToast(api.session, "/security/kycVerification", MESSAGES.success);
}

export type KycLoader = typeof kycLoader;
