import { describe, expect, test } from "vitest";
import { inviteShare, merchantShare, shareTargets } from "./targets";

describe("share targets", () => {
  test("WhatsApp gets the text then the link in one parameter; Telegram each in its own", () => {
    const [wa, tg] = shareTargets({ url: "https://m.example/register/AB12&x", text: "Hi & welcome", title: "t" });
    expect(wa).toEqual({ app: "WhatsApp", href: "https://wa.me/?text=Hi%20%26%20welcome%20https%3A%2F%2Fm.example%2Fregister%2FAB12%26x" });
    expect(tg).toEqual({ app: "Telegram", href: "https://t.me/share/url?url=https%3A%2F%2Fm.example%2Fregister%2FAB12%26x&text=Hi%20%26%20welcome" });
    expect(new URL(tg.href).searchParams.get("url")).toBe("https://m.example/register/AB12&x");
  });

  test("the invite carries the code; a merchant's page its name", () => {
    expect(inviteShare("https://m.example/register/Q7", "Q7").text).toContain("invite code Q7");
    expect(merchantShare("https://m.example/userInfo/3", "Ada <Cards>").text).toBe("Sell your gift cards to Ada <Cards> on GiftMarket:");
  });
});
