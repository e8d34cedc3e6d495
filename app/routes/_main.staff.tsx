/**
 * /staff/*: the staff desk's frame (ADR 0034, 0035). Administrators only: anyone else
 * gets the unknown-path answer (requireDesk). The tabs carry the size of each queue.
 */
import { Outlet, useLoaderData } from "@remix-run/react";
import { StaffNav } from "~/components/staff/StaffNav";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { staffApi } from "~/services/staff/staff.server";

export const meta: MetaFunction = () => [{ title: "Staff desk | GiftMarket" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const counts = await api.call("/admin/desk/counts", {});
  return json({ counts: counts.ok ? counts.data : null }, { headers: NO_STORE });
}

export default function StaffLayout() {
  const { counts } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Staff desk</h1>
      <StaffNav counts={counts} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
