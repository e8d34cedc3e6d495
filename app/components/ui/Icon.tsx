/**
 * SVG icons (no icon font, no external host). 24×24 outline style, drawn with currentColor, so
 * they take the text colour. Their drawings live in one sprite, icons.svg, a hashed file the
 * browser fetches once and caches for good; each icon is an <svg> with a <use> of its symbol,
 * so the drawings are not in the JavaScript (ADR 0041).
 *
 *   <BellIcon className="h-6 w-6 text-gray-600" />
 *   <Icon name="wallet" />
 *
 * Icons are decorative (aria-hidden, not focusable). An icon-only button or
 * link needs its own text: <span className="sr-only">Notifications</span>.
 */
import type { ReactNode } from "react";
import sprite from "./icons.svg";

export interface IconProps {
  /** Size and colour classes. Default "h-5 w-5". */
  className?: string;
}

/** The 24×24 stroked (or `filled`) icon frame; chat's own icons use it too. */
export function IconSvg({ className, children, filled = false }: IconProps & { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ?? "h-5 w-5"}
    >
      {children}
    </svg>
  );
}

/** One symbol of the sprite, as a component (each call is marked pure, so unused icons drop out of a bundle). */
function spriteIcon(id: string, filled = false) {
  const href = `${sprite}#${id}`;
  return function SpriteIcon(p: IconProps) {
    return (
      <IconSvg {...p} filled={filled}>
        <use href={href} />
      </IconSvg>
    );
  };
}

export const MenuIcon = /* @__PURE__ */ spriteIcon("menu");
export const CloseIcon = /* @__PURE__ */ spriteIcon("close");
export const BellIcon = /* @__PURE__ */ spriteIcon("bell");
export const ChevronDownIcon = /* @__PURE__ */ spriteIcon("chevron-down");
export const CheckIcon = /* @__PURE__ */ spriteIcon("check");
/** Positive and negative feedback (drawn: an emoji is an empty box where no emoji font is installed). */
export const ThumbUpIcon = /* @__PURE__ */ spriteIcon("thumb-up");
export const ThumbDownIcon = /* @__PURE__ */ spriteIcon("thumb-down");
/** A filled seal with a check: "verified" merchants and accounts. Colour it with text-brand-600. */
export const VerifiedIcon = /* @__PURE__ */ spriteIcon("verified", true);
/** A filled shield with a star: a point-mall badge beside a nickname (ADR 0052). */
export const ShieldIcon = /* @__PURE__ */ spriteIcon("shield", true);
export const UserIcon = /* @__PURE__ */ spriteIcon("user");
export const WalletIcon = /* @__PURE__ */ spriteIcon("wallet");
export const OrdersIcon = /* @__PURE__ */ spriteIcon("orders");
export const MessageIcon = /* @__PURE__ */ spriteIcon("message");
export const HelpIcon = /* @__PURE__ */ spriteIcon("help");
export const CopyIcon = /* @__PURE__ */ spriteIcon("copy");
export const ArrowLeftIcon = /* @__PURE__ */ spriteIcon("arrow-left");
export const SearchIcon = /* @__PURE__ */ spriteIcon("search");
export const CalendarIcon = /* @__PURE__ */ spriteIcon("calendar");
export const MailIcon = /* @__PURE__ */ spriteIcon("mail");
export const ChevronLeftIcon = /* @__PURE__ */ spriteIcon("chevron-left");
export const ChevronRightIcon = /* @__PURE__ */ spriteIcon("chevron-right");
export const LogoutIcon = /* @__PURE__ */ spriteIcon("logout");
export const ExternalIcon = /* @__PURE__ */ spriteIcon("external");

// ---------------------------------------------------------------- brand marks (filled)

export const WhatsAppIcon = /* @__PURE__ */ spriteIcon("whatsapp", true);
export const TelegramIcon = /* @__PURE__ */ spriteIcon("telegram", true);
export const FacebookIcon = /* @__PURE__ */ spriteIcon("facebook", true);
export const TwitterIcon = /* @__PURE__ */ spriteIcon("twitter", true);

/** The brand mark: a gift card with a coin (its own colours, 32×32; default "h-8 w-8"). */
export function LogoMark({ className }: IconProps) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className ?? "h-8 w-8"}>
      <rect x="2" y="6" width="24" height="18" rx="3.5" fill="#2f54d6" />
      <rect x="2" y="11" width="24" height="3" fill="#c7d4fe" />
      <circle cx="24" cy="22" r="7" fill="#15803d" stroke="#fff" strokeWidth="2" />
      <path d="M24 18.5v7M21.8 20.2h3.3a1.3 1.3 0 0 1 0 2.6h-2.2a1.3 1.3 0 0 0 0 2.6h3.3" fill="none" stroke="#fff" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/** Every icon by name, for data-driven menus: <Icon name="orders" />. */
export const icons = {
  menu: MenuIcon,
  close: CloseIcon,
  bell: BellIcon,
  "chevron-down": ChevronDownIcon,
  check: CheckIcon,
  verified: VerifiedIcon,
  user: UserIcon,
  wallet: WalletIcon,
  orders: OrdersIcon,
  message: MessageIcon,
  help: HelpIcon,
  copy: CopyIcon,
  "arrow-left": ArrowLeftIcon,
  search: SearchIcon,
  calendar: CalendarIcon,
} as const;

export type IconName = keyof typeof icons;

export function Icon({ name, className }: IconProps & { name: IconName }) {
  const C = icons[name];
  return <C className={className} />;
}
