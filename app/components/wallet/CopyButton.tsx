/**
 * A copy button as the server draws it (wallet/CopyButton.client.tsx gives it its state when
 * hydrated): the button carries its text in `data-copy`, and the status beside it says Copied or
 * Copy Fail. On an islands-only page the copy touch (app/touches/copy.ts) makes it work.
 */
import { Button, CopyIcon } from "~/components/ui";
import { copyResultClass } from "~/components/ui/clipboard";

export function CopyButtonView({ text, label = "Copy", result = null, onCopy }: { text: string; label?: string; result?: string | null; onCopy?: () => void }) {
  return (
    <span className="inline-flex items-center gap-2">
      <Button type="button" variant="secondary" size="sm" onClick={onCopy} data-copy={text} data-testid="copy-address">
        <CopyIcon className="h-4 w-4" />
        {label}
      </Button>
      <span role="status" aria-live="polite" data-copy-status="" className={copyResultClass(result)}>
        {result ?? ""}
      </span>
    </span>
  );
}

/**
 * Without JavaScript, `hint` (select the text to copy it); with it (the `js` class), the button,
 * for the copy touch to bring to life on an islands-only page.
 */
export function CopyButtonTouch({ text, label, hint }: { text: string; label: string; hint: string }) {
  return (
    <>
      <p className="text-xs text-gray-600 js:hidden">{hint}</p>
      <span className="hidden js:inline">
        <CopyButtonView text={text} label={label} />
      </span>
    </>
  );
}
