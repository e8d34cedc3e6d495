/**
 * Web Push (docs/decisions/0079-web-push.md): the kinds a user can turn on or off, each its own
 * switch on /security/notifications. A kind she never touched is on.
 */
export const PUSH_KINDS = ["order", "chat", "withdrawal", "rateAlert", "support"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKind, { label: string; hint: string }> = {
  order: { label: "Orders", hint: "When an order of yours changes: viewed, completed, cancelled, in negotiation." },
  chat: { label: "Chat messages", hint: "A new message while you are not in the app." },
  withdrawal: { label: "Withdrawals", hint: "When a withdrawal is paid or cancelled." },
  rateAlert: { label: "Rate alerts", hint: "When a card reaches the price you asked for." },
  support: { label: "Support", hint: "When support answers your ticket." },
};

/** What a push carries to the lock screen: no card code, no secret, no amount. */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a tap opens (a path of ours). */
  url: string;
  /** A later push with the same tag replaces the earlier one (one per order, withdrawal, chat). */
  tag: string;
}

export const PUSH_NOT_AVAILABLE = "Notifications are not set up on this server.";
export const PUSH_BAD_SUBSCRIPTION = "This browser's notification subscription is not valid. Please try again.";
