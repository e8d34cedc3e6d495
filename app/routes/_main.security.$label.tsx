/**
 * /security/{label} for a label that is not one of the tabs (each tab has its own route): the
 * default tab, so an old or mistyped address still lands in Settings.
 */
import { redirect } from "~/services/kit/http.server";
import { DEFAULT_SECURITY_LABEL } from "~/components/identity/security-tabs";

export const loader = () => redirect(`/security/${DEFAULT_SECURITY_LABEL}`);
