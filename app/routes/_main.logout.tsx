/**
 * Sign out (docs/product/screens.md, docs/product/statuses.md). GET: the confirmation page for browsers without
 * JavaScript ('Confirm to Sign out ?', Confirm posts, Cancel goes back home).
 * POST: ends the session at the backend, drops token and profile from the
 * session cookie (the channel stays) and goes to /home.
 */
import { redirect, type ActionFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { Link, useNavigation } from "@remix-run/react";
import { SIGN_OUT_QUESTION } from "~/components/layout/UserMenu";
import { Button, buttonClasses } from "~/components/ui";
import { apiFor } from "~/services/kit/caller.server";
import { signOutSession } from "~/session.server";
import { sessionHeaders } from "~/services/kit/api.server";
import { Form } from "~/components/ui/Form";

export const meta: MetaFunction = () => [{ title: "Sign out | GiftMarket" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  if (api.signedIn) {
    const result = await api.call("/userAuth/logout");
    if (!result.ok) console.warn(`logout at the backend failed: ${result.msg}`);
  }
  signOutSession(api.session);
  return redirect("/home", { headers: await sessionHeaders(api) });
}

export default function Logout() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <section
      aria-labelledby="logout-title"
      className="mx-auto mt-6 max-w-sm rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200"
    >
      <h1 id="logout-title" className="text-lg font-semibold text-gray-900">
        {SIGN_OUT_QUESTION}
      </h1>
      <Form method="post" action="/logout" className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Link to="/home" className={buttonClasses({ variant: "secondary" })}>
          Cancel
        </Link>
        <Button type="submit" variant="danger" busy={busy}>
          Confirm
        </Button>
      </Form>
    </section>
  );
}
