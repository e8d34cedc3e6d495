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
