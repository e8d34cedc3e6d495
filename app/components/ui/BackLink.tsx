/** The "← Orders" link at the top of a page: safe-back (SafeBack.tsx), its parent page `to` when there is nothing of ours to go back to. */
import type { ReactNode } from "react";
import { SafeBack } from "./SafeBack";

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return <SafeBack to={to}>{children}</SafeBack>;
}
