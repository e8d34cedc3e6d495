import type { LayoutData } from "./layout.server";

/** The main layout's route: where its loader data is found, in the browser and on the server. */
export const LAYOUT_ROUTE = "routes/_main";

/** The layout's data from a document's loader data (the server's entry); undefined outside the layout. */
export function layoutDataOf(loaderData: Record<string, unknown>): LayoutData | undefined {
  return loaderData[LAYOUT_ROUTE] as LayoutData | undefined;
}
