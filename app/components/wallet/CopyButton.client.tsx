/**
 * Copy a text (a deposit address) with the clipboard API: 'Copied', or
 * 'Copy Fail: Not Support' when the browser refuses (docs/product/messages.md). A client-only
 * island: without JavaScript the address is plain selectable text. The markup is CopyButtonView's.
 */
import { useEffect, useState } from "react";
import { COPIED, COPIED_MS, COPY_FAIL, copyText } from "~/components/ui/clipboard";
import { CopyButtonView } from "./CopyButton";

export default function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [result, setResult] = useState<string | null>(null);
  useEffect(() => {
    if (!result) return;
    const t = setTimeout(() => setResult(null), COPIED_MS);
    return () => clearTimeout(t);
  }, [result]);
  return <CopyButtonView text={text} label={label} result={result} onCopy={async () => setResult((await copyText(text)) ? COPIED : COPY_FAIL)} />;
}
