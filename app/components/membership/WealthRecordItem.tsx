import type { WealthRecord } from "../../../contract/entities";
import { wealthRecordTypeLabels } from "../../../contract/enums";
import { DateTime } from "~/components/ui";
import { WealthAmount } from "./WealthAmount";

/** The Vip Records columns (docs/product/screens.md); the header row and every record share them. */
export const RECORD_COLUMNS = "grid grid-cols-[5.5rem_4.75rem_1fr_auto] items-center gap-x-2 px-3";

export function WealthRecordHeader() {
  return (
    <div className={`${RECORD_COLUMNS} text-xs font-medium text-gray-600`} aria-hidden="true">
      <span>Date</span>
      <span>Type</span>
      <span>Description</span>
      <span className="text-right">Vip Points</span>
    </div>
  );
}

/** One Vip Record: Date, Type, Description, Vip Points (labelled for screen readers, the header is visual). */
export function WealthRecordItem({ record: r }: { record: WealthRecord }) {
  return (
    <div className={`${RECORD_COLUMNS} rounded-xl bg-white py-3 text-sm shadow-sm ring-1 ring-gray-200`} data-testid="wealth-record">
      <span className="text-xs text-gray-600">
        <span className="sr-only">Date </span>
        <DateTime ms={r.tradeTime} />
      </span>
      <span className="text-gray-700">
        <span className="sr-only">Type </span>
        {wealthRecordTypeLabels[r.type]}
      </span>
      <span className="min-w-0 wrap-anywhere text-gray-900">{r.descriptionEn}</span>
      <span className="text-right">
        <span className="sr-only">Vip Points </span>
        <WealthAmount value={r.transAmount} />
      </span>
    </div>
  );
}
