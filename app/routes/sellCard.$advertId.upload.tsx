/**
 * POST /sellCard/{advertId}/upload: one order image from the sell-card island
 * (ImagePicker.client.tsx, XMLHttpRequest multipart {file, secret}). Forwards
 * it to /image/uploadImage as {file, type: "order", secret: hex SHA-256 of the
 * order secret} (the customer key the image is stored under, ADR 0007) and
 * answers JSON {path} or {error}. No component: a resource route.
 */
import { json, NO_STORE, type ActionFunctionArgs } from "~/services/kit/http.server";
import { UploadImageType } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import { requireApi } from "~/services/kit/api.server";
import { sha256Hex } from "~/services/orders/card-secret";
import { isSupportedImage } from "~/services/forms/sell";
import { readForm } from "~/services/kit/form.server";
import { notFoundText } from "~/services/kit/resource.server";

const fail = (error: string, status: number) => json({ error }, { status, headers: NO_STORE });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return fail("Use POST.", 405);
  const api = await requireApi(request, context, "json");

  const form = await readForm(request);
  const file = form.get("file");
  const secret = form.get("secret");
  if (!(file instanceof Blob) || file.size === 0) return fail(MESSAGES.uploadFailed, 400);
  if (typeof secret !== "string" || !secret.trim()) return fail(MESSAGES.uploadFailed, 400);
  if (!isSupportedImage({ name: (file as File).name, type: file.type })) return fail(MESSAGES.unsupportedImage, 415);

  const upload = new FormData();
  upload.set("file", file, (file as File).name || "card.jpg");
  upload.set("type", UploadImageType.Order);
  upload.set("secret", await sha256Hex(secret.trim()));
  const result = await api.call("/image/uploadImage", undefined, { form: upload });
  if (result.ok) return json({ path: result.data.path }, { headers: NO_STORE });
  return fail(result.msg || MESSAGES.uploadFailed, result.code < 0 ? 502 : 400);
}

/** GET has nothing to show. */
export function loader() {
  return notFoundText("Not found");
}
