/**
 * Icons the layout needs that app/components/ui/Icon.tsx does not have:
 * the logo mark, social networks, mail and carousel chevrons. Inline SVG,
 * currentColor, decorative (aria-hidden): give the link or button its own text.
 */
import type { ReactNode } from "react";

interface P {
  className?: string;
}

function Outline({ className, children }: P & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
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

function Filled({ className, children }: P & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className ?? "h-5 w-5"}
    >
      {children}
    </svg>
  );
}

/** The brand mark: a gift card with a coin. */
export function LogoMark({ className }: P) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className ?? "h-8 w-8"}>
      <rect x="2" y="6" width="24" height="18" rx="3.5" fill="#2f54d6" />
      <rect x="2" y="11" width="24" height="3" fill="#c7d4fe" />
      <circle cx="24" cy="22" r="7" fill="#15803d" stroke="#fff" strokeWidth="2" />
      <path d="M24 18.5v7M21.8 20.2h3.3a1.3 1.3 0 0 1 0 2.6h-2.2a1.3 1.3 0 0 0 0 2.6h3.3" fill="none" stroke="#fff" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

export function WhatsAppIcon(p: P) {
  return (
    <Filled {...p}>
      <path d="M12 2a9.9 9.9 0 0 0-8.5 15l-1.4 5 5.2-1.4A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3.1.8.8-3-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.9 11.9 0 0 0 4.5 4c1.7.7 2.4.8 3.2.6a2.8 2.8 0 0 0 1.8-1.3 2.3 2.3 0 0 0 .2-1.3c-.1-.1-.3-.2-.6-.3z" />
    </Filled>
  );
}

export function TelegramIcon(p: P) {
  return (
    <Filled {...p}>
      <path d="M21.6 3.2 2.9 10.4c-1.3.5-1.3 1.2-.2 1.5l4.8 1.5 1.8 5.6c.2.6.1.9.8.9.5 0 .7-.2 1-.5l2.4-2.3 4.9 3.6c.9.5 1.6.2 1.8-.8l3.3-15.4c.3-1.3-.5-1.9-1.5-1.3zM8.9 13l9.5-6c.5-.3.9-.1.5.2l-8.1 7.3-.3 3.4z" />
    </Filled>
  );
}

export function FacebookIcon(p: P) {
  return (
    <Filled {...p}>
      <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.4V21z" />
    </Filled>
  );
}

export function TwitterIcon(p: P) {
  return (
    <Filled {...p}>
      <path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
    </Filled>
  );
}

export function MailIcon(p: P) {
  return (
    <Outline {...p}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </Outline>
  );
}

export function ChevronLeftIcon(p: P) {
  return (
    <Outline {...p}>
      <path d="M15 5l-7 7 7 7" />
    </Outline>
  );
}

export function ChevronRightIcon(p: P) {
  return (
    <Outline {...p}>
      <path d="M9 5l7 7-7 7" />
    </Outline>
  );
}

export function LogoutIcon(p: P) {
  return (
    <Outline {...p}>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
      <path d="M10 16l-4-4 4-4M6 12h10" />
    </Outline>
  );
}

export function ExternalIcon(p: P) {
  return (
    <Outline {...p}>
      <path d="M14 4h6v6M20 4l-9 9" />
      <path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
    </Outline>
  );
}
