import { TICKET_MESSAGES, TicketStatus, ticketStatusLabels } from "../../../contract/support";
import type { Trx } from "../../db/index";
import type { TicketsTable } from "../../db/schema";
import type { Selectable } from "kysely";
import { applyMove, type Machine, type MoveInput, type MoveRule } from "../transitions";

/**
 * The one owner of a support ticket's status (ADR 0078), through the shared applyMove:
 *
 * | from | to | who | when |
 * |---|---|---|---|
 * | 0 open, 1 waiting | 0 open | user | she writes (an answered ticket opens again) |
 * | 0 open, 1 waiting | 1 waiting | staff | staff answer her |
 * | 0 open, 1 waiting | 2 closed | user, staff | she closes it with her rating, or staff close it |
 *
 * A closed ticket takes no more messages: she opens a new one. A message is written only after
 * its move won the compare-and-set, so a reply never lands on a ticket someone closed meanwhile.
 */
export type TicketActor = "user" | "staff";
export type TicketRow = Selectable<TicketsTable>;

const S = TicketStatus;
export const TICKET_MOVES: readonly MoveRule<TicketStatus, TicketActor>[] = [
  { name: "userWrites", from: [S.Open, S.Waiting], to: S.Open, actors: ["user"] },
  { name: "staffAnswers", from: [S.Open, S.Waiting], to: S.Waiting, actors: ["staff"] },
  { name: "close", from: [S.Open, S.Waiting], to: S.Closed, actors: ["user", "staff"] },
];

export interface TicketMoveInput extends MoveInput<TicketStatus, TicketActor> {
  ticketId: number;
  rating?: "good" | "bad";
}

const TICKET_MACHINE: Machine<MoveRule<TicketStatus, TicketActor>, TicketMoveInput, TicketRow> = {
  rules: TICKET_MOVES,
  notPossible: (status) => (status === S.Closed ? TICKET_MESSAGES.closed : `This is not possible while the ticket is ${ticketStatusLabels[status as TicketStatus] ?? "in this status"}.`),
  changed: TICKET_MESSAGES.changed,
  write: (trx, rule, input) =>
    trx
      .updateTable("tickets")
      .set({ status: rule.to, updated_at: input.now, ...(input.rating ? { rating: input.rating } : {}) })
      .where("id", "=", input.ticketId)
      .where("status", "=", input.from)
      .returningAll()
      .executeTakeFirst(),
};

/** Moves a ticket (see the table above); the caller read `from` and has checked who may touch it. */
export const moveTicket = (trx: Trx, input: TicketMoveInput): Promise<TicketRow> => applyMove(trx, TICKET_MACHINE, input);
