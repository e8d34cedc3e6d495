import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import type { User } from "../db/schema";
import type { CallContext } from "./context";
import { deskCommand } from "./desk-command";

// Only what requireRole reads: the desks come from these three columns (context.ts desksOf).
const caller = (roles: Partial<Pick<User, "is_business" | "is_withdrawer" | "is_admin">>) =>
  ({ user: { id: 41, is_business: 0, is_withdrawer: false, is_admin: false, ...roles } as User }) as CallContext;

describe("deskCommand: a desk's button as a call", () => {
  it("runs as the caller who holds the role, with the parsed request, and answers null", async () => {
    const ran: unknown[] = [];
    const refund = deskCommand<"/admin/mallOrder/refund">("admin", async (adminId, input) => void ran.push(adminId, input.id, input.reason));
    await expect(refund({ id: 7, reason: "Out of stock" }, caller({ is_admin: true }))).resolves.toBeNull();
    expect(ran).toEqual([41, 7, "Out of stock"]);
  });

  it("refuses anyone without the role before anything runs", async () => {
    let ran = false;
    const freeze = deskCommand<"/admin/order/freeze">("admin", async () => void (ran = true));
    await expect(freeze({ id: 7 }, caller({ is_business: 1, is_withdrawer: true }))).rejects.toMatchObject({ code: Code.FORBIDDEN });
    await expect(freeze({ id: 7 }, {} as CallContext)).rejects.toMatchObject({ code: Code.NOT_LOGGED_IN });
    expect(ran).toBe(false);
  });
});
