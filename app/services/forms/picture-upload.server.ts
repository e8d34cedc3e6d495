/**
 * A picture a form posted (multipart, with or without JavaScript), sent on to /image/uploadImage:
 * the stored path, or the message to show at the form's field. The backend decodes, shrinks
 * (≤ 1024 px) and re-encodes whatever arrives: a phone's photo posted without JavaScript too.
 */
import { UPLOAD_MAX_BYTES } from "../../../contract/constants";
import type { UploadImageType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/messages";
import type { Api } from "~/services/kit/caller.server";
import { isSupportedImage } from "~/services/forms/sell";

export const PICTURE_TOO_BIG = `The image must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024}M.`;

export async function uploadPicture(api: Api, file: Blob, type: UploadImageType): Promise<{ path: string } | { error: string }> {
  if (!isSupportedImage({ name: (file as File).name, type: file.type })) return { error: MESSAGES.unsupportedImage };
  if (file.size > UPLOAD_MAX_BYTES) return { error: PICTURE_TOO_BIG };
  const body = new FormData();
  body.set("file", file, (file as File).name || `${type}.jpg`);
  body.set("type", type);
  const r = await api.call("/image/uploadImage", undefined, { form: body });
  return r.ok ? { path: r.data.path } : { error: r.msg || MESSAGES.uploadFailed };
}
