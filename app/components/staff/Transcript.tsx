/** An order's chat as staff read it: oldest first, who wrote each line, read-only (ADR 0035). */
import { Link } from "@remix-run/react";
import type { TranscriptMessage } from "../../../contract/calls/orders-desks";
import { DateTime, cx } from "~/components/ui";

const WHO = { seller: "Seller", merchant: "Merchant", system: "System" } as const;

export function Transcript({ messages, orderId, next, first }: { messages: TranscriptMessage[]; orderId: number; next: number | null; first: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      {messages.length === 0 ? <p className="text-sm text-gray-600">No messages in this order's chat.</p> : null}
      <ol className="flex flex-col gap-2" data-testid="transcript">
        {messages.map((m) => (
          <li
            key={m.id}
            className={cx("max-w-[85%] rounded-lg px-3 py-2 text-sm", m.from === "seller" ? "self-start bg-gray-100" : m.from === "merchant" ? "self-end bg-brand-50" : "self-center bg-wait-50")}
            data-from={m.from}
          >
            <p className="text-xs font-semibold text-gray-700">
              {WHO[m.from]} · <DateTime ms={m.createTimestamp} />
            </p>
            {m.type === "text" ? <p className="whitespace-pre-line wrap-anywhere text-gray-900">{m.text}</p> : null}
            {m.type === "image" && m.url ? (
              <a href={m.url} target="_blank" rel="noreferrer" className="mt-1 block">
                <img src={m.url} alt={`Picture from the ${WHO[m.from].toLowerCase()}`} width={160} height={160} className="h-40 w-40 rounded object-cover" />
              </a>
            ) : null}
            {m.type === "audio" && m.url ? <audio controls src={m.url} className="mt-1 max-w-full" aria-label={`Voice message, ${m.seconds ?? 0} seconds`} /> : null}
          </li>
        ))}
      </ol>
      <nav aria-label="Transcript pages" className="flex justify-between text-sm">
        {first ? <span /> : <Link to={`/staff/orders/${orderId}#transcript`} className="font-medium text-brand-700 underline">From the first message</Link>}
        {next !== null ? <Link to={`/staff/orders/${orderId}?after=${next}#transcript`} className="font-medium text-brand-700 underline">Later messages</Link> : null}
      </nav>
    </div>
  );
}
