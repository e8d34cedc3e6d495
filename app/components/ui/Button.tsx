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
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button-classes";

export { buttonClasses, type ButtonSize, type ButtonVariant };

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
