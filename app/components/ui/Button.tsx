/**
 * Buttons and button-looking links.
 *
 *   <Button>Save</Button>                                  primary submit/button
 *   <Button variant="danger" busy={navigation.state !== "idle"}>Cancel order</Button>
 *   <Button type="submit" name="intent" value="confirm">Confirm</Button>
 *   <ButtonLink to="/wallet" variant="secondary">Wallet</ButtonLink>
 *
 * - Renders a real <button> (type defaults to "submit" as in HTML, so it
 *   works in a <Form> without JavaScript; pass type="button" for JS-only use).
 * - `busy`: shows an inline spinner, sets aria-busy and disables the button so
 *   it cannot be pressed twice. The label stays, so the width does not jump.
 *   Inside a kit <Form> a submit button is busy by itself while that form is
 *   pending (ui/Form.tsx): disabled, with the spinner on the button pressed.
 * - ButtonLink renders a Remix <Link> with the same look, for navigation
 *   (and for no-JS fallbacks of dialogs: a link to a page or section).
 */
import { forwardRef, useRef, type ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "@remix-run/react";
import { useFormPending } from "./Form";
import { Spinner } from "./Spinner";
import { cx } from "./cx";


export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex select-none items-center justify-center gap-2 rounded-lg font-medium no-underline " +
  "transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "focus-visible:outline-brand-600 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed aria-busy:cursor-wait";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800 " +
    "disabled:bg-brand-300 disabled:text-white aria-busy:bg-brand-600",
  secondary:
    "border border-gray-300 bg-white text-gray-900 shadow-sm hover:bg-gray-50 active:bg-gray-100 " +
    "disabled:text-gray-500",
  danger:
    "bg-money-out-700 text-white shadow-sm hover:bg-money-out-800 active:bg-money-out-800 " +
    "disabled:bg-money-out-200 disabled:text-money-out-800 aria-busy:bg-money-out-700 aria-busy:text-white",
  ghost: "bg-transparent text-brand-700 hover:bg-brand-50 active:bg-brand-100 disabled:text-gray-500",
};

// Heights keep touch targets at 40-48 px (sm 36 px for dense toolbars).
const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-4 text-base",
  lg: "h-12 px-6 text-lg",
};

/** The class string a button of this look gets; for custom elements that should match. */
export function buttonClasses(
  opts: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; className?: string } = {},
): string {
  const { variant = "primary", size = "md", fullWidth, className } = opts;
  return cx(base, variants[variant], sizes[size], fullWidth && "w-full", className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Look. Default "primary". */
  variant?: ButtonVariant;
  /** Height and padding. Default "md". */
  size?: ButtonSize;
  /** Stretch to the container width (mobile forms). */
  fullWidth?: boolean;
  /** Working: spinner, aria-busy, disabled. */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", fullWidth, busy = false, disabled, className, children, type = "submit", ...rest },
  ref,
) {
  const self = useRef<HTMLButtonElement | null>(null);
  const form = useFormPending();
  const held = type === "submit" && form.pending;
  const working = busy || (held && (form.submitter === null || form.submitter === self.current));
  return (
    <button
      ref={(node) => {
        self.current = node;
        if (typeof ref === "function") ref(node);
        else if (ref) ref.current = node;
      }}
      type={type}
      disabled={disabled || busy || held}
      aria-busy={working || undefined}
      className={buttonClasses({ variant, size, fullWidth, className })}
      {...rest}
    >
      {working ? <Spinner className={size === "lg" ? "h-5 w-5" : "h-4 w-4"} /> : null}
      {children}
    </button>
  );
});

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** A Remix <Link> that looks like a Button. Navigation, so it works without JavaScript. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant = "primary", size = "md", fullWidth, className, ...rest },
  ref,
) {
  return (
    <Link
      ref={ref}
      className={buttonClasses({ variant, size, fullWidth, className })}
      {...rest}
    />
  );
});
