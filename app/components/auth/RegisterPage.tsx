/**
 * The registration screen, rendered by /register and by /register/{inviteCode}
 * (the invitation code then comes prefilled and read-only). Loader data comes
 * from the /register route (the parent of both); action data from the route
 * that renders this (each of the two has the same action).
 */
import { useActionData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import type { SerializeFrom } from "~/services/kit/http.server";
import { INPUT_LIMITS, LoginType, tabType } from "~/services/forms/auth";
import type { RegisterAction, RegisterLoader } from "~/services/forms/auth.server";
import { useAuthForm } from "./AuthForm";
import { FormField } from "~/components/ui/FormParts";
import { ContactCodeCard } from "./ContactCodePasswordFields";

export const REGISTER_ROUTE_ID = "routes/_main.register";

export function RegisterPage() {
  const data = useRouteLoaderData(REGISTER_ROUTE_ID) as SerializeFrom<RegisterLoader>;
  const [params] = useSearchParams();
  const type = tabType(params.get("tab"));
  return <RegisterForm key={type} type={type} data={data} />;
}

function RegisterForm({ type, data }: { type: LoginType; data: SerializeFrom<RegisterLoader> }) {
  const actionData = useActionData<RegisterAction>();
  const urlInviteCode = data.inviteCode;
  const [form, fields] = useAuthForm(`register-${type}`, () => import("~/services/forms/auth.schema").then((m) => m.registerSchema), actionData, { type, inviteCode: urlInviteCode ?? undefined });

  return (
    <ContactCodeCard
      kind="register"
      form={form}
      fields={fields}
      type={type}
      data={data}
      sendCode={actionData?.sendCode}
      beforePassword={
        <FormField
          field={fields.nickname}
          label="Nickname"
          autoComplete="nickname"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
        />
      }
      after={
        <FormField
          field={fields.inviteCode}
          {...(urlInviteCode ? { defaultValue: urlInviteCode, readOnly: true } : null)}
          label="Invitation Code (optional)"
          hint={urlInviteCode ? "From your invitation link." : undefined}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={INPUT_LIMITS.inviteCode}
          inputClassName="read-only:bg-gray-100 read-only:text-gray-700"
        />
      }
    />
  );
}
