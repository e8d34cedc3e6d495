/**
 * Labelled form controls with a hint and an inline error line.
 *
 *   <Field id="amount" name="amount" label="Amount" inputMode="decimal"
 *          hint="At least 100 Coins" error={actionData?.errors?.amount} />
 *   <SelectField id="bank" name="bank" label="Bank" placeholder="Choose a bank"
 *          options={[{ value: "1", label: "Access Bank" }]} />
 *   <TextAreaField id="comment" name="comment" label="Comment" maxLength={200} />
 *
 * - The <label> is tied to the control by `id`; hint and error are linked with
 *   aria-describedby, and an error sets aria-invalid.
 * - The error line always takes its height (min-h), so a message appearing on
 *   blur never moves what is below it (a moving button can make a tap miss); its
 *   bottom padding keeps a message off the next field's label.
 * - `error` takes a string or a string[] (conform's `field.errors`); the first is shown.
 * - Every other prop goes to the <input>/<select>/<textarea> (name, type,
 *   required, defaultValue, autoComplete, inputMode, maxLength, ...).
 * - `trailing` puts something beside the control on the same row (a "Send code"
 *   button, a coin-name unit).
 */
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { CONTROL_INVALID, CONTROL_VALID } from "./control-classes";
import { cx } from "./cx";


export interface FieldBaseProps {
  /** The control's id; also the base of the hint/error ids. */
  id: string;
  /** Visible label text (always rendered for screen readers). */
  label: ReactNode;
  /** Error message(s); the first is shown under the control. */
  error?: string | readonly string[] | null;
  /** Help text under the label's control, above the error line. */
  hint?: ReactNode;
  /** Keep the label for screen readers only (search boxes with a visible icon, etc.). */
  hideLabel?: boolean;
  /** Rendered beside the control on the same row. */
  trailing?: ReactNode;
  /** Classes for the outer wrapper. */
  className?: string;
}

export const controlClasses = (invalid: boolean, extra?: string) =>
  cx(
    "block w-full min-w-0 rounded-lg border bg-white px-3 text-base text-gray-900 shadow-sm",
    "placeholder:text-gray-500 focus:outline-none focus-visible:outline focus-visible:outline-2",
    "focus-visible:outline-offset-0 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600",
    invalid ? CONTROL_INVALID : CONTROL_VALID,
    extra,
  );

function firstError(error: FieldBaseProps["error"]): string | undefined {
  if (!error) return undefined;
  if (typeof error === "string") return error || undefined;
  return error.find(Boolean);
}

interface Wiring {
  message: string | undefined;
  describedBy: string | undefined;
  hintId: string;
  errorId: string;
}

function wiring(id: string, error: FieldBaseProps["error"], hint: ReactNode, extraDescribedBy?: string): Wiring {
  const message = firstError(error);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [extraDescribedBy, hint ? hintId : null, message ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { message, describedBy, hintId, errorId };
}

function Shell({
  id,
  label,
  hint,
  hideLabel,
  trailing,
  className,
  w,
  children,
}: Omit<FieldBaseProps, "error"> & { w: Wiring; children: ReactNode }) {
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-medium text-gray-900"}>
        {label}
      </label>
      {trailing ? (
        <div className="flex items-stretch gap-2">
          <div className="min-w-0 flex-1">{children}</div>
          <div className="flex shrink-0 items-center">{trailing}</div>
        </div>
      ) : (
        children
      )}
      {hint ? (
        <p id={w.hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <p id={w.errorId} className="min-h-6 pb-1 text-sm leading-5 text-money-out-700">
        {w.message ?? ""}
      </p>
    </div>
  );
}

export interface FieldProps
  extends FieldBaseProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> {
  /** Extra classes for the <input> itself. */
  inputClassName?: string;
}

/** Label + <input> + hint + reserved error line. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { id, label, error, hint, hideLabel, trailing, className, inputClassName, type = "text", ...input },
  ref,
) {
  const w = wiring(id, error, hint, input["aria-describedby"]);
  return (
    <Shell id={id} label={label} hint={hint} hideLabel={hideLabel} trailing={trailing} className={className} w={w}>
      <input
        ref={ref}
        id={id}
        type={type}
        {...input}
        aria-invalid={w.message ? true : input["aria-invalid"]}
        aria-describedby={w.describedBy}
        className={controlClasses(Boolean(w.message), cx("h-11", inputClassName))}
      />
    </Shell>
  );
});

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps
  extends FieldBaseProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className"> {
  /** Options; or pass <option> children instead. */
  options?: readonly SelectOption[];
  /** A first, empty option ("Choose ..."), disabled so it cannot be picked back. */
  placeholder?: string;
  selectClassName?: string;
}

/** Label + native <select> (works everywhere, keyboard and screen reader included). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { id, label, error, hint, hideLabel, trailing, className, selectClassName, options, placeholder, children, ...select },
  ref,
) {
  const w = wiring(id, error, hint, select["aria-describedby"]);
  const withPlaceholder = placeholder !== undefined && select.value === undefined && select.defaultValue === undefined;
  return (
    <Shell id={id} label={label} hint={hint} hideLabel={hideLabel} trailing={trailing} className={className} w={w}>
      <select
        ref={ref}
        id={id}
        {...(withPlaceholder ? { defaultValue: "" } : null)}
        {...select}
        aria-invalid={w.message ? true : select["aria-invalid"]}
        aria-describedby={w.describedBy}
        className={controlClasses(Boolean(w.message), cx("h-11 pr-8", selectClassName))}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </Shell>
  );
});

export interface TextAreaFieldProps
  extends FieldBaseProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className"> {
  textareaClassName?: string;
}

/** Label + <textarea> (4 rows by default) + hint + reserved error line. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { id, label, error, hint, hideLabel, trailing, className, textareaClassName, rows = 4, ...textarea },
  ref,
) {
  const w = wiring(id, error, hint, textarea["aria-describedby"]);
  return (
    <Shell id={id} label={label} hint={hint} hideLabel={hideLabel} trailing={trailing} className={className} w={w}>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        {...textarea}
        aria-invalid={w.message ? true : textarea["aria-invalid"]}
        aria-describedby={w.describedBy}
        className={controlClasses(Boolean(w.message), cx("py-2", textareaClassName))}
      />
    </Shell>
  );
});
