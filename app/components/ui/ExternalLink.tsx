/** A link that opens another site in a new tab, and tells screen readers so. */
import type { ReactNode } from "react";
import { ExternalIcon } from "./Icon";

export function ExternalLink({ href, className, icon, children }: { href: string; className?: string; /** The ExternalIcon's classes; no icon when absent. */ icon?: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      {icon ? <ExternalIcon className={icon} /> : null}
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
