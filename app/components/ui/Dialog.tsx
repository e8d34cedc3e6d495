/**
 * Modal dialogs on Headless UI (focus trap, Escape to close, focus returned
 * to the trigger, the rest of the page made inert, labelled by the title).
 *
 *   <Dialog open={open} onClose={() => setOpen(false)} title="Bank account"
 *           description="Where we send your money." actions={<Button type="button">OK</Button>}>
 *     ...body...
 *   </Dialog>
 *
 *   <Form id="cancel-order" method="post"><input type="hidden" name="intent" value="cancel" /></Form>
 *   <ConfirmDialog open={open} onClose={() => setOpen(false)} title="Cancel this order?"
 *                  confirmLabel="Confirm" tone="danger" form="cancel-order" />
 *
 * NO-JAVASCRIPT FALLBACK (required for every dialog, see docs/product/look.md):
 * a dialog needs JavaScript, so what it asks must also be reachable as a page
 * or a section that a link opens. The usual shape, in a route:
 *
 *   const hydrated = useHydrated();                  // from "remix-utils/use-hydrated"
 *   const [params] = useSearchParams();
 *   const asking = params.get("confirm") === "cancel";
 *
 *   <ButtonLink to="?confirm=cancel" preventScrollReset
 *     onClick={(e) => { if (hydrated) { e.preventDefault(); setOpen(true); } }}>
 *     Cancel order
 *   </ButtonLink>
 *
 *   {!hydrated && asking ? (                         // server-rendered section, no JS
 *     <section aria-labelledby="confirm-cancel-title">
 *       <h2 id="confirm-cancel-title">Cancel this order?</h2>
 *       <Form method="post"><button name="intent" value="cancel">Confirm</button></Form>
 *       <Link to=".">Cancel</Link>
 *     </section>
 *   ) : null}
 *   <ConfirmDialog open={open} ... />                // JS: the dialog
 *
 * The action must do the real work and re-check everything: a dialog only asks.
 * Dialogs render nothing on the server while closed, so they are safe to keep
 * in the tree. Use the exact spec texts for titles and buttons.
 *
 * Headless UI arrives when a dialog first opens (ADR 0028); until it has, the
 * open dialog is a dimmed page with a spinner, so a tap shows at once.
 */
import { useEffect, type ReactNode, type RefObject } from "react";
import { Button, type ButtonVariant } from "./Button";
import { Spinner } from "./Spinner";
import { useHeadlessWhen } from "./headless";


export interface DialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called on Escape, a click on the backdrop, or the close button. */
  onClose: () => void;
  /** The heading; names the dialog for screen readers. */
  title: ReactNode;
  /** A short text under the title; describes the dialog for screen readers. */
  description?: ReactNode;
  /** The body. */
  children?: ReactNode;
  /** Buttons at the bottom (primary last, so it sits on the right / at the bottom on phones). */
  actions?: ReactNode;
  /** Show an "×" close button in the corner. Default true. */
  showClose?: boolean;
  /** Panel width. Default "sm" (about 28rem). */
  size?: "sm" | "md" | "lg";
  /** "alertdialog" for confirmations that interrupt. Default "dialog". */
  role?: "dialog" | "alertdialog";
  /** Element to focus first (otherwise the first element with `data-autofocus`, or the first focusable). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra classes for the panel. */
  className?: string;
}

/** A modal dialog: backdrop, centred panel (a bottom sheet on phones), title, description, body, actions. */
export function Dialog(props: DialogProps) {
  const { open, onClose } = props;
  const hl = useHeadlessWhen(open, onClose);
  // While it loads, a tap on the dimmed page or Escape gives up, as they would close the dialog.
  useEffect(() => {
    if (!open || hl) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, hl, onClose]);
  if (!hl) {
    return open ? (
      <div className="fixed inset-0 z-50 flex items-center justify-center bg-gray-900/50" onClick={() => onClose()}>
        <Spinner className="h-8 w-8 text-white" label="Loading" />
      </div>
    ) : null;
  }
  return <hl.ModalDialog {...props} />;
}

export interface ConfirmDialogProps {
  open: boolean;
  /** Called on Cancel, Escape or a backdrop click. */
  onClose: () => void;
  /** The question, verbatim from the spec. */
  title: ReactNode;
  /** Optional detail under the title. */
  description?: ReactNode;
  /** Default "Confirm". */
  confirmLabel?: ReactNode;
  /** Default "Cancel". */
  cancelLabel?: ReactNode;
  /** Called when Confirm is pressed (after which the dialog closes unless `keepOpen`). */
  onConfirm?: () => void;
  /** "danger" for anything that moves money or ends an order. Default "primary". */
  tone?: Extract<ButtonVariant, "primary" | "danger">;
  /**
   * Id of a <form>/<Form> elsewhere on the page: Confirm becomes its submit
   * button (HTML `form` attribute), so the dialog can live in a portal.
   */
  form?: string;
  /** name/value sent with the submit (e.g. name="intent" value="cancel"). */
  name?: string;
  value?: string;
  /** Confirm shows a spinner and is disabled (e.g. while the navigation is submitting). */
  busy?: boolean;
  /** Keep the dialog open after Confirm (to show `busy` until the action answers). */
  keepOpen?: boolean;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
}

/** A yes/no question with Cancel and Confirm; Confirm can submit a form on the page. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  onConfirm,
  tone = "primary",
  form,
  name,
  value,
  busy = false,
  keepOpen = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      role="alertdialog"
      showClose={false}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={onClose} data-autofocus>
            {cancelLabel}
          </Button>
          <Button
            type={form ? "submit" : "button"}
            form={form}
            name={name}
            value={value}
            variant={tone}
            busy={busy}
            onClick={() => {
              onConfirm?.();
              // Let the submit event leave first; the form lives outside the dialog.
              if (!keepOpen) setTimeout(onClose, 0);
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
