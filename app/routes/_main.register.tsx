/**
 * /register and, through its child route, /register/{inviteCode}: e-mail or
 * mobile (?tab=mobile), a REGISTER code, nickname, password twice, optional
 * invitation code. Success → 'Success' and /login (docs/product/statuses.md).
 * Old share links {host}/#/register/CODE reach /register/CODE through the
 * inline script in the head (services/layout/hash-route.ts). Islands-only (ADR 0067), as /forgot:
 * the code field is the code-field island, and the form is checked by the server.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "~/services/kit/http.server";
import { useOutlet } from "@remix-run/react";
import { RegisterPage } from "~/components/auth/RegisterPage";
import { registerAction, registerLoader } from "~/services/forms/auth.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only, the child route too (the leaf's handle decides, ADR 0067). */
export const handle: IslandsHandle = { islands: ["code-field"] };

export const meta: MetaFunction = () => [{ title: "Create Account — GiftMarket" }];

/** Also serves /register/{inviteCode} (its params reach this parent loader). */
export const loader = (args: LoaderFunctionArgs) => registerLoader(args);
export const action = (args: ActionFunctionArgs) => registerAction(args);

export default function RegisterRoute() {
  // /register/{inviteCode}: the child renders the same page (it owns that URL's action data).
  const outlet = useOutlet();
  return outlet ?? <RegisterPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
