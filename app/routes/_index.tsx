import { redirect } from "~/services/kit/http.server";

/** "/" → /home (spec §2). */
export const loader = () => redirect("/home");
