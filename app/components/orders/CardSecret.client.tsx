/**
 * The seller's e-code(s), decrypted in the browser (ADR 0007). A client-only
 * island, loaded lazily by /orderDetails behind <ClientOnly>: after hydration
 * it fetches {cardSecret, secret} from the order's resource route (never part
 * of the HTML) and decrypts with WebCrypto, or crypto-js where crypto.subtle
 * is missing. Each code has a Copy button ('Copied' / 'Copy Fail: Not Support')
 * that copies the code exactly as the seller typed it (ADR 0014).
 */
import { useCallback, useEffect, useState } from "react";
import { CopyIcon, Button, Skeleton } from "~/components/ui";
import { decryptCardSecret } from "~/services/orders/card-secret";
import { CardCodeList } from "~/components/orders/CardCodeList";
import { COPIED, COPY_FAIL, copyText } from "~/components/ui/clipboard";

type State = { kind: "loading" } | { kind: "ready"; codes: string[] } | { kind: "error"; message: string };

export default function CardSecret({ url, codeFormat }: { url: string; codeFormat?: string }) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const [copied, setCopied] = useState<{ index: number; ok: boolean } | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    setState({ kind: "loading" });
    try {
      const res = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store", credentials: "same-origin", signal });
      const body = (await res.json().catch(() => null)) as { cardSecret?: string; secret?: string; error?: string } | null;
      if (!res.ok || !body || typeof body.cardSecret !== "string" || typeof body.secret !== "string") {
        setState({ kind: "error", message: body?.error || "The card code could not be loaded." });
        return;
      }
      if (!body.cardSecret) {
        setState({ kind: "ready", codes: [] });
        return;
      }
      const text = await decryptCardSecret(body.cardSecret, body.secret);
      setState({ kind: "ready", codes: text.split("\n").filter((c) => c !== "") });
    } catch (e) {
      if (signal?.aborted) return;
      setState({ kind: "error", message: e instanceof Error && e.name === "CardSecretError" ? e.message : "The card code could not be loaded." });
    }
  }, [url]);

  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(t);
  }, [copied]);

  if (state.kind === "loading") {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span role="status" className="sr-only">
          Decrypting the card code
        </span>
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (state.kind === "error") {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium text-money-out-700">{state.message}</p>
        <Button type="button" variant="secondary" size="sm" onClick={() => void load()}>
          Retry
        </Button>
      </div>
    );
  }
  if (state.codes.length === 0) return <p className="text-sm text-gray-600">No code was sent with this order.</p>;
  return (
    <CardCodeList
      codes={state.codes}
      codeFormat={codeFormat}
      action={(code, i) => (
        <button
          type="button"
          onClick={async () => setCopied({ index: i, ok: await copyText(code) })}
          className="inline-flex h-9 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <CopyIcon className="h-4 w-4" />
          <span aria-live="polite">{copied?.index === i ? (copied.ok ? COPIED : COPY_FAIL) : "Copy"}</span>
        </button>
      )}
    />
  );
}
