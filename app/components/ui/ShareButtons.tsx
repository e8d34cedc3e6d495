/**
 * Share a page (ADR 0076): WhatsApp and Telegram as links (they work without JavaScript), and a
 * "Share…" button for the system share sheet that stays hidden until the share touch finds one.
 */
import { shareTargets, type Shared } from "~/services/share/targets";

const pill =
  "inline-flex h-9 items-center rounded-full border border-gray-300 bg-white px-4 text-sm font-medium text-gray-800 hover:border-brand-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export function ShareButtons({ shared, label }: { shared: Shared; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2" data-testid="share-buttons">
      {shareTargets(shared).map((t) => (
        <li key={t.app}>
          <a href={t.href} target="_blank" rel="noopener noreferrer" className={pill}>
            {t.app}
            <span className="sr-only"> (opens {t.app})</span>
          </a>
        </li>
      ))}
      <li>
        <button type="button" hidden className={pill} data-share={shared.url} data-share-text={shared.text} data-share-title={shared.title}>
          Share…
        </button>
      </li>
    </ul>
  );
}
