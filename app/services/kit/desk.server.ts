/**
 * The desks (merchant /desk, withdrawer /desk/withdrawals, staff /staff; ADR 0034) exist only
 * for their role. Anyone else — a guest, a seller, another role, a session the backend no
 * longer knows — gets exactly what an unknown path gets (routes/$.tsx), so a desk URL gives
 * no hint that it exists. The backend decides the role (/userInfo/getDesks) and checks it
 * again on every /merchant and /admin call; a refusal there (code 4) also ends as a missing route,
 * except one that says the role needs two-factor sign-in first (ADR 0057): that user is sent to set
 * it up, and back to the desk after.
 *
 *   export const loader = async ({ request, context }) => {
 *     const api = await requireDesk(request, context, "merchant");
 *     …
 *   };
 */
import { Code } from "../../../contract/envelope";
import { TWO_FACTOR_MESSAGES } from "../../../contract/two-factor";
import type { Desks } from "../../../contract/entities";
import { apiFor, type Api } from "~/services/kit/caller.server";
import { endsSignIn, screened } from "./api.server";
import { redirect, type AppLoadContext } from "./http.server";

export type Desk = keyof Desks;

/** What any path without a route answers (docs/product/screens.md: unknown paths go home). */
export function missingRoute(): Response {
  return redirect("/home");
}

/** The two-factor tab, and back to this desk page once it is on. */
function twoFactorFirst(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  return redirect(`/security/twoFactor?redirectTo=${encodeURIComponent(pathname + search)}`);
}

/** The caller for a desk's loader or action, or the missing-route answer thrown. */
export async function requireDesk(request: Request, context: AppLoadContext, desk: Desk): Promise<Api> {
  const api = await apiFor(request, context);
  if (!api.signedIn) throw missingRoute();
  const desks = await api.call("/userInfo/getDesks");
  if (!desks.ok || !desks.data[desk]) throw missingRoute();
  return screened(api, (result) => {
    if (result.code === Code.FORBIDDEN && result.msg === TWO_FACTOR_MESSAGES.requiredForDesk) return twoFactorFirst(request);
    // Signed out meanwhile, or the role was taken away: the desk is gone for this visitor.
    if (endsSignIn(result) || result.code === Code.FORBIDDEN) return missingRoute();
    return undefined;
  });
}
