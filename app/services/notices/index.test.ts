import { describe, expect, it } from "vitest";
import { NoticeType } from "../../../contract/enums";
import { noticeOpenHref, noticeTarget, targetFromQuery } from ".";

describe("where a notice leads", () => {
  it("a point-mall notice (type 5, ADR 0052) opens Point Order; the others their own page", () => {
    expect(noticeTarget({ type: NoticeType.PointMall, refId: 12 })).toBe("/memberShipCenter?tab=order");
    expect(noticeTarget({ type: NoticeType.Order, refId: 12 })).toBe("/orderDetails/12");
    expect(noticeTarget({ type: NoticeType.Withdrawal, refId: 12 })).toBe("/withdrawDetails/12");
    // A security notice (type 6, ADR 0055): the signed-in devices, where one is ended (ADR 0058).
    expect(noticeTarget({ type: NoticeType.Security, refId: 12 })).toBe("/security/devices");
    expect(noticeTarget({ type: NoticeType.RateAlert, refId: 3 })).toBe("/advertList/3");
    // A support answer (type 8, ADR 0078): the ticket.
    expect(noticeTarget({ type: NoticeType.Support, refId: 4 })).toBe("/support/4");
  });

  it("the open link carries type and refId, and only a known type leads anywhere", () => {
    const href = noticeOpenHref({ id: 7, type: NoticeType.PointMall, refId: 12 });
    expect(href).toBe("/notices/7?type=5&refId=12");
    expect(targetFromQuery(new URL(href, "http://x").searchParams)).toBe("/memberShipCenter?tab=order");
    expect(targetFromQuery(new URLSearchParams("type=99&refId=12"))).toBeNull();
  });
});
