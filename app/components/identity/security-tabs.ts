/** The tabs of /security/{label} (spec §2), tradePassword first (the default). */
export const SECURITY_TABS = [
  { label: "tradePassword", title: "Trade Password" },
  { label: "loginPassword", title: "Login Password" },
  { label: "bindMobile", title: "Bind Mobile" },
  { label: "bindEmail", title: "Bind Email" },
  { label: "kycVerification", title: "Verify ID" },
  { label: "bankAccount", title: "Bank Account" },
  { label: "redemptionCode", title: "Redemption Code" },
] as const;
export type SecurityLabel = (typeof SECURITY_TABS)[number]["label"];
export const DEFAULT_SECURITY_LABEL: SecurityLabel = "tradePassword";
export const isSecurityLabel = (v: string | undefined): v is SecurityLabel => SECURITY_TABS.some((t) => t.label === v);
