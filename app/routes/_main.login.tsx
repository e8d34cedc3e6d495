/**
 * /login (also /Login: routes match case-insensitively). Tabs Email Login and
 * Mobile Login are links (?tab=mobile), so they work without JavaScript.
 * Success: token and profile snapshot into the session, the arrival channel
 * remarked, a 'Success' toast, then back to ?redirectTo (same-site) or /home.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthCard, ContactFields, DefaultSubmit, FormError, fieldProps, useSubmitting } from "~/components/auth/AuthForm";
import { Button, Field, Tabs } from "~/components/ui";
import { apiFor } from "~/services/api.server";
import { DEFAULT_INTER_CODE, HIDDEN_FIELDS, INPUT_LIMITS, LoginType, loginName, loginSchema, tabType } from "~/services/forms/auth";
import { SUCCESS, loadCountries, redirectSignedIn, sessionHeaders } from "~/services/forms/auth.server";
import { flashToast, safeRedirect } from "~/session.server";

export const meta: MetaFunction = () => [{ title: "Sign In — GiftMarket" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  redirectSignedIn(api);
  return json({ countries: await loadCountries(api) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: HIDDEN_FIELDS }) });

  const v = submission.value;
  const api = await apiFor(request, context);
  const failed = (msg: string) => json({ result: submission.reply({ formErrors: [msg], hideFields: HIDDEN_FIELDS }) });

  const login = await api.call("/userAuth/login", { loginName: loginName(v), loginPwd: v.loginPwd, type: v.type });
  if (!login.ok) return failed(login.msg);
  const token = login.data.token;

  const info = await api.call("/userInfo/getProfileInfo", undefined, { token });
  if (!info.ok) return failed(info.msg);
  const { nickname, avatar, isBusiness, level } = info.data.profile;

  api.session.set("token", token);
  api.session.set("profile", { nickname, avatar, isBusiness, level });
  const channel = api.session.get("channel");
  if (channel) await api.call("/userRemark/addUserRemark", { remark: channel }, { token });
  flashToast(api.session, SUCCESS);
  return redirect(safeRedirect(v.redirectTo), { headers: await sessionHeaders(api) });
}

export default function LoginPage() {
  const { countries } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const type = tabType(params.get("tab"));
  return <LoginForm key={type} type={type} countries={countries} redirectTo={params.get("redirectTo")} />;
}

function tabLink(tab: "email" | "mobile", redirectTo: string | null) {
  const search = new URLSearchParams();
  if (tab === "mobile") search.set("tab", "mobile");
  if (redirectTo) search.set("redirectTo", redirectTo);
  const s = search.toString();
  return { search: s ? `?${s}` : "" };
}

function LoginForm({
  type,
  countries,
  redirectTo,
}: {
  type: LoginType;
  countries: Array<{ nameEn: string; interCode: string }>;
  redirectTo: string | null;
}) {
  const actionData = useActionData<typeof action>();
  const submitting = useSubmitting();
  const [form, fields] = useForm({
    id: `login-${type}`,
    lastResult: actionData?.result,
    defaultValue: { type, interCode: DEFAULT_INTER_CODE },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <AuthCard
      title="Sign In"
      footer={
        <>
          New here?{" "}
          <Link to="/register" className="font-medium text-brand-700 underline underline-offset-2">
            Create Account
          </Link>
        </>
      }
    >
      <Tabs
        label="Sign in with"
        fill
        replace
        className="mb-4"
        tabs={[
          { key: "email", to: tabLink("email", redirectTo), label: "Email Login", current: type === LoginType.Email },
          { key: "mobile", to: tabLink("mobile", redirectTo), label: "Mobile Login", current: type === LoginType.Mobile },
        ]}
      />
      <Form method="post" {...getFormProps(form)} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
        <DefaultSubmit />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <ContactFields
          type={type}
          email={fields.email}
          interCode={fields.interCode}
          mobile={fields.mobile}
          countries={countries}
          emailAutoComplete="username"
        />
        <Field
          key={fields.loginPwd.key}
          {...fieldProps(fields.loginPwd)}
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={INPUT_LIMITS.password}
        />
        <div className="-mt-1 mb-2 flex justify-end">
          <Link to="/forgot" className="py-1 text-sm font-medium text-brand-700 underline underline-offset-2">
            Forgot Password?
          </Link>
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <Button type="submit" name="intent" value="submit" fullWidth size="lg" busy={submitting}>
          Sign In
        </Button>
      </Form>
    </AuthCard>
  );
}
