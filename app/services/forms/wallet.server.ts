/**
 * The bank-account form's two steps in the /security/bankAccount action (ADR 0053): the fields
 * checked with the banks' codes, then Continue looks the account up (resolveAccount) and answers
 * the bank's name for it; Confirm saves (addPayment or updatePayment, which look it up again). A
 * Confirm whose fields are not the ones looked up is a new look-up, never a save.
 */
import { parseWithZod } from "@conform-to/zod";
import { bankAccountFieldOf } from "../../../contract/bank-accounts";
import type { Api } from "~/services/api.server";
import { CHECKED_FIELD, CHECK_INTENT, checkedKey, namesDiffer, type BankActionData } from "./wallet";
import { bankAccountSchema } from "./wallet.schema";

/** `saved`, or what the page shows next: the form's errors, or the name to confirm. */
export async function bankAccountStep(api: Api, formData: FormData, intent: string): Promise<{ saved: true } | { saved: false; data: BankActionData }> {
  const answer = (data: Omit<BankActionData, "error">) => ({ saved: false as const, data: { ...data, error: null } });
  const formId = String(formData.get("formId") ?? "");
  // The banks' codes check the number before anything is looked up.
  const types = await api.call("/userPayment/getPaymentType");
  if (!types.ok) return { saved: false, data: { formId: null, result: null, error: types.msg } };
  const submission = parseWithZod(formData, { schema: bankAccountSchema(types.data.paymentType) });
  if (submission.status !== "success") return answer({ formId, result: submission.reply() });
  const v = submission.value;
  // The backend's refusal beside the field it is about, as the browser's own check would put it.
  const refused = (msg: string) => {
    const field = bankAccountFieldOf(msg);
    return answer({ formId, result: submission.reply(field === "form" ? { formErrors: [msg] } : { fieldErrors: { [field]: [msg] } }) });
  };

  const key = checkedKey(v);
  if (intent === CHECK_INTENT || formData.get(CHECKED_FIELD) !== key) {
    const r = await api.call("/userPayment/resolveAccount", { paymentId: v.paymentId, accountNumber: v.accountNumber, realname: v.realname, id: v.id });
    if (!r.ok) return refused(r.msg);
    const { accountName, accountNumber } = r.data;
    const bankName = types.data.paymentType.find((t) => t.id === v.paymentId)?.nameEn ?? "";
    return answer({ formId, result: submission.reply(), resolved: { key, accountName, accountNumber, bankName, differs: namesDiffer(v.realname, accountName) } });
  }
  const userPayment = { realname: v.realname, accountNumber: v.accountNumber, remark: v.remark };
  const r = v.id
    ? await api.call("/userPayment/updatePayment", { paymentId: v.paymentId, userPayment: { ...userPayment, id: v.id } })
    : await api.call("/userPayment/addPayment", { paymentId: v.paymentId, userPayment });
  return r.ok ? { saved: true } : refused(r.msg);
}
