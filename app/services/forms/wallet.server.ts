/**
 * The bank-account form's two steps in the /security/bankAccount action (ADR 0053): the fields
 * checked with the banks' codes, then Continue looks the account up (resolveAccount) and answers
 * the bank's name for it; Confirm saves (addPayment or updatePayment, which look it up again). A
 * Confirm whose fields are not the ones looked up is a new look-up, never a save. With two-factor
 * on, the save carries its code (ADR 0057); a refused code is asked again beside the name, looked up anew.
 */
import { parseWithZod } from "@conform-to/zod";
import { bankAccountFieldOf } from "../../../contract/bank-accounts";
import type { Api } from "~/services/kit/caller.server";
import { CHECKED_FIELD, CHECK_INTENT, checkedKey, namesDiffer, type BankActionData } from "./wallet";
import { OTP_FIELD, refusalAt } from "./two-factor";
import { isSecondFactorRefusal } from "../../../contract/two-factor";
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
    return answer({ formId, result: submission.reply(field === "form" ? refusalAt(msg) : { fieldErrors: { [field]: [msg] } }) });
  };

  const key = checkedKey(v);
  /** The bank's name for what the form holds, to confirm; `codeRefused` puts a refused code's message beside its field. */
  const lookUp = async (codeRefused?: string) => {
    const r = await api.call("/userPayment/resolveAccount", { paymentId: v.paymentId, accountNumber: v.accountNumber, realname: v.realname, id: v.id });
    if (!r.ok) return refused(r.msg);
    const { accountName, accountNumber } = r.data;
    const bankName = types.data.paymentType.find((t) => t.id === v.paymentId)?.nameEn ?? "";
    const result = submission.reply(codeRefused ? { fieldErrors: { [OTP_FIELD]: [codeRefused] }, hideFields: [OTP_FIELD] } : { hideFields: [OTP_FIELD] });
    return answer({ formId, result, resolved: { key, accountName, accountNumber, bankName, differs: namesDiffer(v.realname, accountName) } });
  };
  if (intent === CHECK_INTENT || formData.get(CHECKED_FIELD) !== key) return lookUp();
  const userPayment = { realname: v.realname, accountNumber: v.accountNumber, remark: v.remark };
  const otp = String(formData.get(OTP_FIELD) ?? "") || undefined;
  const r = v.id
    ? await api.call("/userPayment/updatePayment", { paymentId: v.paymentId, userPayment: { ...userPayment, id: v.id }, otp })
    : await api.call("/userPayment/addPayment", { paymentId: v.paymentId, userPayment, otp });
  if (r.ok) return { saved: true };
  return isSecondFactorRefusal(r.msg) ? lookUp(r.msg) : refused(r.msg);
}
