/**
 * The parts of /profile (docs/product/screens.md, docs/product/entities.md): the avatar in its level frame (or its point-mall frame), the statistics, the
 * shortcut grid and the Notification sound switch.
 */
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Statistics } from "../../../contract/entities";
import { Avatar } from "~/components/ui/Avatar";
import { AdornedAvatar } from "./Adornment";
import { cx } from "~/components/ui/cx";
import { formatCoins } from "~/services/money/format";
import { webViewHref } from "~/services/layout/web-view";
import { NOTIFICATION_SOUND_KEY } from "~/chat/sound-key";

/** The avatar frame of a membership level (docs/product/membership.md#the-membership-centre: the Avatar Frame benefit). */
const FRAMES = ["ring-gray-200", "ring-amber-600", "ring-amber-600", "ring-gray-400", "ring-gray-400", "ring-yellow-400", "ring-yellow-400", "ring-brand-600"];

export function FramedAvatar({ src, level, frame }: { src: string; level: number; frame?: string | null }) {
  // A frame bought in the point mall shows instead of the level's ring (ADR 0052): the level stays beside the name.
  if (frame)
    return (
      <span className="inline-flex" data-testid="avatar-frame" data-level={level}>
        <AdornedAvatar src={src} size={84} frame={frame} />
      </span>
    );
  return (
    <span className={cx("inline-flex rounded-full ring-4 ring-offset-2", FRAMES[Math.min(Math.max(level, 0), 7)])} data-testid="avatar-frame" data-level={level}>
      <Avatar src={src} size={72} />
    </span>
  );
}

/**
 * A user's figures: what a trader weighs (trades, feedback, trust); "Friends invited" only on her
 * own pages (`own`), since to anyone else it says nothing about trading with her (ADR 0066).
 */
export function ProfileStats({ s, coinName, own }: { s: Statistics; coinName: string; own: boolean }) {
  const items: Array<[string, string, string]> = [
    ["Trades", s.tradeNum.toLocaleString("en-US"), "trades"],
    ["Traded", `${formatCoins(s.tradeAmount)} ${coinName}`, "traded"],
    ["Positive", s.favourableNum.toLocaleString("en-US"), "positive"],
    ["Negative", s.negativeNum.toLocaleString("en-US"), "negative"],
    ["Trusted by", s.beTrustNum.toLocaleString("en-US"), "trusted"],
    ["Blocked by", s.beBlackNum.toLocaleString("en-US"), "blocked"],
    ...(own ? [["Friends invited", s.inviteCount.toLocaleString("en-US"), "invited"] as [string, string, string]] : []),
  ];
  return (
    <section aria-labelledby="stats-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="stats-title" className="mb-2 text-base font-semibold text-gray-900">
        Statistics
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([label, value, id]) => (
          <div key={id} className="rounded-lg bg-gray-50 p-3">
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="num mt-0.5 text-base font-semibold text-gray-900" data-testid={`stat-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const SHORTCUTS = [
  { label: "Orders", to: "/orderList" },
  { label: "Withdrawal", to: "/withdrawList" },
  { label: "Partners", to: "/partnerList" },
  { label: "Settings", to: "/security" },
  { label: "Verify ID", to: "/security/kycVerification" },
  { label: "Bank Account", to: "/security/bankAccount" },
  { label: "Refer for Rewards", to: "/referral" },
  { label: "Rate Alerts", to: "/rateAlerts" },
  { label: "Support", to: "/support" },
] as const;

const tile = "flex min-h-14 items-center justify-center rounded-lg bg-gray-50 p-3 text-center text-sm font-medium text-gray-900 no-underline hover:bg-brand-50 hover:text-brand-700";

export function ShortcutGrid({ helpCenter }: { helpCenter: string | null }) {
  return (
    <nav aria-label="Shortcuts" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {SHORTCUTS.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className={tile}>
              {s.label}
            </Link>
          </li>
        ))}
        {helpCenter ? (
          <li>
            <Link to={webViewHref("helpCenter")} className={tile}>
              Help Center
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The chat's notification sound (chat/sound.client.ts reads the same key). Remembered in this browser. */
const SOUND_KEY = NOTIFICATION_SOUND_KEY;

export function SoundSwitch() {
  const hydrated = useHydrated();
  const [on, setOn] = useState(false);
  useEffect(() => {
    try {
      setOn(localStorage.getItem(SOUND_KEY) === "1");
    } catch {
      // Storage refused (private mode): the switch starts off.
    }
  }, []);
  function toggle(next: boolean) {
    setOn(next);
    try {
      if (next) localStorage.setItem(SOUND_KEY, "1");
      else localStorage.removeItem(SOUND_KEY);
    } catch {
      // Nothing to remember it in: it holds for this page only.
    }
  }
  return (
    <section className="flex items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <label htmlFor="sound-switch" className="text-sm font-medium text-gray-900">
        Notification sound
        <span className="block text-xs font-normal text-gray-600">
          {hydrated ? "A short sound when a chat message arrives." : "This needs JavaScript, as the live chat does."}
        </span>
      </label>
      <input
        id="sound-switch"
        type="checkbox"
        role="switch"
        checked={on}
        disabled={!hydrated}
        onChange={(e) => toggle(e.currentTarget.checked)}
        className="h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-gray-300 transition before:block before:h-5 before:w-5 before:translate-x-0.5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-brand-600 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-60"
        data-testid="sound-switch"
      />
    </section>
  );
}
