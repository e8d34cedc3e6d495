import { useRouteLoaderData } from "@remix-run/react";
import type { LayoutData } from "../../services/layout.server";

/** The main layout's loader data (user, NGN rate, coin name, contact, counts, notices, toast). */
export function useMainLayoutData(): LayoutData {
  return useRouteLoaderData("routes/_main") as LayoutData;
}

export type { LayoutData };
