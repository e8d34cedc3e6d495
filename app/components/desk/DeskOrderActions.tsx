/**
 * The merchant's two confirmed steps on an order: View the card (its price is held from the
 * balance) and Complete (the seller is paid). Shown only as the backend allows them; the route
 * owns the intents its action answers.
 */
import { OrderAction } from "../../../contract/enums";
import { ConfirmAction } from "~/components/orders/ConfirmAction";
import { FormError } from "~/components/ui";

export function DeskOrderActions({
  actions,
  intents,
  asking,
  error,
}: {
  actions: readonly OrderAction[];
  intents: { view: string; complete: string };
  /** The ?confirm= intent being asked about without JavaScript. */
  asking: string | null;
  error: string | null;
}) {
  const view = actions.includes(OrderAction.View);
  const complete = actions.includes(OrderAction.Complete);
  if (!view && !complete) return null;
  return (
    <section aria-label="What you can do" className="grid gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:grid-cols-2">
      {view ? (
        <ConfirmAction intent={intents.view} label="View the card" title="View the card?" description="The order's price is held from your balance until you complete or negotiate." asking={asking === intents.view} />
      ) : null}
      {complete ? (
        <ConfirmAction intent={intents.complete} label="Complete" title="Complete this order?" description="The seller is paid the order's price. This cannot be undone." asking={asking === intents.complete} />
      ) : null}
      <FormError id="desk-order-error" errors={error ? [error] : undefined} />
    </section>
  );
}
