/**
 * Inline SVG icons (no icon font, no external host). 24×24 outline style,
 * drawn with currentColor, so they take the text colour.
 *
 *   <BellIcon className="h-6 w-6 text-gray-600" />
 *   <Icon name="wallet" />
 *
 * Icons are decorative (aria-hidden, not focusable). An icon-only button or
 * link needs its own text: <span className="sr-only">Notifications</span>.
 */
import type { ReactNode } from "react";

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

export function MenuIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </IconSvg>
  );
}

export function CloseIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M6 6l12 12M18 6L6 18" />
    </IconSvg>
  );
}

export function BellIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M6 10a6 6 0 1 1 12 0c0 4 1.5 6 2.5 7h-17C4.5 16 6 14 6 10z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </IconSvg>
  );
}

export function ChevronDownIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M6 9l6 6 6-6" />
    </IconSvg>
  );
}

export function CheckIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M5 13l4 4L19 7" />
    </IconSvg>
  );
}

/** A filled seal with a check: "verified" merchants and accounts. Colour it with text-brand-600. */
export function VerifiedIcon(p: IconProps) {
  return (
    <IconSvg {...p} filled>
      <path d="M12 2l2.4 1.8 3-.1.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.1L12 22l-2.4-1.8-3 .1-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .1z" />
      <path d="M8.5 12.2l2.4 2.4 4.6-4.8" fill="none" stroke="#fff" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
    </IconSvg>
  );
}

export function UserIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </IconSvg>
  );
}

export function WalletIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M19 7V5.5A1.5 1.5 0 0 0 17.5 4H5a2 2 0 0 0 0 4h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6" />
      <path d="M16 14h.01" strokeWidth={2.5} />
    </IconSvg>
  );
}

export function OrdersIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2" />
      <rect x="9" y="3" width="6" height="4" rx="1" />
      <path d="M9 12h6M9 16h4" />
    </IconSvg>
  );
}

export function MessageIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M21 12a8 8 0 0 1-11.8 7L4 20l1.2-4.4A8 8 0 1 1 21 12z" />
    </IconSvg>
  );
}

export function HelpIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.4" />
      <path d="M12 17h.01" strokeWidth={2.5} />
    </IconSvg>
  );
}

export function CopyIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15H4.5A1.5 1.5 0 0 1 3 13.5v-9A1.5 1.5 0 0 1 4.5 3h9A1.5 1.5 0 0 1 15 4.5V5" />
    </IconSvg>
  );
}

export function ArrowLeftIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </IconSvg>
  );
}

export function SearchIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </IconSvg>
  );
}

export function CalendarIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </IconSvg>
  );
}

export function MailIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </IconSvg>
  );
}

export function ChevronLeftIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M15 5l-7 7 7 7" />
    </IconSvg>
  );
}

export function ChevronRightIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M9 5l7 7-7 7" />
    </IconSvg>
  );
}

export function LogoutIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
      <path d="M10 16l-4-4 4-4M6 12h10" />
    </IconSvg>
  );
}

export function ExternalIcon(p: IconProps) {
  return (
    <IconSvg {...p}>
      <path d="M14 4h6v6M20 4l-9 9" />
      <path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
    </IconSvg>
  );
}

// ---------------------------------------------------------------- brand marks (filled)

export function WhatsAppIcon(p: IconProps) {
  return (
    <IconSvg {...p} filled>
      <path d="M12 2a9.9 9.9 0 0 0-8.5 15l-1.4 5 5.2-1.4A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3.1.8.8-3-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.9 11.9 0 0 0 4.5 4c1.7.7 2.4.8 3.2.6a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.3-.2-.6-.3z" />
    </IconSvg>
  );
}

export function TelegramIcon(p: IconProps) {
  return (
    <IconSvg {...p} filled>
      <path d="M21.6 3.2 2.9 10.4c-1.3.5-1.3 1.2-.2 1.5l4.8 1.5 1.8 5.6c.2.6.1.9.8.9.5 0 .7-.2 1-.5l2.4-2.3 4.9 3.6c.9.5 1.6.2 1.8-.8l3.3-15.4c.3-1.3-.5-1.9-1.5-1.3zM8.9 13l9.5-6c.5-.3.9-.1.5.2l-8.1 7.3-.3 3.4z" />
    </IconSvg>
  );
}

export function FacebookIcon(p: IconProps) {
  return (
    <IconSvg {...p} filled>
      <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.4V21z" />
    </IconSvg>
  );
}

export function TwitterIcon(p: IconProps) {
  return (
    <IconSvg {...p} filled>
      <path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
    </IconSvg>
  );
}

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
