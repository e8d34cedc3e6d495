/**
 * The withdrawer desk's layout route (ADR 0037): only an <Outlet />. It exists for its action: a
 * POST to /desk/withdrawals (without ?index) lands here, and must answer like an unknown path
 * (ADR 0034) instead of the main layout's 405, which would tell a seller that the desk exists.
 */
import { Outlet } from "@remix-run/react";
import { nothingToPost } from "~/services/desk/withdrawer-desk.server";

export const action = nothingToPost;

export default function WithdrawerDeskLayout() {
  return <Outlet />;
}
