/**
 * What both sell forms of an offer share in the browser (one card, or several: ADR 0073).
 */
import type { ShouldRevalidateFunction } from "@remix-run/react";

/** After its own post the page keeps its secret (a new one would orphan uploaded pictures). */
export const sellFormShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() === "POST" && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};
