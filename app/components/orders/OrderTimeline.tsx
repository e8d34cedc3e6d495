/**
 * The order-change timeline (docs/product/entities.md#order-change: eventEn, changeTimestamp), oldest
 * first, with the dispute's evidence (ADR 0074) in its place: each entry worded for who reads it, its
 * statement and its pictures' thumbnails (each a link to the picture, through a route that checks access).
 */
import type { OrderChange } from "../../../contract/entities";
import type { EvidenceAuthor, EvidenceEntry } from "../../../contract/order-evidence";
import { cx } from "~/components/ui/cx";
import { DateTime, DetailPanel } from "~/components/ui";

/** Who reads the timeline: the words of an evidence event are for that side. */
export type TimelineReader = "seller" | "merchant" | "staff";

const EVIDENCE_TITLE: Record<TimelineReader, Record<EvidenceAuthor, string>> = {
  seller: { seller: "You added evidence", merchant: "The merchant added evidence" },
  merchant: { seller: "The seller added evidence", merchant: "You added evidence" },
  staff: { seller: "Seller added evidence", merchant: "Merchant added evidence" },
};

type Item = { key: string; at: number; id: number; change?: OrderChange; evidence?: EvidenceEntry };

export function OrderTimeline({ changes, evidence = [], reader }: { changes: readonly OrderChange[]; evidence?: readonly EvidenceEntry[]; reader: TimelineReader }) {
  const list: Item[] = [
    ...changes.map((c) => ({ key: `c${c.id}`, at: c.changeTimestamp, id: c.id, change: c })),
    ...evidence.map((e) => ({ key: `e${e.id}`, at: e.createdAt, id: e.id, evidence: e })),
  ].sort((a, b) => a.at - b.at || a.id - b.id);
  if (list.length === 0) return <p className="text-sm text-gray-600">Nothing has happened yet.</p>;
  return (
    <ol className="relative ml-1.5 border-l-2 border-gray-200" data-testid="order-timeline">
      {list.map((item, i) => (
        <li key={item.key} className="relative pb-4 pl-5 last:pb-0" data-testid={item.evidence ? "timeline-evidence" : undefined}>
          <span
            aria-hidden="true"
            className={cx("absolute -left-[7px] top-1 h-3 w-3 rounded-full ring-2 ring-white", i === list.length - 1 ? "bg-brand-600" : "bg-gray-400")}
          />
          <p className="text-sm font-medium text-gray-900">{item.evidence ? EVIDENCE_TITLE[reader][item.evidence.author] : item.change!.eventEn}</p>
          {item.evidence ? <EvidenceBody entry={item.evidence} /> : null}
          <p className="text-xs text-gray-600">
            <DateTime ms={item.at} />
          </p>
        </li>
      ))}
    </ol>
  );
}

function EvidenceBody({ entry }: { entry: EvidenceEntry }) {
  return (
    <div className="my-1 flex flex-col gap-2">
      {entry.statement ? <p className="whitespace-pre-wrap break-words text-sm text-gray-800">{entry.statement}</p> : null}
      {entry.pictures.length ? (
        <ul className="flex flex-wrap gap-2">
          {entry.pictures.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer" className="block rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600">
                <img src={src} alt={`Evidence picture ${i + 1}`} width={96} height={72} loading="lazy" className="h-[72px] w-24 rounded object-cover ring-1 ring-gray-200" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The timeline in its panel, as every side's detail page shows it. */
export function OrderTimelinePanel(props: { changes: readonly OrderChange[]; evidence?: readonly EvidenceEntry[]; reader: TimelineReader }) {
  return (
    <DetailPanel title="Timeline" labelId="timeline">
      <OrderTimeline {...props} />
    </DetailPanel>
  );
}
