import { missingRoute } from "~/services/kit/desk.server";

/**
 * Any unknown path → /home (docs/product/screens.md); the 404 page itself lives at /404. A post to one gets
 * the same answer, so a desk URL refused to its visitor (kit/desk.server.ts) cannot be told
 * from a path that does not exist, whatever the method.
 */
export const loader = () => missingRoute();
export const action = () => missingRoute();
