import type { ReactNode } from "react";
import { cx } from "./cx";

/**
 * A part of a page named by its heading: the <section> is labelled by its <h2> (screen readers list
 * it by that name), with what acts on the whole part (a link, an Add button) beside the title.
 * `large` is the heading of a tab's one part (Bank accounts); the default that of a page's parts.
 */
export function TitledSection({
  id,
  title,
  aside,
  large,
  children,
}: {
  /** The heading's id is `${id}-title`. */
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  large?: boolean;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  const heading = (
    <h2 id={titleId} className={cx(large ? "text-lg" : "text-base", "font-semibold text-gray-900")}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={titleId} className={cx("flex flex-col", large ? "gap-4" : "gap-3")}>
      {aside ? (
        <div className="flex items-center justify-between gap-3">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
