import type { AnyCallInput, AnyCallResponse, AnyPath } from "../../contract/index";
import { requireRole, type CallContext, type DESK_OF_ROLE } from "./context";
import type { Handler } from "./handler-types";

/** The calls that do something and answer null (a desk's buttons). */
type CommandPath = { [P in AnyPath]: AnyCallResponse<P> extends null ? P : never }[AnyPath];

/**
 * A desk's command: the caller must hold `role` (requireRole, the one role rule), then `run` does
 * the work as that user (the state machines check the record is theirs to move); the call answers null.
 */
export function deskCommand<P extends CommandPath>(
  role: keyof typeof DESK_OF_ROLE,
  run: (actorId: number, input: AnyCallInput<P>, ctx: CallContext) => Promise<unknown>,
): Handler<P> {
  return async (input, ctx) => {
    await run(requireRole(ctx, role).id, input, ctx);
    return null as AnyCallResponse<P>;
  };
}
