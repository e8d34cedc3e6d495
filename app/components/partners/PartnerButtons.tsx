/**
 * Trust, Block and Cancel on a user's public page (docs/product/statuses.md#relationship): each a small POST form
 * to the page's action, so they work without JavaScript. Guests get links to login and back.
 */
import { Relationship } from "../../../contract/enums";
import { Button, ButtonLink } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { usePosting } from "~/components/ui/use-posting";
import type { PartnerIntent } from "~/services/forms/partners";

const LABELS: Record<PartnerIntent, string> = { trust: "Trust", block: "Block", cancel: "Cancel" };

/** One button in its own form; busy while its own post is on the way. */
export function PartnerForm({
  intent,
  toUser,
  action,
  label,
  srLabel,
  variant = "secondary",
}: {
  intent: PartnerIntent;
  toUser: number;
  action: string;
  label?: string;
  /** Words for screen readers that say whom the button is about. */
  srLabel?: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  const busy = usePosting(intent, { toUser: String(toUser) });
  return (
    <Form method="post" action={action} className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="toUser" value={toUser} />
      <Button type="submit" variant={variant} size="sm" busy={busy} data-testid={`partner-${intent}`}>
        {label ?? LABELS[intent]}
        {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
      </Button>
    </Form>
  );
}

export function PartnerButtons({ userId, relationship, action, loginHref }: { userId: number; relationship: Relationship | null; action: string; loginHref: string | null }) {
  if (loginHref)
    return (
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={loginHref} variant="secondary" size="sm" data-testid="partner-trust">
          Trust
        </ButtonLink>
        <ButtonLink to={loginHref} variant="secondary" size="sm" data-testid="partner-block">
          Block
        </ButtonLink>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-2">
      {relationship !== Relationship.Trust ? <PartnerForm intent="trust" toUser={userId} action={action} variant="primary" /> : null}
      {relationship !== Relationship.Block ? <PartnerForm intent="block" toUser={userId} action={action} variant="danger" /> : null}
      {relationship === Relationship.Trust ? <PartnerForm intent="cancel" toUser={userId} action={action} label="Cancel trust" /> : null}
      {relationship === Relationship.Block ? <PartnerForm intent="cancel" toUser={userId} action={action} label="Unblock" /> : null}
    </div>
  );
}
