import { redirect } from "@remix-run/node";

/** "/" → /home (spec §2). */
export const loader = () => redirect("/home");
