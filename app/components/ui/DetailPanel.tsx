/** The white titled panel and the label/value row of the details screens (/orderDetails, /withdrawDetails). */
import type { ReactNode } from "react";

export function DetailPanel({ title, labelId, children }: { title: string; labelId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={labelId} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id={labelId} className="mb-2 text-base font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One row of a <dl> inside a DetailPanel. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="num text-right text-sm font-medium text-gray-900">{children}</dd>
    </div>
  );
}

/** A remark the user wrote, under a panel's rows, kept as typed (line breaks too). */
export function RemarkLine({ text, className = "mt-3" }: { text: string; className?: string }) {
  return (
    <p className={`${className} text-sm text-gray-700`}>
      <span className="font-medium text-gray-900">Remark: </span>
      <span className="whitespace-pre-line wrap-anywhere">{text}</span>
    </p>
  );
}
