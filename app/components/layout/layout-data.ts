import { useRouteLoaderData } from "@remix-run/react";
import type { LayoutData } from "../../services/layout/layout.server";
import { LAYOUT_ROUTE } from "../../services/layout/layout-route";

/** The main layout's loader data (user, NGN rate, coin name, contact, counts, notices, toast). */
export function useMainLayoutData(): LayoutData {
  return useRouteLoaderData(LAYOUT_ROUTE) as LayoutData;
}

export type { LayoutData };
