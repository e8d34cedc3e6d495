/**
 * The pictures a sell form posted without JavaScript: the action uploads them under the form's
 * secret as the ImagePicker island would (the backend compresses), for one card or each card of a
 * several-cards form (ADR 0073).
 */
import { UploadImageType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/messages";
import type { Api } from "~/services/kit/caller.server";
import { isSupportedImage } from "~/services/forms/sell";
import { sha256Hex } from "./card-secret";

/** The non-empty files of a file input. */
export const postedFiles = (form: FormData, name: string): File[] =>
  form.getAll(name).filter((f): f is File => typeof f === "object" && f !== null && (f as File).size > 0);

/** Uploads the files in order, adding each path to `paths`; the message of the first one refused, or null. */
export async function uploadCardFiles(api: Api, secret: string, files: readonly File[], paths: string[]): Promise<string | null> {
  if (files.length === 0) return null;
  if (files.some((f) => !isSupportedImage(f))) return MESSAGES.unsupportedImage;
  const secretHash = await sha256Hex(secret);
  for (const file of files) {
    const form = new FormData();
    form.set("file", file, file.name || "card.jpg");
    form.set("type", UploadImageType.Order);
    form.set("secret", secretHash);
    const up = await api.call("/image/uploadImage", undefined, { form });
    if (!up.ok) return up.code < 0 ? MESSAGES.uploadFailed : up.msg || MESSAGES.uploadFailed;
    paths.push(up.data.path);
  }
  return null;
}
