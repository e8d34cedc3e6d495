/** /security/kycVerification: identity verification (components/identity/KycTab.tsx, services/forms/kyc.server.ts). */
import type { MetaFunction } from "~/services/kit/http.server";
import { kycAction, kycLoader } from "~/services/forms/kyc.server";
import { KycTab } from "~/components/identity/KycTab";
import { securityTitle } from "~/components/identity/security-tabs";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

export const meta: MetaFunction = () => [{ title: securityTitle("kycVerification") }];
export const loader = kycLoader;
export const action = kycAction;
export default KycTab;

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to verify your identity." />;
}
