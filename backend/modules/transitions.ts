import type { Trx } from "../db/index";
import { conflict, fail } from "../http/errors";

/**
 * What the state machines of orders, withdrawals and transfer orders share: a table of allowed
 * moves, (from, to, actor) picking at most one, and the actions a person may take now read
 * from the same table, so a page never offers a move the machine would refuse.
 */
export interface MoveRule<Status extends number, Actor extends string> {
  name: string;
  from: readonly Status[];
  to: Status;
  actors: readonly Actor[];
}

/** The base of every transition's input: the status the caller saw (the compare-and-set fails if it moved), the one asked for, who, when. */
export interface MoveInput<Status extends number, Actor extends string> {
  from: number;
  to: Status;
  actor: Actor;
  now: Date;
}

const leavesFrom = (r: MoveRule<number, string>, status: number) => (r.from as readonly number[]).includes(status);

/** The rule for the move (from → to) by `actor`, if the table allows it. */
export function ruleFor<R extends MoveRule<number, string>>(rules: readonly R[], from: number, to: number, actor: R["actors"][number]): R | undefined {
  return rules.find((r) => leavesFrom(r, from) && r.to === to && r.actors.includes(actor));
}

/** Whether `actor` may take one of the rules named `names` from `status` now. */
export function mayTake<R extends MoveRule<number, string>>(rules: readonly R[], names: readonly string[], status: number, actor: R["actors"][number]): boolean {
  return rules.some((r) => names.includes(r.name) && leavesFrom(r, status) && r.actors.includes(actor));
}

/**
 * One entity's machine: its table of moves and how a move is written. Every state machine moves
 * through `applyMove`, so each has the same shape: the rule is found or the move refused, the
 * status changes by compare-and-set (someone else's move first is a conflict, never a double
 * move), then the effects, the audit (the timeline) and the events (notices), all in the caller's
 * transaction.
 */
export interface Machine<R extends MoveRule<number, string>, I extends MoveInput<number, R["actors"][number]>, Row> {
  rules: readonly R[];
  /** The refusal when the table has no such move from this status. */
  notPossible: (status: number) => string;
  /** The refusal when someone else moved it first (code 7). */
  changed: string;
  /** Checks what the move needs before anything is written (a reason, a picture); throws a refusal. */
  check?: (rule: R, input: I) => void;
  /** The compare-and-set: writes the move only while the status is still `input.from` (and the rule's own guards); the moved row, or undefined. */
  write: (trx: Trx, rule: R, input: I) => Promise<Row | undefined>;
  /** What the move does besides the status (money, figures); a throw rolls the move back. The row as it now stands. */
  effects?: (trx: Trx, rule: R, row: Row, input: I) => Promise<Row>;
  /** The timeline line and the notices of the move. */
  record?: (trx: Trx, rule: R, row: Row, input: I) => Promise<void>;
}

/** Applies one move of `machine` (see Machine). */
export async function applyMove<R extends MoveRule<number, string>, I extends MoveInput<number, R["actors"][number]>, Row>(
  trx: Trx,
  machine: Machine<R, I, Row>,
  input: I,
): Promise<Row> {
  const rule = ruleFor(machine.rules, input.from, input.to, input.actor);
  if (!rule) throw fail(machine.notPossible(input.from));
  machine.check?.(rule, input);
  const moved = await machine.write(trx, rule, input);
  if (moved === undefined) throw conflict(machine.changed);
  const row = machine.effects ? await machine.effects(trx, rule, moved, input) : moved;
  await machine.record?.(trx, rule, row, input);
  return row;
}
