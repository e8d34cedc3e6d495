/**
 * Where a page can be shared without JavaScript (ADR 0076): the apps our sellers use, as plain
 * links that open them with the text and the link filled in. The system share sheet, where the
 * browser has one, is the share touch's (app/touches/share.ts).
 */
export interface Shared {
  url: string;
  text: string;
  title: string;
}

export interface ShareTarget {
  app: "WhatsApp" | "Telegram";
  href: string;
}

export function shareTargets({ url, text }: Shared): ShareTarget[] {
  return [
    // WhatsApp takes one text; the link goes last so its preview shows.
    { app: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { app: "Telegram", href: `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}` },
  ];
}

export const inviteShare = (link: string, inviteCode: string): Shared => ({
  url: link,
  title: "Join me on GiftMarket",
  text: `Sell your gift cards for coins and cash them out to your bank on GiftMarket. Sign up with my invite code ${inviteCode}:`,
});

export const merchantShare = (url: string, nickname: string): Shared => ({
  url,
  title: `${nickname} on GiftMarket`,
  text: `Sell your gift cards to ${nickname} on GiftMarket:`,
});
