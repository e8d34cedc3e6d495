/** Where a notice leads (docs/product/statuses.md): opening one marks it read and goes to its order or withdrawal (a point-mall order: Point Order, ADR 0052). */
import type { Notice } from "../../../contract/entities";
import { NoticeType } from "../../../contract/enums";

/** The detail page of what the notice is about. */
export function noticeTarget(n: Pick<Notice, "type" | "refId">): string {
  if (n.type === NoticeType.Account) return "/security/kycVerification";
  if (n.type === NoticeType.Referral) return "/referral";
  if (n.type === NoticeType.PointMall) return "/memberShipCenter?tab=order";
  // A sign-in from a new device, or sign-ins paused: the list of signed-in devices, to end one (ADR 0058).
  if (n.type === NoticeType.Security) return "/security/devices";
  // A rate alert: the card's offers, to sell at the rate it reached (ADR 0071).
  if (n.type === NoticeType.RateAlert) return `/advertList/${n.refId}`;
  if (n.type === NoticeType.Support) return `/support/${n.refId}`;
  return n.type === NoticeType.Withdrawal ? `/withdrawDetails/${n.refId}` : `/orderDetails/${n.refId}`;
}

/**
 * The link that opens a notice: /notices/{id} marks it read and redirects to its target. The
 * target travels as type and refId (never a free address), so the link cannot be made to send
 * anyone elsewhere.
 */
export function noticeOpenHref(n: Pick<Notice, "id" | "type" | "refId">): string {
  return `/notices/${n.id}?type=${n.type}&refId=${n.refId}`;
}

/** The target named by /notices/{id}'s query, or null when it names none. */
export function targetFromQuery(search: URLSearchParams): string | null {
  const type = Number(search.get("type"));
  const refId = Number(search.get("refId"));
  if (!Object.values(NoticeType).includes(type as NoticeType) || !Number.isSafeInteger(refId) || refId <= 0) return null;
  return noticeTarget({ type: type as NoticeType, refId });
}
