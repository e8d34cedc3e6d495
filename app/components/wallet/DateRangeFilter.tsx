/**
 * A date range as a GET form: Apply without JavaScript, submitted on change
 * with it; Reset is a link that drops the range. `hidden` keeps other
 * parameters (the tab) in the query. Every change, Reset included, is a
 * history entry, so Back returns to the previous range (FILTER_FORM_PROPS).
 */
import { useNavigate } from "@remix-run/react";
import type { FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { DateFields, FilterActions } from "~/components/ui/FilterParts";
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
      // On an islands-only page the touches script submits it on change (app/touches/filters.ts).
      data-submit-on-change=""
      className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end sm:p-4"
    >
      {Object.entries(hidden).map(([k, v]) =>
        v !== null && v !== undefined && v !== "" && v !== 0 ? <input key={k} type="hidden" name={k} value={String(v)} /> : null,
      )}
      <DateFields idPrefix={idPrefix} start={range.start} end={range.end} />
      <FilterActions resetTo={`${path}${toQuery(hidden)}`} active={active} applyLabel="Apply" resetLabel="Reset" />
    </Form>
  );
}
