import { TWO_FACTOR_MESSAGES as M } from "../../../contract/two-factor";
import { twoFactorRequiredRoles, type BackendConfig, type DeskRole } from "../../config";
import type { User } from "../../db/schema";
import { DESK_OF_ROLE, desksOf, requireUser, type CallContext } from "../../http/context";
import { forbidden } from "../../http/errors";
import { twoFactorOn } from "./store";

/**
 * Who must turn two-factor sign-in on (ADR 0057): the roles TWO_FACTOR_REQUIRED_ROLES names
 * (administrators and withdrawers in production by default, nobody in development and the demo
 * world). Such a user signs in and sells as anyone does, but the calls of the desk of that role are
 * refused until two-factor is on; the web tier sends her to set it up.
 */

/** Whether any desk the user may open needs two-factor on first. */
export function requiredForDesk(config: BackendConfig, user: User): boolean {
  const desks = desksOf(user);
  return [...twoFactorRequiredRoles(config)].some((role) => desks[DESK_OF_ROLE[role]]);
}

/** A desk's call (its role already checked): refused (code 4, M.requiredForDesk) while the role needs two-factor and it is off. */
export async function requireTwoFactorForDesk(ctx: CallContext, role: DeskRole): Promise<void> {
  if (!twoFactorRequiredRoles(ctx.config).has(role)) return;
  if (!(await twoFactorOn(ctx.db, requireUser(ctx).id))) throw forbidden(M.requiredForDesk);
}
