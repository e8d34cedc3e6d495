/**
 * A date range as a GET form: Apply without JavaScript, submitted on change
 * with it; Reset is a link that drops the range. `hidden` keeps other
 * parameters (the tab) in the query. Every change, Reset included, is a
 * history entry, so Back returns to the previous range (FILTER_FORM_PROPS).
 */
import { Link, useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, buttonClasses, controlClasses } from "~/components/ui";
import { toQuery, type DateRange } from "./dates";
import { Form } from "~/components/ui/Form";
import { FILTER_FORM_PROPS, FILTER_NAVIGATE_OPTIONS } from "~/components/ui/filter-form";

export function DateRangeFilter({
  path,
  range,
  hidden = {},
  label,
  idPrefix,
}: {
  path: string;
  range: DateRange;
  hidden?: Record<string, string | number | null | undefined>;
  label: string;
  idPrefix: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const active = Boolean(range.start || range.end);

  function onChange(e: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    const fd = new FormData(e.currentTarget);
    navigate(`${path}${toQuery({ ...hidden, start: String(fd.get("start") ?? ""), end: String(fd.get("end") ?? "") })}`, FILTER_NAVIGATE_OPTIONS);
  }

  return (
    <Form
      action={path}
      {...FILTER_FORM_PROPS}
      key={`${range.start}|${range.end}|${JSON.stringify(hidden)}`}
      onChange={onChange}
      aria-label={label}
      className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end sm:p-4"
    >
      {Object.entries(hidden).map(([k, v]) =>
        v !== null && v !== undefined && v !== "" && v !== 0 ? <input key={k} type="hidden" name={k} value={String(v)} /> : null,
      )}
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${idPrefix}-start`} className="text-sm font-medium text-gray-900">
          From
        </label>
        <input id={`${idPrefix}-start`} type="date" name="start" defaultValue={range.start} className={controlClasses(false, "h-10 text-sm")} />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${idPrefix}-end`} className="text-sm font-medium text-gray-900">
          To
        </label>
        <input id={`${idPrefix}-end`} type="date" name="end" defaultValue={range.end} className={controlClasses(false, "h-10 text-sm")} />
      </div>
      <div className="col-span-2 flex items-center gap-2 sm:col-span-1">
        {!hydrated ? (
          <Button type="submit" size="sm">
            Apply
          </Button>
        ) : null}
        <Link
          to={`${path}${toQuery(hidden)}`}
          preventScrollReset
          aria-disabled={!active || undefined}
          className={buttonClasses({ variant: "ghost", size: "sm", className: active ? "" : "text-gray-600" })}
        >
          Reset
        </Link>
      </div>
    </Form>
  );
}
