/** /security/bindEmail: bind or change the email (components/identity/BindContactTab.tsx, services/forms/bind.server.ts). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "~/services/kit/http.server";
import { LoginType } from "../../contract/enums";
import { bindAction, bindLoader } from "~/services/forms/bind.server";
import { BindContactTab } from "~/components/identity/BindContactTab";
import { securityTitle } from "~/components/identity/security-tabs";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

export const meta: MetaFunction = () => [{ title: securityTitle("bindEmail") }];
export const loader = (args: LoaderFunctionArgs) => bindLoader(args, LoginType.Email);
export const action = (args: ActionFunctionArgs) => bindAction(args);
export default BindContactTab;

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to bind your email." />;
}
