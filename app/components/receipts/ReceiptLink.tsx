/** "Receipt": the link to the receipt of a completed order, withdrawal or transfer (ADR 0075). */
import { Link } from "@remix-run/react";
import { receiptPath, type ReceiptKind } from "../../../contract/receipts";
import { buttonClasses } from "~/components/ui/button-classes";
import { cx } from "~/components/ui/cx";

export function ReceiptLink({ kind, id, look = "button", className }: { kind: ReceiptKind; id: number; look?: "button" | "text"; className?: string }) {
  const classes =
    look === "button"
      ? buttonClasses({ variant: "secondary", size: "sm", className })
      : cx("text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800", className);
  return (
    <Link to={receiptPath(kind, id)} className={classes} aria-label={`Receipt of ${kind} ${id}`} data-testid="receipt-link">
      Receipt
    </Link>
  );
}

/** Across a completed order's or withdrawal's details: the receipt is ready, and the way to it. */
export function ReceiptNotice({ kind, id }: { kind: ReceiptKind; id: number }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:px-4" data-testid="receipt-notice">
      <p className="text-sm text-gray-700">Your receipt is ready to print or save as a PDF.</p>
      <ReceiptLink kind={kind} id={id} className="shrink-0" />
    </div>
  );
}
