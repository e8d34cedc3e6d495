/**
 * The parts of /referral (docs/product/screens.md, docs/product/entities.md Share and Referral user): the invite link with its QR code
 * and Copy button, the statistics, and one friend of the list.
 */
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { ReferralUser, ShareStatistics } from "../../../contract/entities";
import { REFERRAL_BONUS, REFERRAL_BONUS_TRADE, REFERRAL_PER_MILLE } from "../../../contract/constants";
import { Avatar } from "~/components/ui/Avatar";
import { DateTime, ErrorState } from "~/components/ui";
import { QrCode } from "~/components/wallet/QrCode";
import { CopyButtonTouch } from "~/components/wallet/CopyButton";
import type { QrSvg } from "~/components/wallet/qr.server";
import { formatCoins, formatNgn } from "~/services/money/format";
import { ShareButtons } from "~/components/ui/ShareButtons";
import { inviteShare } from "~/services/share/targets";

const CopyButton = lazy(() => import("~/components/wallet/CopyButton.client"));

/** "3", "1,000": whole coins without ".00". */
const wholeCoins = (hundredths: number) => formatCoins(hundredths).replace(/\.00$/, "");

const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200";

/** "0.3%" and "3 coins ... 1000-coin" from the programme's constants. */
export function RulesText({ coinName }: { coinName: string }) {
  return (
    <p className="text-sm text-gray-600">
      Earn {REFERRAL_PER_MILLE / 10}% of every trade your friends complete, plus {wholeCoins(REFERRAL_BONUS)} {coinName} the first time a friend
      completes a {wholeCoins(REFERRAL_BONUS_TRADE)}-coin trade.
    </p>
  );
}

export function InviteLink({ inviteCode, link, qr }: { inviteCode: string; link: string; qr: QrSvg | null }) {
  return (
    <section aria-labelledby="invite-title" className={card}>
      <h2 id="invite-title" className="text-base font-semibold text-gray-900">
        Your invite link
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Invite code{" "}
        <strong className="font-mono text-lg tracking-widest text-gray-900" data-testid="invite-code">
          {inviteCode}
        </strong>
      </p>
      <div className="mt-3 flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        {qr ? <QrCode qr={qr} label={`QR code of your invite link ${link}`} className="h-44 w-44 shrink-0 rounded-lg ring-1 ring-gray-200" /> : null}
        <div className="w-full min-w-0">
          <a href={link} className="block select-all break-all rounded-lg bg-gray-50 p-3 font-mono text-sm text-brand-700 ring-1 ring-inset ring-gray-200" data-testid="share-link">
            {link}
          </a>
          <div className="mt-2 min-h-9">
            {/* Islands-only (ADR 0067), the copy touch works the fallback's button; hydrated, the island replaces it. */}
            <ClientOnly fallback={<CopyButtonTouch text={link} label="Copy link" hint="Select the link to copy it." />}>
              {() => (
                <Suspense fallback={null}>
                  <CopyButton text={link} label="Copy link" />
                </Suspense>
              )}
            </ClientOnly>
          </div>
          <div className="mt-3">
            <ShareButtons shared={inviteShare(link, inviteCode)} label="Share your invite link" />
          </div>
          <p className="mt-2 text-xs text-gray-600">Friends who sign up through this link or with your code are listed here.</p>
        </div>
      </div>
    </section>
  );
}

export function ShareStats({ stats, coinName, ngnRate }: { stats: ShareStatistics | null; coinName: string; ngnRate: number }) {
  return (
    <section aria-labelledby="share-stats-title" className={card}>
      <h2 id="share-stats-title" className="mb-2 text-base font-semibold text-gray-900">
        Your rewards
      </h2>
      {stats ? (
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-gray-50 p-3">
            <dt className="text-xs text-gray-600">Friends invited</dt>
            <dd className="num mt-0.5 text-xl font-semibold text-gray-900" data-testid="invite-count">
              {stats.inviteCount.toLocaleString("en-US")}
            </dd>
          </div>
          <div className="rounded-lg bg-gray-50 p-3">
            <dt className="text-xs text-gray-600">Rewards earned</dt>
            <dd className="num mt-0.5 text-xl font-semibold text-money-in-700" data-testid="invite-award" data-amount={stats.inviteAward}>
              {formatCoins(stats.inviteAward)} <span className="text-sm font-medium text-gray-700">{coinName}</span>
            </dd>
            <dd className="num text-xs text-gray-600">≈ {formatNgn(stats.inviteAward, ngnRate)}</dd>
          </div>
        </dl>
      ) : (
        <ErrorState message="load fail" retryTo="/referral" />
      )}
    </section>
  );
}

export function FriendItem({ friend: f, coinName }: { friend: ReferralUser; coinName: string }) {
  return (
    <article className="flex items-start gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:p-4" data-testid="friend-item">
      <Avatar src={f.avatar} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-gray-900">{f.nickname}</p>
        <p className="text-xs text-gray-600">
          Joined <DateTime ms={f.registerTime} />
        </p>
        <p className="num text-xs text-gray-600" data-testid="friend-trades">
          {f.sellTradeNum} {f.sellTradeNum === 1 ? "trade" : "trades"} · {formatCoins(f.sellTradeAmount)} {coinName}
        </p>
        <p className="text-xs text-gray-600">{f.lastTradeTime ? <>Last trade <DateTime ms={f.lastTradeTime} /></> : "No trade yet"}</p>
      </div>
      <div className="num shrink-0 text-right">
        <p className="text-xs text-gray-600">You earned</p>
        <p className="text-sm font-semibold text-money-in-700" data-testid="friend-award">
          +{formatCoins(f.inviteShareAward)}
        </p>
      </div>
    </article>
  );
}
