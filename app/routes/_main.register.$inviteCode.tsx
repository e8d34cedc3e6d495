/**
 * /register/{inviteCode}: the registration page with the invitation code
 * prefilled and read-only. The loader is the parent's (_main.register.tsx,
 * which sees this route's params); the action is the same.
 */
import type { ActionFunctionArgs } from "~/services/kit/http.server";
import { RegisterPage } from "~/components/auth/RegisterPage";
import { registerAction } from "~/services/forms/auth.server";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only as /register is (ADR 0067). */
export const handle: IslandsHandle = { islands: ["code-field"] };

export const action = (args: ActionFunctionArgs) => registerAction(args);

export default function RegisterWithInviteRoute() {
  return <RegisterPage />;
}
