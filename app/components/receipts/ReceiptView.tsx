/**
 * A receipt as the page draws it (ADR 0075): the same model the PDF is drawn from, one sheet with
 * the reference, both parties, the amounts, the times (in her zone, written by the backend) and
 * what identifies it. On paper it is black on white, without the site's bars or the buttons.
 */
import type { Receipt, ReceiptLine } from "../../../contract/calls/receipts";
import { buttonClasses } from "~/components/ui/button-classes";

function Lines({ title, id, lines }: { title: string; id: string; lines: ReceiptLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={id} className="border-t border-gray-200 pt-3 print:border-black">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-gray-600 print:text-black">
        {title}
      </h2>
      <dl className="mt-1 divide-y divide-gray-100 print:divide-gray-300">
        {lines.map((l) => (
          <div key={l.label} className="flex items-baseline justify-between gap-3 py-1.5">
            <dt className="text-sm text-gray-600 print:text-black">{l.label}</dt>
            <dd className="num wrap-anywhere text-right text-sm font-medium text-gray-900 print:text-black" data-testid={`receipt-${slug(l.label)}`}>
              {l.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function printPage(event: { preventDefault(): void }) {
  event.preventDefault();
  window.print();
}

const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export function ReceiptView({ receipt: r, pdfHref }: { receipt: Receipt; pdfHref: string }) {
  return (
    <article
      className="mx-auto flex w-full max-w-xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6 print:max-w-none print:p-0 print:shadow-none print:ring-0"
      aria-labelledby="receipt-title"
      data-testid="receipt"
    >
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-brand-700 print:text-black">GiftMarket receipt</p>
        <h1 id="receipt-title" className="text-xl font-bold text-gray-900 print:text-black">
          {r.title}
        </h1>
        <p className="text-sm text-gray-700 print:text-black">
          Reference{" "}
          <strong className="num font-semibold text-gray-900 print:text-black" data-testid="receipt-reference">
            {r.reference}
          </strong>
        </p>
        <p className="text-sm text-gray-700 print:text-black">
          Status <strong className="font-semibold text-money-in-700 print:text-black">{r.status}</strong>
        </p>
      </header>
      <Lines title="Parties" id="receipt-parties" lines={r.parties.map((p) => ({ label: p.role, value: p.name }))} />
      <Lines title="Amounts" id="receipt-amounts" lines={r.amounts} />
      <Lines title="Times" id="receipt-times" lines={r.times} />
      <Lines title="Details" id="receipt-details" lines={r.details} />
      <p className="text-xs text-gray-600 print:text-black">
        Times are in {r.timeZone.replace(/_/g, " ")}. Amounts are as recorded when the {r.kind} was made.
      </p>
      <div className="flex flex-wrap gap-2 print:hidden">
        <a href={pdfHref} download className={buttonClasses({ variant: "primary" })} data-testid="receipt-pdf">
          Download PDF
        </a>
        {/* Printing needs a script: the button shows only with JavaScript. Its onClick when React drew
            the page (a hydrated page's link led here), the print touch when the page is islands-only. */}
        <button type="button" data-print="" onClick={printPage} className={buttonClasses({ variant: "secondary", className: "hidden js:inline-flex" })}>
          Print
        </button>
      </div>
    </article>
  );
}
