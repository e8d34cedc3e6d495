/** A user's name as a link to their public page (/userInfo/{id}): offers, orders and chat headers. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cx } from "~/components/ui/cx";

export const userInfoHref = (userId: number) => `/userInfo/${userId}`;

export function UserLink({ userId, children, className, testId }: { userId: number; children: ReactNode; className?: string; testId?: string }) {
  return (
    <Link to={userInfoHref(userId)} className={cx("text-inherit underline-offset-2 hover:text-brand-700 hover:underline", className)} data-testid={testId}>
      {children}
    </Link>
  );
}
