/**
 * The add / edit bank account form (spec §5: real name, account number and
 * bank required, note at most 100). Used inside the Headless UI dialog (with
 * JavaScript) and in the ?edit= section (without); both post to the route's
 * action, which checks the same schema.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { BANK_NOTE_MAX } from "../../../contract/constants";
import type { PaymentType, UserPayment } from "../../../contract/entities";
import { FormError, fieldProps } from "~/components/ui/FormParts";
import { Button, Field, SelectField, TextAreaField, buttonClasses } from "~/components/ui";
import { ACCOUNT_NUMBER_MAX, REAL_NAME_MAX } from "~/services/forms/wallet";
import { schemaValidation, useOnFirstUse, useValidateBlurred } from "~/components/ui/use-schema-form";
import { Form } from "~/components/ui/Form";

export const SAVE_INTENT = "save";

export function bankFormId(account: UserPayment | null) {
  return account ? `bank-${account.id}` : "bank-new";
}

export function BankAccountForm({
  account,
  types,
  lastResult,
  onCancel,
  cancelHref,
}: {
  /** null: a new account. */
  account: UserPayment | null;
  types: readonly PaymentType[];
  lastResult?: SubmissionResult<string[]> | null;
  /** With JavaScript: close the dialog. */
  onCancel?: () => void;
  /** Without: where Cancel goes. */
  cancelHref?: string;
}) {
  const navigation = useNavigation();
  const id = bankFormId(account);
  const schemas = useOnFirstUse(id, () => import("~/services/forms/wallet.schema"));
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: account
      ? { id: String(account.id), paymentId: String(account.paymentid), realname: account.realname, accountNumber: account.accountNumber, remark: account.remark ?? "" }
      : { paymentId: "" },
    ...schemaValidation(schemas?.value.bankAccountSchema, schemas?.parseWithZod),
  });
  useValidateBlurred(schemas, form);
  const busy = navigation.state !== "idle" && navigation.formData?.get("formId") === id;

  return (
    <Form method="post" replace preventScrollReset {...getFormProps(form)} noValidate aria-describedby={form.errors ? form.errorId : undefined} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value={SAVE_INTENT} />
      <input type="hidden" name="formId" value={id} />
      {account ? <input type="hidden" name="id" value={account.id} /> : null}
      <SelectField {...fieldProps(fields.paymentId)} key={fields.paymentId.key} label="Bank">
        <option value="">Choose your bank</option>
        {types.map((t) => (
          <option key={t.id} value={t.id}>
            {t.nameEn}
          </option>
        ))}
      </SelectField>
      <Field {...fieldProps(fields.realname)} key={fields.realname.key} label="Real name" autoComplete="name" maxLength={REAL_NAME_MAX} />
      <Field
        {...fieldProps(fields.accountNumber)}
        key={fields.accountNumber.key}
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={ACCOUNT_NUMBER_MAX}
        inputClassName="num"
      />
      <TextAreaField {...fieldProps(fields.remark)} key={fields.remark.key} label="Note (optional)" rows={2} maxLength={BANK_NOTE_MAX} hint={`At most ${BANK_NOTE_MAX} characters.`} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to={cancelHref ?? "."} replace preventScrollReset className={buttonClasses({ variant: "secondary" })}>
            Cancel
          </Link>
        )}
        <Button type="submit" busy={busy}>
          {account ? "Save" : "Add"}
        </Button>
      </div>
    </Form>
  );
}
