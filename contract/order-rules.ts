/**
 * Rules of docs/product/statuses.md about an order that are not status moves, in one home for
 * the backend modules that enforce them (orders, chat). No runtime dependency.
 */
import { OrderStatus } from "./enums";

/** docs/product/statuses.md: "With status below 4, live chat is available"; a finished order's chat is read-only. */
export const orderChatOpen = (status: number) => status < OrderStatus.Completed;

/** docs/product/statuses.md: "With status 4, the seller can comment once." */
export const mayComment = (status: number, hasFeedback: boolean) => status === OrderStatus.Completed && !hasFeedback;

/** Completed or cancelled: nothing more happens to the order or its card. */
export const orderFinished = (status: number) => status === OrderStatus.Completed || status === OrderStatus.Cancelled;
