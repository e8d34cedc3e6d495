/** The tabs of /security/{label} (docs/product/screens.md), tradePassword first (the default). */
export const SECURITY_TABS = [
  { label: "tradePassword", title: "Trade Password" },
  { label: "loginPassword", title: "Login Password" },
  { label: "devices", title: "Devices" },
  // Designed (ADR 0057): two-factor sign-in.
  { label: "twoFactor", title: "Two-Factor" },
  // Designed (ADR 0079): Web Push on this phone, and which kinds.
  { label: "notifications", title: "Push Notifications" },
  { label: "bindMobile", title: "Bind Mobile" },
  { label: "bindEmail", title: "Bind Email" },
  { label: "kycVerification", title: "Verify ID" },
  { label: "bankAccount", title: "Bank Account" },
  { label: "redemptionCode", title: "Redemption Code" },
] as const;
export type SecurityLabel = (typeof SECURITY_TABS)[number]["label"];
export const DEFAULT_SECURITY_LABEL: SecurityLabel = "tradePassword";
export const isSecurityLabel = (v: string | undefined): v is SecurityLabel => SECURITY_TABS.some((t) => t.label === v);

/** The tab a /security/… path shows, if any. */
export function securityLabelOf(pathname: string | undefined): SecurityLabel | undefined {
  const label = pathname?.split("/")[2];
  return isSecurityLabel(label) ? label : undefined;
}

/** "Trade Password | GiftMarket": a tab's page title. */
export const securityTitle = (label: SecurityLabel) => `${SECURITY_TABS.find((t) => t.label === label)?.title ?? "Security"} | GiftMarket`;

/** Where the intro step of a tab leads: the same tab with ?step=form (docs/product/screens.md: intro, then Continue). */
export const FORM_STEP = "form";
