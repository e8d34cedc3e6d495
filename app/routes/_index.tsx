import { redirect } from "~/services/kit/http.server";

/** "/" → /home (docs/product/screens.md). */
export const loader = () => redirect("/home");
