/**
 * The point-mall island (ADR 0067): the Point Mall's items, the redeem question and the pull to
 * refresh. An available item is the link to the page's confirm step (?redeem=id), which it opens
 * without JavaScript; hydrated, the item opens the question as a modal dialog (<dialog>: focus
 * kept inside, Escape closes, the focus back on the item) whose Confirm sends a real post form,
 * the one the confirm step sends, which the server checks again. Pulling the page down at its top
 * on a touch screen reloads it.
 */
import { useEffect, useRef, useState } from "react";
import type { RedemptionItem } from "../../contract/entities";
import { ItemBody, ItemDetail, MALL_ITEM_BOX, isAvailable, redeemHref } from "~/components/membership/mall-item";
import { buttonClasses } from "~/components/ui/button-classes";
import { cx } from "~/components/ui/cx";
import { PullIndicator } from "~/components/ui/pull-indicator";
import { CSRF_FIELD } from "~/services/kit/csrf";
import { INTENT_FIELD } from "~/services/kit/intent";
import { EXCHANGE_INTENT } from "~/services/forms/membership";

export interface PointMallIslandProps {
  items: RedemptionItem[];
  /** Where the exchange posts (the page's action, as its no-JavaScript form). */
  action: string;
  /** The session's form token (services/kit/csrf.ts). */
  csrf: string | null;
}

const TITLE_ID = "redeem-dialog-title";

export default function PointMallIsland({ items, action, csrf }: PointMallIslandProps) {
  const [picked, setPicked] = useState<RedemptionItem | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (picked && d && !d.open) d.showModal();
  }, [picked]);

  return (
    <>
      <PullIndicator
        onRefresh={() => {
          setRefreshing(true);
          location.reload();
        }}
        refreshing={refreshing}
      />
      {items.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Point Mall items">
          {items.map((item) => (
            <li key={item.id}>
              {isAvailable(item) ? (
                <a
                  href={redeemHref(item)}
                  className={cx(MALL_ITEM_BOX, "transition hover:ring-brand-400")}
                  data-testid="mall-item"
                  data-item-id={item.id}
                  onClick={(e) => {
                    e.preventDefault();
                    setPicked(item);
                  }}
                >
                  <ItemBody item={item} />
                </a>
              ) : (
                <div className={MALL_ITEM_BOX} aria-disabled="true" data-testid="mall-item" data-item-id={item.id}>
                  <ItemBody item={item} />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <dialog
        ref={dialog}
        role="alertdialog"
        aria-labelledby={TITLE_ID}
        onClose={() => setPicked(null)}
        className="mb-0 w-full max-w-none rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl backdrop:bg-gray-900/50 sm:mb-auto sm:max-w-md sm:rounded-2xl sm:p-6"
      >
        {picked ? (
          <form method="post" action={action}>
            {csrf ? <input type="hidden" name={CSRF_FIELD} value={csrf} /> : null}
            <input type="hidden" name={INTENT_FIELD} value={EXCHANGE_INTENT} />
            <input type="hidden" name="id" value={picked.id} />
            <h2 id={TITLE_ID} className="text-lg font-semibold text-gray-900">
              Redeem {picked.name}?
            </h2>
            <div className="mt-4">
              <ItemDetail item={picked} />
            </div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" className={buttonClasses({ variant: "secondary" })} onClick={() => dialog.current?.close()}>
                Cancel
              </button>
              <button type="submit" className={buttonClasses()}>
                Confirm
              </button>
            </div>
          </form>
        ) : null}
      </dialog>
    </>
  );
}
