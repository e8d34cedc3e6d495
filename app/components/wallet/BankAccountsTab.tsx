/**
 * The bankAccount tab of /security (docs/product/screens.md, docs/product/validation.md, docs/product/README.md#roles): a grid of cards; Add and
 * Edit open a Headless UI dialog with JavaScript and are ?edit=new / ?edit={id}
 * sections without; Delete asks first (a dialog, or the ?confirm=delete-{id}
 * section). Guests see the Add button disabled. With two-factor sign-in on, the form's Confirm and
 * the delete question carry a code field (ADR 0057); a refused code stays beside it.
 */
import { Link, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { PaymentType, UserPayment } from "../../../contract/entities";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { Button, ButtonLink, ConfirmDialog, Dialog, EmptyState, buttonClasses } from "~/components/ui";
import { BankAccountCard } from "~/components/wallet/BankAccountCard";
import { BankAccountForm, bankFormId } from "~/components/wallet/BankAccountForm";
import type { BankActionData } from "~/services/forms/wallet";
import { maskAccountNumber } from "~/components/wallet/bank-account";
import { Form } from "~/components/ui/Form";
import { TitledSection } from "~/components/ui/TitledSection";
import { usePosting } from "~/components/ui/use-posting";
import { OtpField } from "~/components/identity/OtpField";

export const DELETE_INTENT = "delete";
const BASE = "/security/bankAccount";

type Editing = { kind: "new" } | { kind: "edit"; account: UserPayment } | null;
const accountOf = (e: Editing) => (e?.kind === "edit" ? e.account : null);


export function BankAccountsTab({
  guest,
  list,
  types,
  loginHref,
  needOtp,
  actionData,
}: {
  guest: boolean;
  list: UserPayment[];
  types: PaymentType[];
  loginHref: string;
  /** Two-factor sign-in is on: saving and deleting take a code. */
  needOtp: boolean;
  actionData: BankActionData | undefined;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { toast } = useMainLayoutData();
  const editParam = params.get("edit");
  const confirmParam = params.get("confirm");
  const fromParam: Editing =
    editParam === "new" ? { kind: "new" } : editParam ? ((a) => (a ? { kind: "edit", account: a } : null))(list.find((p) => String(p.id) === editParam)) : null;
  const deleting = confirmParam?.startsWith("delete-") ? (list.find((p) => `delete-${p.id}` === confirmParam) ?? null) : null;

  // With JavaScript: dialogs. Arriving on ?edit= / ?confirm= opens them too.
  const [dialog, setDialog] = useState<Editing>(null);
  const [confirmDelete, setConfirmDelete] = useState<UserPayment | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    if (fromParam) setDialog(fromParam);
    if (deleting) setConfirmDelete(deleting);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);
  // A saved or removed account flashes a toast: that is when the dialog has done its job.
  const lastToast = useRef(toast?.id);
  useEffect(() => {
    if (toast?.id && toast.id !== lastToast.current) {
      setDialog(null);
      setConfirmDelete(null);
    }
    lastToast.current = toast?.id;
  }, [toast?.id]);

  const resultFor = (id: string) => (actionData?.formId === id ? actionData.result : null);
  const resolvedFor = (id: string) => (actionData?.formId === id ? (actionData.resolved ?? null) : null);
  const deleteRefusal = (id: number) => (actionData?.deleteRefused?.id === id ? actionData.deleteRefused.message : null);
  const posting = usePosting(DELETE_INTENT);
  const busyDelete = (id: number) => posting && navigation.formData?.get("id") === String(id);

  return (
    <TitledSection
      id="bank"
      title="Bank accounts"
      large
      aside={
        guest ? (
          <Button type="button" size="sm" disabled aria-describedby="bank-guest-note" data-testid="add-bank">
            Add
          </Button>
        ) : (
          <ButtonLink
            to={`${BASE}?edit=new`}
            size="sm"
            preventScrollReset
            replace
            onClick={(e) => {
              if (hydrated) {
                e.preventDefault();
                setDialog({ kind: "new" });
              }
            }}
            data-testid="add-bank"
          >
            Add
          </ButtonLink>
        )
      }
    >
      {guest ? (
        <p id="bank-guest-note" className="rounded-xl bg-white p-4 text-sm text-gray-700 shadow-sm ring-1 ring-gray-200">
          <Link to={loginHref} className="font-medium text-brand-700 underline underline-offset-2">
            Sign in
          </Link>{" "}
          to see and add your bank accounts.
        </p>
      ) : null}

      {actionData?.error ? (
        <p role="alert" className="text-sm font-medium text-money-out-700">
          {actionData.error}
        </p>
      ) : null}

      {/* Without JavaScript: the add / edit form and the delete question as sections. */}
      {!hydrated && !guest && fromParam ? (
        <section
          aria-labelledby="bank-edit-title"
          className="rounded-xl bg-white p-4 shadow-lg ring-2 ring-brand-600"
          data-testid="bank-edit-section"
        >
          <h3 id="bank-edit-title" className="mb-3 text-lg font-semibold text-gray-900">
            {fromParam.kind === "new" ? "Add a bank account" : "Edit bank account"}
          </h3>
          <BankAccountForm
            account={accountOf(fromParam)}
            types={types}
            lastResult={resultFor(bankFormId(accountOf(fromParam)))}
            resolved={resolvedFor(bankFormId(accountOf(fromParam)))}
            needOtp={needOtp}
            cancelHref={BASE}
          />
        </section>
      ) : null}
      {!hydrated && deleting ? (
        <section aria-labelledby="bank-delete-title" className="rounded-xl bg-white p-4 shadow-lg ring-2 ring-money-out-700" data-testid="bank-delete-section">
          <h3 id="bank-delete-title" className="text-lg font-semibold text-gray-900">
            Delete this bank account?
          </h3>
          <p className="mt-2 text-sm text-gray-700">
            {deleting.paymentNameEn} {maskAccountNumber(deleting.accountNumber)} ({deleting.realname}) will be removed.
          </p>
          {/* Posted to the section's own address: a refused code comes back to it. */}
          <Form method="post" action={`${BASE}?confirm=delete-${deleting.id}`} replace className="mt-4">
            <input type="hidden" name="id" value={deleting.id} />
            {needOtp ? <OtpField id={`delete-otp-${deleting.id}`} error={deleteRefusal(deleting.id)} answer={actionData} /> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Link to={BASE} replace preventScrollReset className={buttonClasses({ variant: "secondary" })}>
                Cancel
              </Link>
              <Button type="submit" name="intent" value={DELETE_INTENT} variant="danger">
                Delete
              </Button>
            </div>
          </Form>
        </section>
      ) : null}

      {list.length === 0 ? (
        guest ? null : (
          <EmptyState
            className="rounded-xl bg-white"
            title="No bank account yet"
            description="Add the account you want your naira paid to."
            action={
              <ButtonLink
                to={`${BASE}?edit=new`}
                replace
                onClick={(e) => {
                  if (hydrated) {
                    e.preventDefault();
                    setDialog({ kind: "new" });
                  }
                }}
              >
                Add a bank account
              </ButtonLink>
            }
          />
        )
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your bank accounts">
          {list.map((p) => (
            <li key={p.id}>
              <Form id={`delete-${p.id}`} method="post" action={BASE} replace className="hidden">
                <input type="hidden" name="intent" value={DELETE_INTENT} />
                <input type="hidden" name="id" value={p.id} />
              </Form>
              <BankAccountCard
                p={p}
                actions={
                  <>
                    <Link
                      to={`${BASE}?edit=${p.id}`}
                      replace
                      preventScrollReset
                      onClick={(e) => {
                        if (hydrated) {
                          e.preventDefault();
                          setDialog({ kind: "edit", account: p });
                        }
                      }}
                      className="inline-flex h-9 items-center rounded-lg bg-white/15 px-3 text-sm font-medium text-white no-underline hover:bg-white/25"
                    >
                      Edit<span className="sr-only"> {p.paymentNameEn} {maskAccountNumber(p.accountNumber)}</span>
                    </Link>
                    <Link
                      to={`${BASE}?confirm=delete-${p.id}`}
                      replace
                      preventScrollReset
                      onClick={(e) => {
                        if (hydrated) {
                          e.preventDefault();
                          setConfirmDelete(p);
                        }
                      }}
                      className="inline-flex h-9 items-center rounded-lg bg-white/15 px-3 text-sm font-medium text-white no-underline hover:bg-white/25"
                    >
                      Delete<span className="sr-only"> {p.paymentNameEn} {maskAccountNumber(p.accountNumber)}</span>
                    </Link>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}

      {/* With JavaScript: the dialogs. */}
      <Dialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.kind === "edit" ? "Edit bank account" : "Add a bank account"}
        size="md"
      >
        {dialog ? (
          <BankAccountForm
            key={bankFormId(accountOf(dialog))}
            account={accountOf(dialog)}
            types={types}
            lastResult={resultFor(bankFormId(accountOf(dialog)))}
            resolved={resolvedFor(bankFormId(accountOf(dialog)))}
            needOtp={needOtp}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirmDelete !== null}
        onClose={() => setConfirmDelete(null)}
        title="Delete this bank account?"
        description={
          confirmDelete ? `${confirmDelete.paymentNameEn} ${maskAccountNumber(confirmDelete.accountNumber)} (${confirmDelete.realname}) will be removed.` : undefined
        }
        confirmLabel="Delete"
        tone="danger"
        form={confirmDelete ? `delete-${confirmDelete.id}` : undefined}
        busy={confirmDelete ? busyDelete(confirmDelete.id) : false}
        // The code may be refused: the question stays open for another one (a toast closes it).
        keepOpen={needOtp}
      >
        {needOtp && confirmDelete ? (
          <OtpField id={`delete-otp-${confirmDelete.id}`} form={`delete-${confirmDelete.id}`} error={deleteRefusal(confirmDelete.id)} className="mt-3" answer={actionData} />
        ) : null}
      </ConfirmDialog>
    </TitledSection>
  );
}
