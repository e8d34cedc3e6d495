/** The support forms' names and their refusal (ADR 0078), shared by the forms and their posts. */
export const TICKET_FIELDS = { kind: "kind", item: "item", refId: "refId", title: "title", body: "body", pictures: "pictures", rating: "rating" } as const;
export type TicketField = (typeof TICKET_FIELDS)[keyof typeof TICKET_FIELDS];

export const NEW_TICKET_INTENT = "create";
export const REPLY_INTENT = "reply";
export const CLOSE_INTENT = "close";

export interface TicketRefusal {
  intent: string;
  error: string;
  /** The field the message belongs at; null: above the button. */
  field: TicketField | null;
  /** What was typed (pictures are chosen again: a browser cannot refill a file input). */
  typed: Record<string, string>;
}
