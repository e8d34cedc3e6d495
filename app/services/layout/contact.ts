/**
 * Addresses from the contact config (docs/product/entities.md: blog, whatsapp, telegram,
 * facebook, twitter, email, helpCenter, downloadApp, aboutUs, contectUs,
 * userAgreement, privacyNotice). They come from an administrator, so only
 * http(s) addresses and e-mail addresses become links; anything else
 * (javascript:, data:, ...) is dropped.
 */
export type Contact = Record<string, string>;

const HTTP = /^https?:\/\//i;
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** An http(s) address, or undefined. */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  if (!v || !HTTP.test(v)) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The link for one contact key, or undefined when it is absent or unusable. */
export function contactHref(contact: Contact | null | undefined, key: string): string | undefined {
  const raw = contact?.[key]?.trim();
  if (!raw) return undefined;
  if (key === "email") {
    const address = raw.replace(/^mailto:/i, "");
    return EMAIL.test(address) ? `mailto:${address}` : undefined;
  }
  const url = safeHttpUrl(raw);
  if (url) return url;
  // Bare handles some configs use: a WhatsApp number, a Telegram user name.
  if (key === "whatsapp" && /^\+?[\d\s-]{6,20}$/.test(raw)) return `https://wa.me/${raw.replace(/\D/g, "")}`;
  if (key === "telegram" && /^@?\w{5,32}$/.test(raw)) return `https://t.me/${raw.replace(/^@/, "")}`;
  return undefined;
}

/** The e-mail address itself (for display), or undefined. */
export function contactEmail(contact: Contact | null | undefined): string | undefined {
  return contactHref(contact, "email")?.slice("mailto:".length);
}

/** The items whose contact key has a usable link (see contactHref), each with its `href`, in order. */
export function withContactHrefs<T extends { key: string }>(
  contact: Contact | null | undefined,
  items: readonly T[],
): Array<T & { href: string }> {
  return items
    .map((item) => ({ ...item, href: contactHref(contact, item.key) }))
    .filter((item): item is T & { href: string } => Boolean(item.href));
}
