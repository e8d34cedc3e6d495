/**
 * The evidence form's post (ADR 0074), on the seller's order page and the merchant's desk page alike:
 * each picture is uploaded (type "evidence"), then the entry is added with the statement. A refusal
 * comes back with the statement as typed and the message at its field; pictures are chosen again
 * (a browser cannot refill a file input).
 */
import { UploadImageType } from "../../../contract/enums";
import { EVIDENCE_MESSAGES, EVIDENCE_PICTURES_MAX, EVIDENCE_STATEMENT_MAX } from "../../../contract/order-evidence";
import type { Api } from "~/services/kit/caller.server";
import { uploadPicture } from "~/services/forms/picture-upload.server";
import { EVIDENCE_FIELDS as F, type EvidenceRefusal } from "./evidence";

/** Which field a refusal of the add call belongs at; anything else shows above the button. */
const FIELD_OF: Record<string, EvidenceRefusal["field"]> = {
  [EVIDENCE_MESSAGES.empty]: F.statement,
  [EVIDENCE_MESSAGES.statementTooLong]: F.statement,
  [EVIDENCE_MESSAGES.tooManyPictures]: F.pictures,
  [EVIDENCE_MESSAGES.pictureUnknown]: F.pictures,
};

/** null when added; else what the form shows. */
export async function postEvidence(
  api: Api,
  form: FormData,
  add: (body: { statement: string; pictures: string[] }) => ReturnType<Api["call"]>,
): Promise<EvidenceRefusal | null> {
  const typed = String(form.get(F.statement) ?? "");
  const refuse = (error: string, field: EvidenceRefusal["field"]): EvidenceRefusal => ({ error, field, statement: typed });
  const statement = typed.trim();
  const files = form.getAll(F.pictures).filter((f): f is File => f instanceof Blob && f.size > 0);
  // The contract's own checks, before any picture goes up.
  if (statement.length > EVIDENCE_STATEMENT_MAX) return refuse(EVIDENCE_MESSAGES.statementTooLong, F.statement);
  if (files.length > EVIDENCE_PICTURES_MAX) return refuse(EVIDENCE_MESSAGES.tooManyPictures, F.pictures);
  if (!statement && files.length === 0) return refuse(EVIDENCE_MESSAGES.empty, F.statement);
  const pictures: string[] = [];
  for (const file of files) {
    const up = await uploadPicture(api, file, UploadImageType.Evidence);
    if ("error" in up) return refuse(up.error, F.pictures);
    pictures.push(up.path);
  }
  const r = await add({ statement, pictures });
  return r.ok ? null : refuse(r.msg, FIELD_OF[r.msg] ?? null);
}
