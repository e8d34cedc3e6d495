/**
 * Membership centre rules the pages share (docs/product/screens.md, docs/product/statuses.md, docs/product/constants.md): the wealth config read into level
 * cards and benefits, and the check-in calendar's day cells. Pure, web-standard.
 */
import { MEMBERSHIP_BENEFITS, MEMBERSHIP_LEVEL_COUNT } from "../../../contract/constants";
import type { CheckInConfigEntry } from "../../../contract/entities";
import { WealthConfigKey } from "../../../contract/enums";
import { formatWealth } from "../money/format";

export interface LevelCard {
  level: number;
  pic: string;
  /** Points (per 10000) needed for it. */
  threshold: number;
}

export interface MembershipConfig {
  cards: LevelCard[];
  benefits: { name: string; intro: string }[];
  ruleUrl: string;
}

/** The wealth config (ckey/cvalue entries) as the centre shows it; missing entries give empty texts. */
export function readWealthConfig(entries: { ckey: string; cvalue: string }[]): MembershipConfig {
  const get = (key: string) => entries.find((e) => e.ckey === key)?.cvalue ?? "";
  const pics = get(WealthConfigKey.LevelCard).split(",");
  const thresholds = get(WealthConfigKey.UpgradeWealth).split(",").map(Number);
  const intros = get(WealthConfigKey.BenefitsIntroduction).split("|");
  return {
    cards: Array.from({ length: MEMBERSHIP_LEVEL_COUNT }, (_, level) => ({
      level,
      pic: pics[level]?.trim() ?? "",
      threshold: Number.isFinite(thresholds[level]) ? thresholds[level] : 0,
    })),
    // An introduction may repeat its benefit's name ("Cash Out: higher limits"): shown once.
    benefits: MEMBERSHIP_BENEFITS.map((name, i) => ({ name, intro: (intros[i] ?? "").trim().replace(new RegExp(`^${name}:\\s*`), "") })),
    ruleUrl: get(WealthConfigKey.WealthRuleUrl),
  };
}

export interface CheckInDay {
  /** The day number shown ("Day 8"). */
  day: number;
  /** Reward in wealth base units (÷10000). */
  reward: number;
  checked: boolean;
  today: boolean;
}

/**
 * The calendar of docs/product/statuses.md: while the streak is shorter than the reward list the cells are the
 * list's days; after that the numbers shift by streak − length + 1 and days past the list show its
 * last reward. A cell is checked when the streak reaches it; today's is the streak's day once
 * checked in, the next one before.
 */
export function checkInDays(list: CheckInConfigEntry[], streak: number, checkedInToday: boolean): CheckInDay[] {
  const sorted = [...list].sort((a, b) => a.ckey - b.ckey);
  const n = sorted.length;
  if (n === 0) return [];
  const shift = streak < n ? 0 : streak - n + 1;
  const todayDay = checkedInToday ? streak : streak + 1;
  return sorted.map((_, i) => {
    const day = i + 1 + shift;
    return { day, reward: (sorted[day - 1] ?? sorted[n - 1]).cvalue, checked: day <= streak, today: day === todayDay };
  });
}

/** Page numbers for a numbered pager: all when few, else the first, the last and a window around the current, with gaps as null. */
export function pagerPages(current: number, total: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const keep = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const out: (number | null)[] = [];
  let prev = 0;
  for (const p of [...keep].sort((a, b) => a - b)) {
    if (p - prev > 1) out.push(null);
    out.push(p);
    prev = p;
  }
  return out;
}

/** What a check-in tells its user (ADR 0061): the points it earned and the streak, not only "Success". */
export function checkedIn(reward: number, streak: number): string {
  const points = formatWealth(reward); // signed: "+1"
  return `Checked in: ${points} ${points === "+1" ? "point" : "points"}. Day streak: ${streak} ${streak === 1 ? "day" : "days"}.`;
}
