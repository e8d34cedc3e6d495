/**
 * The two steps of a security tab (docs/product/screens.md): an intro that says what the form does, with a
 * Continue link to `?step=form` (a plain link, so it works without JavaScript), then the form in
 * the same white card.
 */
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui";
import { FORM_STEP } from "./security-tabs";

export function SecurityCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="security-card-title" className="mx-auto w-full max-w-md rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <h2 id="security-card-title" className="mb-3 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SecurityIntro({ title, points, label }: { title: string; points: readonly string[]; label: string }) {
  return (
    <SecurityCard title={title}>
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-gray-700">
        {points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <ButtonLink to={`/security/${label}?step=${FORM_STEP}`} fullWidth size="lg">
        Continue
      </ButtonLink>
    </SecurityCard>
  );
}

/** Whether the page shows the form step (?step=form, or the action answered). */
export const onFormStep = (search: URLSearchParams) => search.get("step") === FORM_STEP;
