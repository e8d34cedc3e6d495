import { z } from "zod";
import { KYC_IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES } from "../constants";
import { defineCall } from "../define";
import { UploadImageType } from "../enums";
import { uploadImageTypeSchema } from "../enum-schemas";
import { imageFile } from "../fields";

/** Uploads (backend/modules/images). */
export const imagesCalls = {
  "/image/uploadImage": defineCall({
    path: "/image/uploadImage",
    auth: "user",
    upload: true,
    request: z
      .object({
        file: imageFile,
        type: uploadImageTypeSchema,
        /** Hash of the advert secret; required for order images (they are stored encrypted with a key derived from it). */
        secret: z.string().trim().max(256, "The secret is too long.").optional(),
      })
      .superRefine((v, ctx) => {
        const max = v.type === UploadImageType.Cert ? KYC_IMAGE_MAX_BYTES : UPLOAD_MAX_BYTES;
        if (v.file.size > max)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["file"], message: `The image must be at most ${max / 1024 / 1024}M.` });
        if (v.type === UploadImageType.Order && !v.secret)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["secret"], message: "The order secret is required." });
      }),
    response: z.object({ path: z.string() }),
    doc: "Multipart upload of an avatar, KYC (cert, at most 2M) or order image; returns its stored path.",
  }),
};
