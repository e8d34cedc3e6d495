/** /message with no conversation open: the list (the layout); on a desktop, a hint in the chat column. */
import { MessageIcon } from "~/components/ui";
import { EmptyState } from "~/components/ui";

export default function MessageIndex() {
  return (
    <section aria-label="Chat" className="hidden min-h-0 items-center justify-center md:flex lg:col-span-2">
      <EmptyState
        icon={<MessageIcon className="h-10 w-10" />}
        title="Select a conversation"
        description="Chats with merchants and about your orders appear on the left."
      />
    </section>
  );
}
