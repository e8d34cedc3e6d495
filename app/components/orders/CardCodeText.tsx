/**
 * One e-code on screen, byte for byte as the seller typed it (ADR 0014). For
 * card types whose code format is known, a plain code is drawn in its blocks
 * with margins between them, never with spaces: selecting and copying the
 * text gives the code itself. whitespace-pre-wrap keeps any spaces the code
 * really has.
 */
import { codeBlocks } from "../../../contract/card-codes";
import { cx } from "~/components/ui/cx";

export function CardCodeText({ code, format, className }: { code: string; format?: string | null; className?: string }) {
  const blocks = codeBlocks(code, format);
  return (
    <code className={cx("whitespace-pre-wrap break-all font-mono tracking-wide", className)} data-testid="card-code" data-code={code}>
      {blocks
        ? blocks.map((b, i) => (
            <span key={i} className={i > 0 ? "ml-[0.6ch]" : undefined}>
              {b}
            </span>
          ))
        : code}
    </code>
  );
}
