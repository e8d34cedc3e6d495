/**
 * Every Headless UI component the product uses, and the modal dialog built on them, in one
 * chunk that no page loads up front (it was a third of the JavaScript of /home). Reach it
 * through `headless` in ./headless.ts, never by importing this file or @headlessui/react.
 */
import type { MutableRefObject } from "react";
import { Description, Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { DialogProps } from "./Dialog";
import { CloseIcon } from "./Icon";
import { cx } from "./cx";

export {
  CloseButton,
  Menu,
  MenuButton,
  MenuItem,
  MenuItems,
  Popover,
  PopoverButton,
  PopoverPanel,
} from "@headlessui/react";

const widths = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl" } as const;

/** The dialog of ./Dialog.tsx once Headless UI is here: backdrop, centred panel (a bottom sheet on phones). */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  showClose = true,
  size = "sm",
  role = "dialog",
  initialFocus,
  className,
}: DialogProps) {
  return (
    <HeadlessDialog
      open={open}
      onClose={() => onClose()}
      role={role}
      initialFocus={initialFocus as MutableRefObject<HTMLElement | null> | undefined}
      className="relative z-50"
    >
      {/* No enter/leave transitions: Headless UI 2.2 deadlocks a dialog closed during its
          entrance, leaving an invisible panel over the page (ADR 0012). */}
      <DialogBackdrop className="fixed inset-0 bg-gray-900/50" />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-0 sm:items-center sm:p-4">
          <DialogPanel
            className={cx(
              "relative w-full rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl sm:rounded-2xl sm:p-6",
              widths[size],
              className,
            )}
          >
            <DialogTitle as="h2" className={cx("text-lg font-semibold text-gray-900", showClose && "pr-8")}>
              {title}
            </DialogTitle>
            {description ? <Description className="mt-2 text-sm text-gray-600">{description}</Description> : null}
            {showClose ? (
              <button
                type="button"
                onClick={() => onClose()}
                className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900"
              >
                <CloseIcon className="h-5 w-5" />
                <span className="sr-only">Close</span>
              </button>
            ) : null}
            {children ? <div className="mt-4 text-gray-900">{children}</div> : null}
            {actions ? (
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>
            ) : null}
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}

