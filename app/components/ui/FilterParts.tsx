/**
 * The pieces the list filters share (offers, orders, wallet, withdrawals): the From/To date
 * inputs, and Apply (only without JavaScript, where nothing submits on change) beside Reset,
 * a link to the unfiltered list (a history entry, see filter-form.ts); what an empty filtered
 * list says.
 */
import { Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, ButtonLink, EmptyState, buttonClasses, controlClasses } from "~/components/ui";

export function DateFields({ idPrefix, start, end }: { idPrefix: string; start: string; end: string }) {
  return (
    <>
      <DateField id={`${idPrefix}-start`} name="start" label="From" value={start} />
      <DateField id={`${idPrefix}-end`} name="end" label="To" value={end} />
    </>
  );
}

function DateField({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        {label}
      </label>
      <input id={id} type="date" name={name} defaultValue={value} className={controlClasses(false, "h-10 text-sm")} />
    </div>
  );
}

export function FilterActions({
  resetTo,
  active,
  applyLabel,
  resetLabel,
  resetOnlyWhenActive = false,
  className = "col-span-2 flex items-center gap-2 sm:col-span-1",
}: {
  resetTo: string;
  /** Whether any filter is applied: Reset is dimmed (or, with resetOnlyWhenActive, absent) when not. */
  active: boolean;
  applyLabel: string;
  resetLabel: string;
  resetOnlyWhenActive?: boolean;
  className?: string;
}) {
  const hydrated = useHydrated();
  const showReset = active || !resetOnlyWhenActive;
  if (hydrated && !showReset) return null;
  return (
    <div className={className}>
      {!hydrated ? (
        <Button type="submit" size="sm">
          {applyLabel}
        </Button>
      ) : null}
      {showReset ? (
        <Link
          to={resetTo}
          preventScrollReset
          aria-disabled={!active || undefined}
          className={buttonClasses({ variant: "ghost", size: "sm", className: active ? "" : "text-gray-600" })}
        >
          {resetLabel}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The empty state of a list whose filters match nothing (ADR 0061): it says so and offers Reset,
 * instead of the list's "nothing here yet" (which told a seller with orders to sell a card).
 */
export function NoMatch({ what, resetTo, resetLabel }: { what: string; resetTo: string; resetLabel: string }) {
  return (
    <EmptyState
      className="rounded-xl bg-white"
      title={`No ${what} match these filters`}
      description="Change the filters, or reset them to see them all."
      action={
        <ButtonLink to={resetTo} variant="secondary" preventScrollReset>
          {resetLabel}
        </ButtonLink>
      }
    />
  );
}
