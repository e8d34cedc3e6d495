/**
 * /security/{label} for a tab without a route of its own yet: "Coming soon." under the tab bar.
 * An unknown label goes to the default tab.
 */
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { useLoaderData } from "@remix-run/react";
import { DEFAULT_SECURITY_LABEL, SECURITY_TABS, isSecurityLabel, securityTitle } from "~/components/identity/security-tabs";

export async function loader({ params }: LoaderFunctionArgs) {
  const label = params.label;
  if (!isSecurityLabel(label)) throw redirect(`/security/${DEFAULT_SECURITY_LABEL}`);
  return json({ label });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? securityTitle(data.label) : "Security | GiftMarket" }];

export default function ComingSoonTab() {
  const { label } = useLoaderData<typeof loader>();
  const title = SECURITY_TABS.find((t) => t.label === label)?.title;
  return (
    <section aria-labelledby="soon-title" className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
      <h2 id="soon-title" className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-600">Coming soon.</p>
    </section>
  );
}
