/** /security: the default tab is tradePassword (docs/product/screens.md). */
import { redirect } from "~/services/kit/http.server";
import { DEFAULT_SECURITY_LABEL } from "~/components/identity/security-tabs";

export const loader = () => redirect(`/security/${DEFAULT_SECURITY_LABEL}`);
