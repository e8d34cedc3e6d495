/** One feedback a user received, on their public page: who wrote it, then the comment as orders show it. */
import type { Feedback } from "../../../contract/entities";
import { FeedbackView } from "~/components/orders/FeedbackSection";
import { Avatar } from "~/components/ui/Avatar";

export function FeedbackItem({ feedback: f }: { feedback: Feedback }) {
  return (
    <article className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:p-4" data-testid="feedback-item" data-type={f.type}>
      <p className="mb-2 flex min-w-0 items-center gap-2">
        <Avatar src={f.photo} size={28} />
        <span className="truncate text-sm font-medium text-gray-900">{f.nickname}</span>
      </p>
      <FeedbackView feedback={f} />
    </article>
  );
}
