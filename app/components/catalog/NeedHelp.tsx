/**
 * "Need Help?" (docs/product/selling.md#home): a popover with the contact chat links
 * (WhatsApp, Telegram, e-mail). A <details> without JavaScript and until it has
 * been used once, then a Headless UI Popover (ADR 0028). Renders nothing when no
 * contact is configured. On a phone it sits in the page's flow under what precedes it: floating, it
 * covered a card's rate wherever the grid was scrolled to (ADR 0066); from `sm` up it floats in the
 * corner, where the grid leaves room.
 */
import type { ReactNode } from "react";
import { useHeadlessOnTouch } from "~/components/ui/headless";
import { HelpIcon, MailIcon, TelegramIcon, WhatsAppIcon } from "../ui";
import { withContactHrefs, type Contact } from "~/services/layout/contact";
import { cx } from "~/components/ui/cx";

const CHANNELS: { key: string; label: string; icon: (p: { className?: string }) => ReactNode; tone: string }[] = [
  { key: "whatsapp", label: "WhatsApp", icon: WhatsAppIcon, tone: "bg-money-in-50 text-money-in-700" },
  { key: "telegram", label: "Telegram", icon: TelegramIcon, tone: "bg-brand-50 text-brand-700" },
  { key: "email", label: "Email", icon: MailIcon, tone: "bg-gray-100 text-gray-700" },
];

const trigger =
  "inline-flex h-12 items-center gap-2 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-700";
const panel = "absolute bottom-full right-0 mb-2 w-64 rounded-xl bg-white p-2 shadow-xl ring-1 ring-gray-200";

export function NeedHelp({ contact }: { contact: Contact }) {
  const popover = useHeadlessOnTouch();
  const { hl } = popover;
  const links = withContactHrefs(contact, CHANNELS);
  if (links.length === 0) return null;

  const body = (
    <>
      <p className="px-2 pb-1 pt-1 text-sm font-semibold text-gray-900">Chat with our support team</p>
      <ul className="flex flex-col">
        {links.map((c) => (
          <li key={c.key}>
            <a
              href={c.href}
              {...(c.key === "email" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
              className="flex h-12 items-center gap-3 rounded-lg px-2 text-sm font-medium text-gray-900 no-underline hover:bg-gray-50"
            >
              <span className={cx("inline-flex h-8 w-8 items-center justify-center rounded-full", c.tone)}>
                <c.icon className="h-5 w-5" />
              </span>
              {c.label}
            </a>
          </li>
        ))}
      </ul>
    </>
  );

  const face = (
    <>
      <HelpIcon className="h-5 w-5" />
      Need Help?
    </>
  );

  return (
    <div className="flex justify-end sm:fixed sm:bottom-4 sm:right-4 sm:z-30" data-testid="need-help" data-floating="">
      {hl ? (
        <hl.Popover className="relative">
          <hl.PopoverButton ref={popover.ref} className={trigger}>
            {face}
          </hl.PopoverButton>
          <hl.PopoverPanel className={panel}>{body}</hl.PopoverPanel>
        </hl.Popover>
      ) : (
        <details className="relative" {...popover.standIn}>
          <summary {...popover.trigger} className={cx(trigger, "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
            {face}
          </summary>
          <div className={panel}>{body}</div>
        </details>
      )}
    </div>
  );
}
