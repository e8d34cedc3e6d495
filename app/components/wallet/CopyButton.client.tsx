/**
 * Copy a text (a deposit address) with the clipboard API: 'Copied', or
 * 'Copy Fail: Not Support' when the browser refuses (docs/product/messages.md). A client-only
 * island: without JavaScript the address is plain selectable text.
 */
import { useEffect, useState } from "react";
import { Button, CopyIcon } from "~/components/ui";

export const COPIED = "Copied";
export const COPY_FAIL = "Copy Fail: Not Support";

export default function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [result, setResult] = useState<string | null>(null);
  useEffect(() => {
    if (!result) return;
    const t = setTimeout(() => setResult(null), 3000);
    return () => clearTimeout(t);
  }, [result]);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={async () => {
          try {
            if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
            await navigator.clipboard.writeText(text);
            setResult(COPIED);
          } catch {
            setResult(COPY_FAIL);
          }
        }}
        data-testid="copy-address"
      >
        <CopyIcon className="h-4 w-4" />
        {label}
      </Button>
      <span role="status" aria-live="polite" className={result === COPIED ? "text-sm font-medium text-money-in-700" : "text-sm font-medium text-money-out-700"}>
        {result ?? ""}
      </span>
    </span>
  );
}
