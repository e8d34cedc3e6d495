import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/** With JavaScript, re-reads the page's data every `ms` while `on` and the page is visible (something else moves it on). */
export function useRevalidateEvery(ms: number, on: boolean) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!hydrated || !on) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, ms);
    return () => clearInterval(timer);
  }, [hydrated, on, ms, revalidator]);
}
