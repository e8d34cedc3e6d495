/** What the message centre's routes share (its loader data and its heights). */
import { useRouteLoaderData } from "@remix-run/react";
import type { ChatConversation } from "../../../contract/chat-protocol";
import type { ChatProvider } from "~/chat/port";

export interface MessageCentreData {
  provider: ChatProvider;
  sdkAppId: number | null;
  conversations: ChatConversation[];
  /** The server-rendered list's page: the `before` it starts after (null: the newest) and the next page's ("" at the end). */
  page: { before: string | null; next: string };
  listError: string | null;
}

/** The message centre's loader data, from its child routes. */
export function useMessageCentre(): Omit<MessageCentreData, "sdkAppId"> & { sdkAppId: number | undefined } {
  const data = useRouteLoaderData("routes/_main.message") as MessageCentreData | undefined;
  if (!data) throw new Error("useMessageCentre outside /message");
  return { ...data, sdkAppId: data.sdkAppId ?? undefined };
}

/** Desktop: the message centre fills the screen under the top bar (64 px bar + 48 px padding). */
export const CENTRE_HEIGHT = "md:h-[calc(100dvh-7rem)]";
/** Phone: a conversation fills the screen under the top bar (56 px bar + 32 px padding). */
export const PHONE_CHAT_HEIGHT = "h-[calc(100dvh-5.5rem)]";
