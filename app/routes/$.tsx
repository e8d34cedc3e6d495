import { redirect } from "~/services/kit/http.server";

/** Any unknown path → /home (spec §2). The 404 page itself lives at /404. */
export const loader = () => redirect("/home");
