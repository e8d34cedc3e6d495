/**
 * The seller's e-codes as a numbered list, each exactly as typed (ADR 0014): drawn by the
 * island (with a Copy button per code, `action`) and by the page without JavaScript (ADR 0060).
 */
import type { ReactNode } from "react";
import { CardCodeText } from "~/components/orders/CardCodeText";

export function CardCodeList({ codes, codeFormat, action }: { codes: readonly string[]; codeFormat?: string; action?: (code: string, index: number) => ReactNode }) {
  return (
    <ol className="flex flex-col gap-2" data-testid="card-codes">
      {codes.map((code, i) => (
        <li key={`${i}-${code}`} className="flex items-center gap-2 rounded-lg bg-gray-50 px-3 py-2 ring-1 ring-inset ring-gray-200">
          <span className="num w-5 shrink-0 text-right text-xs text-gray-500">{i + 1}.</span>
          <CardCodeText code={code} format={codeFormat} className="min-w-0 flex-1 text-sm text-gray-900" />
          {action?.(code, i)}
        </li>
      ))}
    </ol>
  );
}
