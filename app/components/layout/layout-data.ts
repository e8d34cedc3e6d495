import { useRouteLoaderData } from "@remix-run/react";
import type { LayoutData } from "../../services/layout.server";

const LAYOUT_ROUTE = "routes/_main";

/** The main layout's loader data (user, NGN rate, coin name, contact, counts, notices, toast). */
export function useMainLayoutData(): LayoutData {
  return useRouteLoaderData(LAYOUT_ROUTE) as LayoutData;
}

/** The same, from a document's loader data (the server's entry); undefined outside the layout. */
export function layoutDataOf(loaderData: Record<string, unknown>): LayoutData | undefined {
  return loaderData[LAYOUT_ROUTE] as LayoutData | undefined;
}

export type { LayoutData };
