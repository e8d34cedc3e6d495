/**
 * /security/bindMobile and /security/bindEmail (docs/product/screens.md, docs/product/validation.md): an intro that shows what is bound now,
 * then (?step=form) the new contact, the BIND code sent to it with its 60 s "Send code", and the
 * trade password. Without a trade password the intro sends the user to set one first.
 */
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { SerializeFrom } from "~/services/kit/http.server";
import type { BindAction, BindLoader } from "~/services/forms/bind.server";
import { LoginType } from "~/services/forms/auth";
import { AuthFormFrame, ContactFields } from "~/components/auth/AuthForm";
import { CodeField } from "~/components/auth/CodeField";
import { useContactValidator } from "~/components/auth/useContactValidator";
import { Field } from "~/components/ui";
import { fieldProps } from "~/components/ui/FormParts";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { SecurityCard, SecurityIntro, onFormStep } from "./SecurityStep";
import { FORM_STEP } from "./security-tabs";

const WORDS = {
  [LoginType.Mobile]: { label: "bindMobile", title: "Bind Mobile", thing: "mobile number", verb: "Sign in and get codes by SMS.", taken: "A mobile number that another account uses cannot be bound." },
  [LoginType.Email]: { label: "bindEmail", title: "Bind Email", thing: "e-mail address", verb: "Sign in and get codes by e-mail.", taken: "An e-mail address that another account uses cannot be bound." },
} as const;

export function BindContactTab() {
  const data = useLoaderData<BindLoader>() as SerializeFrom<BindLoader>;
  const actionData = useActionData<BindAction>();
  const [params] = useSearchParams();
  const w = WORDS[data.type];
  if (!data.hasTradePwd)
    return (
      <SecurityCard title={w.title}>
        <p className="text-sm text-gray-700" data-testid="bind-needs-trade-password">
          {data.current ? `Your ${w.thing} is ${data.current}. ` : ""}Binding a {w.thing} asks for your trade password.{" "}
          <Link to="/security/tradePassword" className="font-medium text-brand-700 underline underline-offset-2">
            Set a trade password first
          </Link>
          .
        </p>
      </SecurityCard>
    );
  if (!actionData && !onFormStep(params))
    return (
      <SecurityIntro
        title={w.title}
        label={w.label}
        points={[
          data.current ? `Your bound ${w.thing}: ${data.current}. You can change it here.` : `You have no ${w.thing} bound yet. ${w.verb}`,
          `A code goes to the new ${w.thing}; type it with your trade password.`,
          w.taken,
        ]}
      />
    );
  return <BindForm data={data} />;
}

function BindForm({ data }: { data: SerializeFrom<BindLoader> }) {
  const actionData = useActionData<BindAction>();
  const w = WORDS[data.type];
  const [form, fields] = useSchemaForm(`bind-${data.type}`, () => import("~/services/forms/security.schema").then((m) => m.bindContactSchema), actionData ?? undefined, { type: data.type, interCode: "234" });
  const validateContact = useContactValidator(form, data.type);
  return (
    <SecurityCard title={data.current ? `Change ${w.title.replace("Bind ", "")}` : w.title}>
      <AuthFormFrame form={form} submitLabel="Confirm" action={`/security/${w.label}?step=${FORM_STEP}`}>
        <ContactFields type={data.type} email={fields.email} interCode={fields.interCode} mobile={fields.mobile} countries={data.countries} />
        <CodeField field={fields.code} form={form} cooldown={data.cooldown} sendCode={actionData?.sendCode} validate={validateContact} />
        <Field key={fields.tradePwd.key} {...fieldProps(fields.tradePwd)} label="Trade Password" type="password" inputMode="numeric" autoComplete="off" maxLength={6} />
      </AuthFormFrame>
    </SecurityCard>
  );
}
