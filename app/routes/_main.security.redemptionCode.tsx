/**
 * /security/redemptionCode: redeem a 10-character code (docs/product/validation.md, ADR 0019). The credit (coins to
 * the available balance with an Income bill, or VIP points) is said in the toast on the way back.
 */
import { json, type ActionFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { useActionData } from "@remix-run/react";
import { REDEMPTION_CODE_LENGTH } from "../../contract/constants";
import { redirectWithToast, requireApi, signedInPageLoader } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { parseWithZod, redemptionSchema } from "~/services/forms/schemas.server";
import { formatCoins, formatWealth } from "~/services/money/format";
import { AuthFormFrame } from "~/components/auth/AuthForm";
import { FormField } from "~/components/ui/FormParts";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { SecurityCard } from "~/components/identity/SecurityStep";
import { securityTitle } from "~/components/identity/security-tabs";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

const HERE = "/security/redemptionCode";

export const meta: MetaFunction = () => [{ title: securityTitle("redemptionCode") }];

export const loader = signedInPageLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  const submission = parseWithZod(form, { schema: redemptionSchema });
  if (submission.status !== "success") return json({ result: submission.reply() });
  const r = await api.call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: submission.value.redemptionCode });
  // The form's one field: every refusal is about the code, so it shows there (ADR 0061).
  if (!r.ok) return json({ result: submission.reply({ fieldErrors: { redemptionCode: [r.msg] } }) });
  const credited = r.data.kind === "points" ? `${formatWealth(r.data.amount)} VIP points` : `${formatCoins(r.data.amount)} coins`;
  return redirectWithToast(api.session, HERE, `Success: ${credited} credited.`);
}

export default function RedemptionCodeTab() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm("redemption", () => import("~/services/forms/security.schema").then((m) => m.redemptionSchema), actionData ?? undefined);
  return (
    <SecurityCard title="Redemption Code">
      <p className="mb-3 text-sm text-gray-700">Type the 10-character code you were given. Its coins or VIP points are credited at once; each code works once.</p>
      <AuthFormFrame form={form} submitLabel="Confirm" action={HERE}>
        <FormField
          field={fields.redemptionCode}
          label="Redemption Code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={REDEMPTION_CODE_LENGTH + 4}
          inputClassName="uppercase tracking-widest"
        />
      </AuthFormFrame>
    </SecurityCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to redeem a code." />;
}
