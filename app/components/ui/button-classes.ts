/**
 * The look of a button (ui/Button.tsx), apart from the component: an island (app/islands/) draws
 * its buttons with these classes without pulling in the framework that Button's links need.
 */
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
