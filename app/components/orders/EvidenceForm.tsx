/**
 * Add evidence to a dispute (ADR 0074): a statement and up to 5 pictures, one multipart form posting to
 * the page's action, with or without JavaScript. With it the chosen pictures go up small (≤ 1024 px
 * JPEG, as the withdrawer's proof); without it the server shrinks them. A refusal keeps the statement
 * and puts its message at its field.
 */
import type { ChangeEvent } from "react";
import { EVIDENCE_PICTURES_MAX, EVIDENCE_STATEMENT_MAX } from "../../../contract/order-evidence";
import { Button, DetailPanel, Field, FormError, TextAreaField } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { EVIDENCE_FIELDS as F, EVIDENCE_INTENT, type EvidenceRefusal } from "~/services/orders/evidence";

async function shrinkPictures(e: ChangeEvent<HTMLInputElement>) {
  const input = e.currentTarget;
  const { shrinkChosenPicture } = await import("~/services/chat/images.client");
  await shrinkChosenPicture(input, "evidence");
}

/** The refusal an evidence post answered, if the page's action data is one. */
const refusalIn = (actionData: unknown): EvidenceRefusal | null =>
  actionData && typeof actionData === "object" && "evidence" in actionData ? (actionData.evidence as EvidenceRefusal) : null;

/**
 * "Your evidence": the panel and its form, the same on the seller's order page and the merchant's desk.
 * `entries` (how many are in the timeline) keys the form, so a new entry empties it (with JavaScript the
 * fields would otherwise stay as typed).
 */
export function EvidencePanel({ labelId, hint, entries, actionData }: { labelId: string; hint: string; entries: number; actionData: unknown }) {
  return (
    <DetailPanel title="Your evidence" labelId={labelId}>
      <EvidenceForm key={entries} hint={hint} refused={refusalIn(actionData)} />
    </DetailPanel>
  );
}

function EvidenceForm({ refused, hint }: { refused: EvidenceRefusal | null; hint: string }) {
  const errorAt = (field: EvidenceRefusal["field"]) => (refused && refused.field === field ? refused.error : null);
  return (
    <Form method="post" encType="multipart/form-data" replace preventScrollReset className="flex flex-col gap-1" aria-label="Add evidence" data-testid="evidence-form">
      <input type="hidden" name="intent" value={EVIDENCE_INTENT} />
      <p className="mb-2 text-sm text-gray-700">{hint}</p>
      <TextAreaField
        id="evidence-statement"
        name={F.statement}
        label="Statement"
        rows={3}
        maxLength={EVIDENCE_STATEMENT_MAX}
        defaultValue={refused?.statement}
        error={errorAt(F.statement)}
      />
      <Field
        id="evidence-pictures"
        name={F.pictures}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/gif,image/bmp"
        label="Pictures"
        hint={`Up to ${EVIDENCE_PICTURES_MAX}: a receipt of purchase, a balance screenshot.`}
        error={errorAt(F.pictures)}
        onChange={(e) => void shrinkPictures(e)}
      />
      <FormError id="evidence-error" errors={errorAt(null) ? [errorAt(null)!] : undefined} />
      <Button type="submit" variant="secondary" fullWidth>
        Add evidence
      </Button>
    </Form>
  );
}
