/**
 * The generic pieces of a conform form (docs/decisions/0015-route-kit.md): a conform
 * field as ui fields take it, the form's own error line and a field's error line
 * (both reserve their space so nothing shifts).
 */
import { forwardRef } from "react";
import { Field, type FieldProps } from "./Field";

/** What we use of a conform field's metadata. */
export interface ConformField {
  id: string;
  name: string;
  key?: string;
  initialValue?: unknown;
  errors?: string[];
}

/** Props for a ui <Field>/<SelectField> from a conform field (set `key={f.key}` yourself, or use FormField). */
export function fieldProps(f: ConformField) {
  return {
    id: f.id,
    name: f.name,
    defaultValue: typeof f.initialValue === "string" ? f.initialValue : undefined,
    error: f.errors,
  };
}

/**
 * A ui <Field> bound to a conform field: its id, name, value and errors, keyed so that it starts
 * again from the field's value when conform resets the form. Props given win (a defaultValue).
 */
export const FormField = forwardRef<HTMLInputElement, Omit<FieldProps, "id" | "name" | "error"> & { field: ConformField }>(function FormField(
  { field, ...props },
  ref,
) {
  return <Field key={field.key} ref={ref} {...fieldProps(field)} {...props} />;
});

/** The form's error (the server's message, or a refinement on the whole form). */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const message = errors?.find(Boolean);
  return (
    <p id={id} role="alert" className="mb-2 min-h-5 text-sm font-medium leading-5 text-money-out-700">
      {message ?? ""}
    </p>
  );
}

/** Error line with reserved space (same look as ui/Field's). */
export function ErrorLine({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className="min-h-6 pb-1 text-sm leading-5 text-money-out-700" role={errors?.length ? "alert" : undefined}>
      {errors?.find(Boolean) ?? ""}
    </p>
  );
}

/**
 * A refused post without JavaScript comes back with its file inputs empty (a page cannot refill
 * them): this says so, at the pictures, instead of dropping them silently.
 */
export function ChooseAgainNote({ id, lost }: { id: string; lost: number }) {
  if (lost <= 0) return null;
  return (
    <p id={id} className="mb-2 rounded-lg bg-amber-50 p-2 text-sm font-medium text-amber-900 ring-1 ring-inset ring-amber-200" data-testid="choose-again">
      {lost === 1 ? "Choose your photo again" : `Choose your ${lost} photos again`}: they were not saved.
    </p>
  );
}
