/** The merchant's online status (docs/product/validation.md: offline merchants cannot be sold to): a POST form that flips it. */
import { isOnline } from "../../../contract/enums";
import { Button } from "~/components/ui";
import { Form } from "~/components/ui/Form";

export const ONLINE_INTENT = "online";

export function OnlineSwitch({ onlineStatus }: { onlineStatus: number }) {
  const online = isOnline(onlineStatus);
  return (
    <Form method="post" preventScrollReset className="flex items-center justify-between gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:p-4" data-testid="online-switch">
      <input type="hidden" name="intent" value={ONLINE_INTENT} />
      <input type="hidden" name="onlineStatus" value={online ? 0 : 1} />
      <p className="text-sm text-gray-800">
        You are <strong className={online ? "text-money-in-700" : "text-money-out-700"}>{online ? "Online" : "Offline"}</strong>
        {online ? ": sellers can sell to your offers." : ": sellers cannot sell to you."}
      </p>
      {/* Its words on one line beside the sentence, which wraps instead. */}
      <Button type="submit" variant={online ? "secondary" : "primary"} size="sm" aria-pressed={online} className="shrink-0 whitespace-nowrap">
        {online ? "Go offline" : "Go online"}
      </Button>
    </Form>
  );
}
