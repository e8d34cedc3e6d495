import { z } from "zod";
import { id } from "./define";

/**
 * Evidence in a dispute (docs/decisions/0074-dispute-evidence.md): while an order is in negotiation
 * or arbitration, its seller and its merchant each add entries of a statement and pictures, shown to
 * the other party and to staff in the order's timeline. One home for the limits, the words and the
 * web-tier addresses of the pictures, for the backend's checks and the forms alike.
 */

/** In negotiation (2) or in arbitration (3): the statuses in which either side adds evidence. */
export const evidenceOpen = (status: number): boolean => status === 2 || status === 3;

export const EVIDENCE_PICTURES_MAX = 5;
export const EVIDENCE_STATEMENT_MAX = 500;
export const EVIDENCE_ENTRIES_MAX = 10;

export const EVIDENCE_MESSAGES = {
  empty: "Please write a statement or add a picture.",
  statementTooLong: `The statement has at most ${EVIDENCE_STATEMENT_MAX} characters.`,
  tooManyPictures: `Add at most ${EVIDENCE_PICTURES_MAX} pictures at a time.`,
  tooManyEntries: `You have added evidence ${EVIDENCE_ENTRIES_MAX} times to this order, the most it takes.`,
  notInDispute: "Evidence can be added only while the order is in negotiation or arbitration.",
  pictureUnknown: "A picture was not uploaded. Please choose it again.",
  pictureMissing: "Picture not found.",
} as const;

export type EvidenceAuthor = "seller" | "merchant";

export const evidenceEntrySchema = z.object({
  id: z.number().int(),
  author: z.enum(["seller", "merchant"]),
  /** The statement opened (sealed at rest); "" when the entry is pictures only. */
  statement: z.string(),
  /** Each picture as a web-tier address that checks who asks (evidencePictureUrl). */
  pictures: z.array(z.string()),
  createdAt: z.number().int().nonnegative(),
});
export type EvidenceEntry = z.infer<typeof evidenceEntrySchema>;

/** Who reads an order's evidence, which decides the address its pictures are fetched through. */
export type EvidenceReader = "party" | "staff";

/** The web tier's address of one picture: the order's parties read through /orderEvidence, staff through the staff order page. */
export const evidencePictureUrl = (reader: EvidenceReader, orderId: number, evidenceId: number, index: number): string =>
  reader === "staff" ? `/staff/orders/${orderId}/evidence/${evidenceId}/${index}` : `/orderEvidence/${orderId}/${evidenceId}/${index}`;

/** The request of the add calls: the order, the statement, and the paths /image/uploadImage answered (type "evidence"). */
export const addEvidenceRequest = z
  .object({
    id,
    statement: z.string({ invalid_type_error: EVIDENCE_MESSAGES.statementTooLong }).trim().max(EVIDENCE_STATEMENT_MAX, EVIDENCE_MESSAGES.statementTooLong).default(""),
    pictures: z.array(z.string().max(300)).max(EVIDENCE_PICTURES_MAX, EVIDENCE_MESSAGES.tooManyPictures).default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.statement && v.pictures.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["statement"], message: EVIDENCE_MESSAGES.empty });
  });

export const evidencePictureRequest = z.object({
  id,
  evidenceId: id,
  index: z.coerce.number().int().nonnegative().max(EVIDENCE_PICTURES_MAX),
});

export const pictureResponse = z.object({
  /** "image/jpeg". */
  contentType: z.string(),
  /** The picture's bytes, base64. */
  base64: z.string(),
});
