import { describe, expect, it } from "vitest";
import { checkInDays, checkedIn, pagerPages, readWealthConfig } from ".";

const LIST = [10, 10, 20, 20, 30, 30, 50].map((cvalue, i) => ({ ckey: i + 1, cvalue }));

describe("checkInDays (docs/product/statuses.md)", () => {
  it("while the streak is shorter than the list: the list's days, checked up to the streak, today next", () => {
    const days = checkInDays(LIST, 3, false);
    expect(days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days.filter((d) => d.checked).map((d) => d.day)).toEqual([1, 2, 3]);
    expect(days.find((d) => d.today)?.day).toBe(4);
    expect(checkInDays(LIST, 3, true).find((d) => d.today)?.day).toBe(3);
    expect(checkInDays(LIST, 0, false)[0]).toEqual({ day: 1, reward: 10, checked: false, today: true });
  });

  it("after that the numbers shift by streak - length + 1 and later days show the last reward", () => {
    const days = checkInDays(LIST, 9, true);
    expect(days.map((d) => d.day)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(days.map((d) => d.reward)).toEqual([20, 30, 30, 50, 50, 50, 50]);
    expect(days.filter((d) => !d.checked).map((d) => d.day)).toEqual([10]);
    expect(days.find((d) => d.today)?.day).toBe(9);
    expect(checkInDays(LIST, 7, false).map((d) => d.day)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("readWealthConfig", () => {
  it("reads level cards, thresholds, benefits (name not repeated) and the rule link", () => {
    const c = readWealthConfig([
      { ckey: "levelCard", cvalue: "/a.svg,/b.svg" },
      { ckey: "upgradeWealth", cvalue: "0,100" },
      { ckey: "benefitsIntroduction", cvalue: "Avatar Frame: a frame|Higher limits" },
      { ckey: "wealthRuleUrl", cvalue: "https://x.example/rules" },
    ]);
    expect(c.cards).toHaveLength(8);
    expect(c.cards[1]).toEqual({ level: 1, pic: "/b.svg", threshold: 100 });
    expect(c.benefits[0]).toEqual({ name: "Avatar Frame", intro: "a frame" });
    expect(c.benefits[1]).toEqual({ name: "Cash Out", intro: "Higher limits" });
    expect(c.benefits[7].intro).toBe("");
    expect(c.ruleUrl).toBe("https://x.example/rules");
  });
});

describe("pagerPages", () => {
  it("lists few pages whole and elides the middle of many", () => {
    expect(pagerPages(1, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(5, 12)).toEqual([1, null, 4, 5, 6, null, 12]);
    expect(pagerPages(1, 12)).toEqual([1, 2, null, 12]);
  });
});

describe("checkedIn", () => {
  it("says the points earned and the streak", () => {
    expect(checkedIn(10_000, 1)).toBe("Checked in: +1 point. Day streak: 1 day.");
    expect(checkedIn(25_000, 7)).toBe("Checked in: +2.5 points. Day streak: 7 days.");
  });
});
