/** The top bar's destinations (docs/product/screens.md#top-bar-and-footer). */
export interface NavItem {
  to: string;
  label: string;
}

/** The signed-in user's dropdown, in the spec's order (Sign out comes last, separately). */
export const USER_MENU: readonly NavItem[] = [
  { to: "/profile", label: "Profile" },
  { to: "/memberShipCenter", label: "Membership Center" },
  { to: "/memberShipCenter/dailyCheckIn", label: "Daily Check-in" },
  { to: "/memberShipCenter/wealthRecord", label: "Wealth Record" },
  { to: "/security/bankAccount", label: "Bank Account" },
  { to: "/security/kycVerification", label: "Verify ID" },
  { to: "/security/tradePassword", label: "Settings" },
  { to: "/partnerList", label: "Partners" },
];

/** The desks (ADR 0034), first in the user menu of those whose role opens them. */
export const DESK_MENU: readonly (NavItem & { desk: "merchant" | "withdrawer" | "staff" })[] = [
  { desk: "merchant", to: "/desk", label: "Merchant desk" },
  { desk: "withdrawer", to: "/desk/withdrawals", label: "Withdrawer desk" },
  { desk: "staff", to: "/staff", label: "Staff desk" },
];

/** The user menu's links for a user with these desks (none for sessions that predate them). */
export function userMenuOf(desks?: Partial<Record<"merchant" | "withdrawer" | "staff", boolean>>): readonly NavItem[] {
  const mine = DESK_MENU.filter((d) => desks?.[d.desk]);
  return mine.length ? [...mine.map(({ to, label }) => ({ to, label })), ...USER_MENU] : USER_MENU;
}

export type CountKey = "orders" | "withdrawals" | "messages" | "desk" | "payouts";

export interface MainNavItem extends NavItem {
  /** Which layout count is its badge. */
  count?: CountKey;
  /** Words for the badge, for screen readers. */
  countLabel?: string;
  /** Shown only to users who may open this desk (ADR 0034). */
  desk?: "merchant" | "withdrawer";
}

/** Signed in: the main links (Blog is added from the contact config). */
export const MAIN_NAV: readonly MainNavItem[] = [
  // The merchant desk's queue, with its Waiting orders as the badge (ADR 0036).
  { to: "/desk", label: "Desk", count: "desk", countLabel: "waiting orders", desk: "merchant" },
  // The withdrawer desk's queue, with the withdrawals waiting for it as the badge.
  { to: "/desk/withdrawals", label: "Payouts", count: "payouts", countLabel: "waiting withdrawals", desk: "withdrawer" },
  { to: "/orderList", label: "Orders", count: "orders", countLabel: "trading orders" },
  { to: "/withdrawList", label: "Withdrawal", count: "withdrawals", countLabel: "pending withdrawals" },
  { to: "/message", label: "Message", count: "messages", countLabel: "unread messages" },
  { to: "/account", label: "Account" },
];

/** The main links a user sees: the desk links only for the desks it has. */
export const mainNavOf = (desks?: Partial<Record<"merchant" | "withdrawer" | "staff", boolean>>) => MAIN_NAV.filter((i) => !i.desk || desks?.[i.desk]);
