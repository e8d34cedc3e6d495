/** The evidence form's names and its refusal (ADR 0074), shared by the form and its post. */
export const EVIDENCE_INTENT = "evidence";
export const EVIDENCE_FIELDS = { statement: "statement", pictures: "pictures" } as const;

export interface EvidenceRefusal {
  error: string;
  /** The field the message belongs at; null: above the button. */
  field: (typeof EVIDENCE_FIELDS)[keyof typeof EVIDENCE_FIELDS] | null;
  /** The statement as typed. */
  statement: string;
}
